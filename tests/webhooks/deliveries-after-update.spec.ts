/**
 * Deliveries after Update Webhook: a webhook's life, walked. A webhook is registered at the test's inbox,
 * then updated one field at a time (`deliveries.walk`), each step a row of the test's table: the step, the
 * change sent, what the webhook then is. After each step a product write is made, and its deliveries are
 * judged against the webhook as it then stands, as the target answered the update. Each rule has its own
 * test, its own webhook and its own walk, of the steps that change what the rule reads.
 *
 * A step sending a value whose acceptance the spec does not state (status 0, PUT, PATCH, a secret on
 * update) and that the target refuses does not apply to it: the step is skipped, saying so, and the walk
 * goes on from the webhook as it stands; a walk with no step applying is not applicable. Where a step
 * expects no delivery, a delivery that must come in the same step (at a sibling webhook) comes first, then
 * the walked webhook is watched for five times its latency (`graceAfter`).
 */
import { cites, dependsOn, expect, test } from '../../fixtures/index.ts';
import {
  aboutProduct,
  deliveriesUnobservable,
  DELIVERIES_UNOBSERVABLE,
  fromNow,
  graceAfter,
  matching,
  namesOnlyAnotherEvent,
  namingEvent,
  signatureOf,
  signatureScheme,
  stepNotApplicable,
  type WebhookNow,
} from '../../fixtures/deliveries.ts';

/** The same url, once both are read as URLs (a target may answer it normalised: a trailing slash, a lower-case host). */
const sameUrl = (a: string, b: string) => URL.canParse(a) && URL.canParse(b) && new URL(a).href === new URL(b).href;

