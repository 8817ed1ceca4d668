/**
 * Deliveries, caught by the run's capture server. Each test registers its webhooks at its own inboxes
 * and waits for the delivery about a product it created itself (the `deliveries` fixture). Only
 * the destination tests fail when nothing arrives; the others judge something about a delivery, and
 * without one they are not judged (they depend on webhook.delivery-destination). Every delivery test
 * records its API-call-to-arrival time (`delivery-latency-ms`).
 */
import { cites, dependsOn, expect, test } from '../../fixtures/index.ts';
import {
  aboutProduct,
  deliveriesUnobservable,
  deliveryMatching,
  pathsNamingId,
  placesNamingEvent,
  REMOTE_WITHOUT_PUBLIC_URL,
  verifySignature,
} from '../../fixtures/steps/deliveries.ts';

/** A JSON media type: application/json, or a structured +json type; parameters (charset) allowed. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * How long a webhook that should not be notified is watched, after the subscribed one was: five
 * times the delivery latency just observed (at least 250 ms, for a target whose deliveries leave one
 * by one), within DELIVERY_TIMEOUT_MS. Both deliveries would leave the target together, so this is
 * ample without a fixed sleep; a target that delivers every event to every webhook shows within it.
 */
const graceAfter = (latencyMs: number, timeoutMs: number) =>
  Math.round(Math.min(timeoutMs, Math.max(250, 5 * latencyMs)));

test.describe('Webhook deliveries', () => {
  test.skip(({ config }) => deliveriesUnobservable(config) !== undefined, REMOTE_WITHOUT_PUBLIC_URL);

  test(
    'notify a webhook subscribed to product.created when a product is created',
    cites('registerWebhook', 'webhook.delivery-destination'),
    async ({ deliveries, inbox }) => {
      await deliveries.registerAt(inbox, { events: ['product.created'] });
      await deliveries.createProductAndCatch(inbox, 'fail');
    },
  );

  test(
    'notify a webhook subscribed to product.updated when a service product is updated',
    cites('registerWebhook', 'webhook.delivery-destination'),
    async ({ deliveries, inbox }) => {
      const product = await deliveries.createProduct();
      await deliveries.registerAt(inbox, { events: ['product.updated'] });
      await deliveries.updateProductAndCatch(inbox, product, 'fail');
    },
  );

  test(
    'use the method_type POST the webhook was registered with',
    cites('registerWebhook', 'webhook.delivery-method'),
    async ({ deliveries, inbox }) => {
      await deliveries.registerAt(inbox, { events: ['product.created'], method_type: 'POST' });
      // Every delivery at the inbox is this webhook's, whatever its body says (or does not: a GET may carry
      // its payload anywhere, or none), so each one shows the method.
      const received = await deliveries.createProductAndCollect(
        inbox,
        deliveryMatching('any delivery not sent with POST', (d) => d.method !== 'POST'),
      );
      expect(
        received.filter((d) => d.method !== 'POST').map((d) => d.describe()),
        `deliveries not sent with POST, of the ${received.length} at the inbox of the webhook registered with method_type POST (the only webhook there)`,
      ).toEqual([]);
    },
  );

  test(
    'carry a JSON body with a JSON content type',
    cites('registerWebhook', 'webhook.delivery-json'),
    async ({ deliveries, inbox }) => {
      await deliveries.registerAt(inbox, { events: ['product.created'] });
      const { delivery } = await deliveries.createProductAndCatch(inbox);
      expect(delivery.contentType, 'content-type of the delivery').toMatch(JSON_MEDIA_TYPE);
      expect(delivery.json() !== undefined, `the delivery body parses as JSON: ${delivery.describe()}`).toBe(true);
    },
  );

  test(
    'name their event and the product id',
    cites('registerWebhook', 'webhook.delivery-names-event'),
    async ({ deliveries, inbox }) => {
      await deliveries.registerAt(inbox, { events: ['product.created'] });
      const { delivery, product } = await deliveries.createProductAndCatch(inbox);
      expect(
        placesNamingEvent(delivery, 'product.created'),
        `places naming "product.created" (a header, or a string in the body): ${delivery.describe()}`,
      ).not.toEqual([]);
      expect(
        pathsNamingId(delivery.json(), product.id),
        `places in the body naming product ${product.id} (id, identifier or product_id)`,
      ).not.toEqual([]);
    },
  );

  test(
    'carry a signature that verifies against plain_secret over the raw body',
    cites('registerWebhook', 'webhook.delivery-signature'),
    async ({ deliveries, make, config, inbox }) => {
      const signature = config.signature;
      if (signature === undefined || signature.scheme === 'none') {
        test.skip(
          true,
          signature === undefined
            ? 'WEBHOOK_SIGNATURE_SCHEME is unset: set it to how the target signs deliveries (none, standard-webhooks or hmac-sha256)'
            : 'WEBHOOK_SIGNATURE_SCHEME=none: the target is configured as not signing deliveries',
        );
        // test.skip(true) ends the test; were it ever to return, this fails rather than pass.
        throw new Error('test.skip() returned');
      }
      // Verified against the secret the registration answered with: whether it is the one supplied is register-webhook.secret-echo.
      const { plainSecret: secret } = await deliveries.registerAt(inbox, {
        events: ['product.created'],
        secret: make.secret(),
      });
      if (!secret)
        dependsOn('register-webhook.data', 'the registration answered no plain_secret to verify the signature with');
      const { delivery } = await deliveries.createProductAndCatch(inbox);
      const verification = verifySignature(signature, secret, delivery);
      expect(
        verification.verified,
        `signature under WEBHOOK_SIGNATURE_SCHEME=${signature.scheme}: ${verification.verified ? verification.how : verification.reason}`,
      ).toBe(true);
    },
  );

  test(
    'do not notify a webhook of an event it did not subscribe to',
    cites('registerWebhook', 'webhook.delivery-subscription'),
    async ({ deliveries, config, inbox, inboxes }) => {
      const unsubscribed = await inboxes.open();
      await deliveries.registerAt(inbox, { events: ['product.created'] });
      // Subscribed to an event a create never means: which operation emits which event is not shown (a
      // target may emit product.updated right after a create, as it attaches tags or media), but no create
      // deletes. A product event still, so a target matching subscriptions by their `product.` prefix shows.
      await deliveries.registerAt(unsubscribed, { events: ['product.deleted'] });
      // The subscribed webhook's delivery shows the event happened and how fast deliveries come.
      const { product, latencyMs } = await deliveries.createProductAndCatch(inbox);
      const withinMs = graceAfter(latencyMs, config.deliveryTimeoutMs);
      await test.step(`no delivery about the product reaches the webhook subscribed only to product.deleted within ${withinMs} ms`, () =>
        unsubscribed.expectNone(aboutProduct(product), { withinMs }));
    },
  );
});
