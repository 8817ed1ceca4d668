/**
 * Deliveries, caught by the run's capture server. Each test registers its webhooks at its own inboxes
 * and waits for the delivery about a product it wrote itself (the `deliveries` fixture); those that only
 * read the delivery to a webhook of the default body share one per cause (`sharedDeliveryOf`), and those of
 * deliveries that must not come read one watch per cause (`watchOf`), each its own webhook's. Each rule is
 * judged on every delivery the suite causes (CAUSES: product.created of a booking and of a service
 * product, product.updated of a service product), one test per cause. Only the destination tests fail
 * when nothing arrives; the others judge something about a delivery, and without one they are not
 * judged (they depend on webhook.delivery-destination). Each delivery caught records its API-call-to-arrival
 * time (`delivery-latency-ms`) on the test that waited for it.
 */
import { cites, dependsOn, expect, notApplicable, test } from '../../fixtures/index.ts';
import {
  aboutProduct,
  CAUSES,
  causeInstance,
  causeTitle,
  deliveriesUnobservable,
  matching,
  describedUpdates,
  namesOnlyAnotherEvent,
  namingEvent,
  placesNamingId,
  placesNamingEvent,
  DELIVERIES_UNOBSERVABLE,
  signatureOf,
  signatureScheme,
  asRegistered,
  type Cause,
} from '../../fixtures/deliveries.ts';