test.describe('Webhook deliveries after Update Webhook', () => {
  test.skip(({ config }) => deliveriesUnobservable(config) !== undefined, DELIVERIES_UNOBSERVABLE);

  // The longest walks first (each waits for a delivery that must not come), so that the last to start is a short one.
  test(
    'do not notify a webhook the update switched to status 0, and notify it again once switched back to 1',
    cites('updateWebhook', 'webhook.delivery-status-off').on({
      event: 'product.updated',
      step: ['switched off', 'switched on again'],
      value: ['status 0', 'status 1'],
    }),
    async ({ deliveries, config, inbox, inboxes }) => {
      const sibling = await inboxes.open();
      const product = await deliveries.createProduct();
      const webhook = await deliveries.registerAt(inbox, { events: ['product.updated'] });
      // Always on: its delivery shows each update of the product was delivered, and how fast.
      await deliveries.registerAt(sibling, { events: ['product.updated'] });
      await deliveries.walk(webhook, [
        {
          step: 'switched off',
          change: { status: 0 },
          then: 'it is off: no delivery reaches it',
          check: async (now) => {
            if (now.status !== 0)
              stepNotApplicable(`the target answered status ${now.status} for an update sending status 0`);
            const later = await fromNow(inbox);
            const { product: renamed, latencyMs } = await deliveries.updateOf(product).andCatch(sibling);
            const withinMs = graceAfter(latencyMs, config.deliveryTimeoutMs);
            await test.step(`no delivery about the product reaches the webhook switched off within ${withinMs} ms`, () =>
              inbox.expectNone(later(aboutProduct(renamed)), { withinMs }));
          },
        },
        {
          step: 'switched on again',
          change: { status: 1 },
          then: 'it is on: deliveries reach it again',
          unless: (now) => (now.status === 0 ? undefined : `the webhook is not off (status ${now.status})`),
          check: async () => {
            const later = await fromNow(inbox);
            const { product: renamed } = await deliveries.updateOf(product).andCatch(sibling);
            await test.step('the delivery about the product reaches the webhook switched on again', () =>
              inbox.waitFor(later(aboutProduct(renamed)), { timeoutMs: config.deliveryTimeoutMs }));
          },
        },
      ]);
    },
  );

  test(
    'notify a webhook of an event the update added, and not of one it removed',
    cites('updateWebhook', 'webhook.delivery-subscription').on({
      event: ['product.created', 'product.updated'],
      step: ['event added', 'event removed'],
    }),
    async ({ deliveries, config, inbox, inboxes }) => {
      const sibling = await inboxes.open();
      const product = await deliveries.createProduct();
      const webhook = await deliveries.registerAt(inbox, { events: ['product.updated'] });
      // Subscribed to both throughout: its delivery shows each event happened and was delivered.
      await deliveries.registerAt(sibling, { events: ['product.updated', 'product.created'] });
      const subscribedTo = (now: WebhookNow, events: readonly string[]) => {
        const answered = [...now.events].sort();
        if (JSON.stringify(answered) !== JSON.stringify([...events].sort()))
          dependsOn(
            'update-webhook.applies-changes',
            `Update Webhook answered the events ${JSON.stringify(answered)} for an update sending ${JSON.stringify(events)}`,
          );
      };
      await deliveries.walk(webhook, [
        {
          step: 'subscribed to product.created too',
          change: { events: ['product.updated', 'product.created'] },
          then: 'the creation of a product reaches it',
          check: async (now) => {
            subscribedTo(now, ['product.updated', 'product.created']);
            const later = await fromNow(inbox);
            const write = await deliveries.writeOf({ event: 'product.created', kind: 'service' });
            const { product: created } = await write.andCatch(sibling);
            // A target may also emit product.updated as it finishes a create: that one proves nothing of the added event.
            const about = aboutProduct(created);
            const ofTheCreation = matching(
              `${about.description}, not naming only an event other than product.created`,
              (d) => about.test(d) && !namesOnlyAnotherEvent(d, 'product.created'),
            );
            await test.step('the delivery of the product created reaches the webhook subscribed to product.created by the update', () =>
              inbox.waitFor(later(ofTheCreation), { timeoutMs: config.deliveryTimeoutMs }));
          },
        },
        {
          step: 'unsubscribed from product.updated',
          change: { events: ['product.created'] },
          then: 'the update of a product no longer reaches it',
          check: async (now) => {
            subscribedTo(now, ['product.created']);
            const later = await fromNow(inbox);
            const { product: renamed, latencyMs } = await deliveries.updateOf(product).andCatch(sibling);
            const withinMs = graceAfter(latencyMs, config.deliveryTimeoutMs);
            await test.step(`no delivery naming product.updated about the product reaches the webhook the update unsubscribed from it, within ${withinMs} ms`, () =>
              inbox.expectNone(later(namingEvent(renamed, 'product.updated')), { withinMs }));
          },
        },
      ]);
    },
  );

  test(
    'go to the url the update set, and no longer to the one it left',
    cites('updateWebhook', 'webhook.delivery-destination').on({ event: 'product.updated', step: 'url changed' }),
    async ({ deliveries, config, inbox, inboxes }) => {
      const moved = await inboxes.open();
      const product = await deliveries.createProduct();
      const webhook = await deliveries.registerAt(inbox, { events: ['product.updated'] });
      await deliveries.walk(webhook, [
        {
          step: 'moved to another url',
          change: { url: moved.url },
          then: 'deliveries reach the new url, and none the old one',
          check: async (now) => {
            if (!sameUrl(now.url, moved.url))
              dependsOn(
                'update-webhook.applies-changes',
                `Update Webhook answered another url than the one sent: ${now.url}`,
              );
            const left = await fromNow(inbox);
            const { product: renamed, latencyMs } = await deliveries.updateOf(product).andCatch(moved, 'fail');
            const withinMs = graceAfter(latencyMs, config.deliveryTimeoutMs);
            await test.step(`no delivery about the product reaches the url the webhook left, within ${withinMs} ms`, () =>
              inbox.expectNone(left(aboutProduct(renamed)), { withinMs }));
          },
        },
      ]);
    },
  );

  test(
    'use the method_type the update set, PUT then PATCH, where the target takes it',
    cites('updateWebhook', 'webhook.delivery-method').on({
      event: 'product.updated',
      step: 'method changed',
      value: ['method_type PUT', 'method_type PATCH'],
    }),
    async ({ deliveries, inbox }) => {
      const product = await deliveries.createProduct();
      const webhook = await deliveries.registerAt(inbox, { events: ['product.updated'], method_type: 'POST' });
      // The delivery about the product alone: the inbox also gets other tests' updates, and one of them sent before
      // the webhook's update was answered may well use the method the webhook had then.
      const deliversWithItsMethod = async (now: WebhookNow) => {
        const { delivery } = await deliveries.updateOf(product).andCatch(inbox);
        // HTTP methods are upper-case tokens, whatever the case method_type is answered in.
        expect(
          delivery.method,
          `the method of the delivery of the product's update, to the webhook whose method_type is now ${now.method_type} (as Update Webhook answered it): ${delivery.describe()}`,
        ).toBe(now.method_type.toUpperCase());
      };
      await deliveries.walk(webhook, [
        {
          step: 'switched to PUT',
          change: { method_type: 'PUT' },
          then: 'its deliveries are PUT requests',
          check: deliversWithItsMethod,
        },
        {
          step: 'switched to PATCH',
          change: { method_type: 'PATCH' },
          then: 'its deliveries are PATCH requests',
          check: deliversWithItsMethod,
        },
      ]);
    },
  );

  test(
    'carry a signature that verifies with the secret the webhook has now: after an update without a secret, and one with a new secret where the target takes it',
    cites('updateWebhook', 'webhook.delivery-signature').on({ event: 'product.updated', step: 'secret changed' }),
    async ({ deliveries, make, config, inbox }) => {
      const signature = signatureScheme(config);
      const product = await deliveries.createProduct();
      const webhook = await deliveries.registerAt(inbox, { events: ['product.updated'], secret: make.secret() });
      const signedWithItsSecret = async ({ secret }: WebhookNow) => {
        if (!secret)
          dependsOn('register-webhook.data', 'the registration answered no plain_secret to verify the signature with');
        const { delivery } = await deliveries.updateOf(product).andCatch(inbox);
        const verification = signatureOf(signature, secret, delivery);
        expect(
          verification.verified,
          `signature of the delivery of the product's update under WEBHOOK_SIGNATURE_SCHEME=${signature.scheme}, against the webhook's secret now (${secret.length} characters): ${verification.verified ? verification.how : verification.reason}`,
        ).toBe(true);
      };
      await deliveries.walk(webhook, [
        {
          step: 'renamed',
          change: { name: `${webhook.sent.name} renamed` },
          then: 'it keeps the secret it was registered with',
          check: signedWithItsSecret,
        },
        {
          step: 'given a new secret',
          change: { secret: make.secret() },
          then: 'its deliveries are signed with the new secret',
          check: signedWithItsSecret,
        },
      ]);
    },
  );
});
