// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
/**
 * Deliveries, caught by the run's capture server. Each test registers its webhooks at its own inboxes
 * and waits for the delivery about a product it created itself: other tests create products at the
 * same time, and their deliveries reach every subscribed webhook, so "a delivery arrived" alone would
 * prove nothing. Every delivery test records its API-call-to-arrival time (`delivery-latency-ms`).
 */
import { checks, expect, test } from '../../fixtures/index.ts';
import { deliveriesUnobservable, REMOTE_WITHOUT_PUBLIC_URL } from '../../support/capture/index.ts';
import { verifySignature } from '../../support/signature/index.ts';
import { pathsNamingId } from './json-search.ts';
import {
  aboutProduct,
  createdProduct,
  createProductAndCatch,
  placesNamingEvent,
  registered,
  updateProductAndCatch,
} from './steps.ts';

/** A JSON media type: application/json, or a structured +json type; parameters (charset) allowed. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * How long a webhook that should not be notified is watched, after the subscribed one was: five
 * times the delivery latency just observed (at least a second), within DELIVERY_TIMEOUT_MS. Both
 * deliveries would leave the target together, so this is ample without a fixed sleep.
 */
const graceAfter = (latencyMs: number, timeoutMs: number) =>
  Math.round(Math.min(timeoutMs, Math.max(1_000, 5 * latencyMs)));

test.describe('Webhook deliveries', () => {
  test.skip(({ config }) => deliveriesUnobservable(config) !== undefined, REMOTE_WITHOUT_PUBLIC_URL);

  test(
    'notify a webhook subscribed to product.created when a product is created',
    checks('registerWebhook', 'webhook.delivery-destination'),
    async ({ api, make, config, inbox }) => {
      await registered(api, make.webhook(inbox.url, { events: ['product.created'] }));
      await createProductAndCatch({ api, make, config }, inbox);
    },
  );

  test(
    'notify a webhook subscribed to product.updated when a service product is updated',
    checks('registerWebhook', 'webhook.delivery-destination'),
    async ({ api, make, config, inbox }) => {
      const product = await createdProduct({ api, make, config });
      await registered(api, make.webhook(inbox.url, { events: ['product.updated'] }));
      await updateProductAndCatch({ api, make, config }, inbox, product);
    },
  );

  test(
    "use the webhook's method_type",
    checks('registerWebhook', 'webhook.delivery-method', 'webhook.delivery-destination'),
    async ({ api, make, config, inbox }) => {
      const { webhook } = await registered(
        api,
        make.webhook(inbox.url, { events: ['product.created'], method_type: 'POST' }),
      );
      const { delivery } = await createProductAndCatch({ api, make, config }, inbox);
      expect(delivery.method, `method of the delivery (the webhook's method_type is ${webhook.method_type})`).toBe(
        webhook.method_type,
      );
    },
  );

  test(
    'carry a JSON body with a JSON content type',
    checks('registerWebhook', 'webhook.delivery-json', 'webhook.delivery-destination'),
    async ({ api, make, config, inbox }) => {
      await registered(api, make.webhook(inbox.url, { events: ['product.created'] }));
      const { delivery } = await createProductAndCatch({ api, make, config }, inbox);
      expect(delivery.contentType, 'content-type of the delivery').toMatch(JSON_MEDIA_TYPE);
      expect(delivery.json() !== undefined, `the delivery body parses as JSON: ${delivery.describe()}`).toBe(true);
    },
  );

  test(
    'name their event and the product id',
    checks('registerWebhook', 'webhook.delivery-names-event', 'webhook.delivery-destination'),
    async ({ api, make, config, inbox }) => {
      await registered(api, make.webhook(inbox.url, { events: ['product.created'] }));
      const { delivery, product } = await createProductAndCatch({ api, make, config }, inbox);
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
    checks('registerWebhook', 'webhook.delivery-signature', 'webhook.delivery-destination'),
    async ({ api, make, config, inbox }) => {
      const signature = config.signature;
      test.skip(
        signature === undefined,
        'WEBHOOK_SIGNATURE_SCHEME is unset: set it to how the target signs deliveries (none, standard-webhooks or hmac-sha256)',
      );
      test.skip(
        signature?.scheme === 'none',
        'WEBHOOK_SIGNATURE_SCHEME=none: the target is configured as not signing deliveries',
      );
      if (signature === undefined) return;
      const { plain_secret: secret } = await registered(
        api,
        make.webhook(inbox.url, { events: ['product.created'], secret: make.secret() }),
      );
      const { delivery } = await createProductAndCatch({ api, make, config }, inbox);
      const verification = verifySignature(signature, secret, delivery);
      expect(
        verification.verified,
        `signature under WEBHOOK_SIGNATURE_SCHEME=${signature.scheme}: ${verification.verified ? verification.how : verification.reason}`,
      ).toBe(true);
    },
  );

  test(
    'do not notify a webhook of an event it did not subscribe to',
    checks('registerWebhook', 'webhook.delivery-subscription', 'webhook.delivery-destination'),
    async ({ api, make, config, inbox, inboxes }) => {
      const unsubscribed = await inboxes.open();
      await registered(api, make.webhook(inbox.url, { events: ['product.created'] }));
      await registered(api, make.webhook(unsubscribed.url, { events: ['product.updated'] }));
      // The subscribed webhook's delivery shows the event happened and how fast deliveries come.
      const { product, latencyMs } = await createProductAndCatch({ api, make, config }, inbox);
      const withinMs = graceAfter(latencyMs, config.deliveryTimeoutMs);
      await test.step(`no delivery about the product reaches the webhook subscribed only to product.updated within ${withinMs} ms`, () =>
        unsubscribed.expectNone(aboutProduct(product), { withinMs }));
    },
  );
});