/** A JSON media type: application/json, or a structured +json type; parameters (charset) allowed. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

test.describe('Webhook deliveries', () => {
  test.skip(({ config }) => deliveriesUnobservable(config) !== undefined, DELIVERIES_UNOBSERVABLE);

  // The tests of deliveries that must not come read the watch of their cause (`watchOf`): one write, watched at a webhook of each role. Every cause's watch is made at once by the first test
  // that asks, in one worker, and read by the others. The test of a second delivery of the first cause asks first,
  // declared before the quicker tests (Playwright hands tests out in declaration order): the watches run beside
  // them, and the tests declared last read them made.
  const deliveredOnce = (cause: Cause) => {
    const { event } = cause;
    test(
      `deliver an event once to a webhook that answered it with a 2xx: ${causeTitle(cause)}`,
      cites('registerWebhook', 'webhook.delivery-once').on(causeInstance(cause)),
      async ({ deliveries }) => {
        const watch = await deliveries.watchOf(cause);
        const { product, delivery } = watch;
        const subscribed = watch.at('subscribed');
        const about = aboutProduct(product);
        // Any later delivery about the product is a repeat, with the same id or another; one naming only another
        // event is the subscription's concern (webhook.delivery-subscription), not a repeat.
        const again = matching(
          `a second delivery of ${event} about product ${product.id}, after #${delivery.seq} (answered ${delivery.answeredWith})`,
          (d) => d.seq > delivery.seq && about.test(d) && !namesOnlyAnotherEvent(d, event),
        );
        expect(
          subscribed.deliveries(again).map((d) => d.describe()),
          `second deliveries of ${event} about product ${product.id} to the webhook subscribed to it, within ${subscribed.withinMs} ms of the 2xx answer to the first: ${delivery.describe()}`,
        ).toEqual([]);
      },
    );
  };
  const [firstCause, ...laterCauses] = CAUSES as [Cause, ...Cause[]];
  deliveredOnce(firstCause);

  // A webhook subscribed to several events is notified of each: one of two, one of three (the event the write
  // causes listed last, after events of other resources no test causes).
  for (const [value, events] of [
    ['two events', ['product.updated', 'product.created']],
    ['three events', ['order.created', 'product.updated', 'product.created']],
  ] as const) {
    test(
      `notify a webhook subscribed to ${value} of the one that happens: product.created of a service product`,
      cites('registerWebhook', 'webhook.delivery-destination').on({
        ...causeInstance({ event: 'product.created', kind: 'service' }),
        value,
      }),
      async ({ deliveries, inbox }) => {
        const write = await deliveries.writeOf({ event: 'product.created', kind: 'service' });
        await deliveries.registerAt(inbox, { events: [...events] });
        await write.andCatch(inbox, 'fail');
      },
    );
  }

  for (const cause of CAUSES) {
    const { event } = cause;
    const of = causeTitle(cause);
    const instance = causeInstance(cause);

    test(
      `notify a webhook subscribed to the event: ${of}`,
      cites('registerWebhook', 'webhook.delivery-destination').on(instance),
      async ({ deliveries }) => {
        // The delivery the tests that only read one share: a webhook of the default body for the event, and the write.
        await deliveries.sharedDeliveryOf(cause, 'fail');
      },
    );

    test(
      `use the method_type POST the webhook was registered with, for ${of}`,
      cites('registerWebhook', 'webhook.delivery-method').on({ ...instance, value: 'method_type POST' }),
      async ({ deliveries, inbox }) => {
        // A webhook and a write of its own, not the watch: a watch is made once a delivery about the product
        // arrives, and a GET with no payload is about nothing, yet it shows the method.
        const write = await deliveries.writeOf(cause);
        await deliveries.registerAt(inbox, { events: [event], method_type: 'POST' });
        // Every delivery at the inbox is this webhook's, whatever its body says (or does not: a GET may carry
        // its payload anywhere, or none), so each one shows the method.
        const received = await write.andCollect(
          inbox,
          matching('any delivery not sent with POST', (d) => d.method !== 'POST'),
        );
        expect(
          received.filter((d) => d.method !== 'POST').map((d) => d.describe()),
          `deliveries not sent with POST, of the ${received.length} at the inbox of the webhook registered with method_type POST (the only webhook there), after the write causing ${of}`,
        ).toEqual([]);
      },
    );

    test(
      `carry a signature that verifies against plain_secret over the raw body: ${of}`,
      cites('registerWebhook', 'webhook.delivery-signature').on(instance),
      async ({ deliveries, make, config, inbox }) => {
        const signature = signatureScheme(config);
        const write = await deliveries.writeOf(cause);
        // Verified against the secret the registration answered with: whether it is the one supplied is register-webhook.secret-echo.
        const { plainSecret: secret } = await deliveries.registerAt(inbox, { events: [event], secret: make.secret() });
        if (!secret)
          dependsOn('register-webhook.data', 'the registration answered no plain_secret to verify the signature with');
        const { delivery } = await write.andCatch(inbox);
        const verification = signatureOf(signature, secret, delivery);
        expect(
          verification.verified,
          `signature of the delivery of ${of} under WEBHOOK_SIGNATURE_SCHEME=${signature.scheme}: ${verification.verified ? verification.how : verification.reason}`,
        ).toBe(true);
      },
    );
  }

  // The values of method_type the spec does not show (it uses POST): where the target takes one, the stated rule
  // holds for it. One cause each: a method dispatched by its own branch shows on every event alike.
  const otherMethods: readonly (readonly ['PUT' | 'PATCH', Cause])[] = [
    ['PUT', { event: 'product.created', kind: 'booking' }],
    ['PATCH', { event: 'product.updated', kind: 'service' }],
  ];
  for (const [method, cause] of otherMethods) {
    test(
      `use the method_type ${method} the webhook was registered with, where the target takes it, for ${causeTitle(cause)}`,
      cites('registerWebhook', 'webhook.delivery-method').on({
        ...causeInstance(cause),
        value: `method_type ${method}`,
      }),
      async ({ deliveries, inbox }) => {
        const write = await deliveries.writeOf(cause);
        const webhook = await deliveries.registerTakingAt(
          inbox,
          { events: [cause.event], method_type: method },
          {
            what: `method_type ${method}`,
            why: 'values other than POST are not shown',
            instead: { method_type: 'POST' },
          },
        );
        // Judged against the method_type the target answered: the rule names the field, whatever it holds.
        const { method_type } = asRegistered(webhook);
        const other = (d: { method: string }) => d.method.toUpperCase() !== method_type.toUpperCase();
        const received = await write.andCollect(inbox, matching(`any delivery not sent with ${method_type}`, other));
        expect(
          received.filter(other).map((d) => d.describe()),
          `deliveries not sent with ${method_type}, of the ${received.length} at the inbox of the webhook registered with method_type ${method} and answered with ${method_type} (the only webhook there), after the write causing ${causeTitle(cause)}`,
        ).toEqual([]);
      },
    );
  }

  test(
    'carry a signature that verifies against a supplied secret of 100 characters, where the target takes it: product.updated of a service product',
    cites('registerWebhook', 'webhook.delivery-signature').on({
      ...causeInstance({ event: 'product.updated', kind: 'service' }),
      value: 'secret of 100 characters',
    }),
    async ({ deliveries, make, config, inbox }) => {
      const signature = signatureScheme(config);
      const write = await deliveries.writeOf({ event: 'product.updated', kind: 'service' });
      // Which lengths a secret may have beyond the sample's least, 32, is not shown: a target may refuse 100.
      const { plainSecret: secret } = await deliveries.registerTakingAt(
        inbox,
        { events: ['product.updated'], secret: make.secret(100) },
        {
          what: 'a secret of 100 characters',
          why: 'the lengths a secret may have are not shown',
          instead: { secret: make.secret() },
        },
      );
      if (!secret)
        dependsOn('register-webhook.data', 'the registration answered no plain_secret to verify the signature with');
      const { delivery } = await write.andCatch(inbox);
      const verification = signatureOf(signature, secret, delivery);
      expect(
        verification.verified,
        `signature of the delivery of product.updated under WEBHOOK_SIGNATURE_SCHEME=${signature.scheme}, against plain_secret of ${secret.length} characters: ${verification.verified ? verification.how : verification.reason}`,
      ).toBe(true);
    },
  );

  test(
    'describe the product as updated in product.updated',
    cites('registerWebhook', 'webhook.delivery-update-values').on(
      causeInstance({ event: 'product.updated', kind: 'service' }),
    ),
    async ({ deliveries, config, inbox }) => {
      const product = await deliveries.createProduct();
      await deliveries.registerAt(inbox, { events: ['product.updated'] });
      const observed = await deliveries.updateOf(product).andCatch(inbox);
      const { product: renamed, delivery } = observed;
      const described = await describedUpdates(inbox, product, observed, config.deliveryTimeoutMs);
      const judged = described.filter((x) => x.holds !== 'neither');
      if (judged.length === 0)
        notApplicable(
          `no delivery of product.updated about product ${product.id} holds a name of it, before or after the update (payload shapes are not shown): ${delivery.describe()}`,
        );
      const stale = judged.filter((x) => x.holds === 'old');
      expect(
        judged.filter((x) => x.holds === 'new').map((x) => x.d.describe()),
        `deliveries about product ${product.id} holding the name sent in the update, ${JSON.stringify(renamed.name)}; ` +
          `they hold the name before it, ${JSON.stringify(product.name)}, at ${stale.flatMap((x) => x.where).join(', ')}:\n` +
          stale.map((x) => `  ${x.d.describe()}`).join('\n'),
      ).not.toEqual([]);
    },
  );

  // Read last: each watch, and each shared delivery, is made by then.
  for (const cause of laterCauses) deliveredOnce(cause);

  for (const cause of CAUSES) {
    const { event } = cause;
    const of = causeTitle(cause);
    const instance = causeInstance(cause);

    test(
      `carry a JSON body with a JSON content type: ${of}`,
      cites('registerWebhook', 'webhook.delivery-json').on(instance),
      async ({ deliveries }) => {
        const { delivery } = await deliveries.sharedDeliveryOf(cause);
        expect(delivery.contentType, `content-type of the delivery of ${of}`).toMatch(JSON_MEDIA_TYPE);
        expect(delivery.json() !== undefined, `the delivery body parses as JSON: ${delivery.describe()}`).toBe(true);
      },
    );

    test(
      `name their event and the product id: ${of}`,
      cites('registerWebhook', 'webhook.delivery-names-event').on(instance),
      async ({ deliveries }) => {
        const { delivery, product } = await deliveries.sharedDeliveryOf(cause);
        expect(
          placesNamingEvent(delivery, event),
          `places naming "${event}" (a header, or a string in the body): ${delivery.describe()}`,
        ).not.toEqual([]);
        expect(
          placesNamingId(delivery, product.id),
          `places in the body naming product ${product.id} (id, identifier or product_id)`,
        ).not.toEqual([]);
      },
    );

    test(
      `do not notify a webhook of an event it did not subscribe to: ${of}`,
      cites('registerWebhook', 'webhook.delivery-subscription').on(instance),
      async ({ deliveries }) => {
        const watch = await deliveries.watchOf(cause);
        const unsubscribed = watch.at('unsubscribed');
        expect(
          unsubscribed.deliveries(aboutProduct(watch.product)).map((d) => d.describe()),
          `deliveries about product ${watch.product.id} to the webhook subscribed only to product.deleted, within ${unsubscribed.withinMs} ms of the delivery to its sibling subscribed to ${event}`,
        ).toEqual([]);
      },
    );

    test(
      `do not notify a webhook registered with status 0: ${of}`,
      cites('registerWebhook', 'webhook.delivery-status-off').on(instance),
      async ({ deliveries }) => {
        const watch = await deliveries.watchOf(cause);
        // Not applicable where the target refused status 0 or answered another status for it.
        const off = watch.at('off');
        expect(
          off.deliveries(aboutProduct(watch.product)).map((d) => d.describe()),
          `deliveries about product ${watch.product.id} to the webhook registered with status 0, within ${off.withinMs} ms of the delivery to its sibling with status 1`,
        ).toEqual([]);
      },
    );
  }

  test(
    "do not notify a webhook subscribed only to product.created of the product's update",
    cites('registerWebhook', 'webhook.delivery-subscription').on(
      causeInstance({ event: 'product.updated', kind: 'service' }),
    ),
    async ({ deliveries }) => {
      const watch = await deliveries.watchOf({ event: 'product.updated', kind: 'service' });
      const createdOnly = watch.at('otherEvent');
      expect(
        createdOnly.deliveries(namingEvent(watch.product, 'product.updated')).map((d) => d.describe()),
        `deliveries naming product.updated about product ${watch.product.id} to the webhook subscribed only to product.created, within ${createdOnly.withinMs} ms of the delivery to its sibling subscribed to product.updated`,
      ).toEqual([]);
    },
  );

  for (const kind of ['booking', 'service'] as const) {
    test(
      `do not notify a webhook subscribed only to product.updated of the product's creation: a ${kind} product`,
      cites('registerWebhook', 'webhook.delivery-subscription').on(causeInstance({ event: 'product.created', kind })),
      async ({ deliveries }) => {
        const watch = await deliveries.watchOf({ event: 'product.created', kind });
        const updatedOnly = watch.at('otherEvent');
        // A target may emit product.updated as it finishes a create (attaching tags or media): only a delivery
        // naming product.created counts.
        expect(
          updatedOnly.deliveries(namingEvent(watch.product, 'product.created')).map((d) => d.describe()),
          `deliveries naming product.created about product ${watch.product.id} to the webhook subscribed only to product.updated, within ${updatedOnly.withinMs} ms of the delivery to its sibling subscribed to product.created`,
        ).toEqual([]);
      },
    );
  }
});
