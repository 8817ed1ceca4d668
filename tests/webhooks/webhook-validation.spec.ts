/**
 * Bodies Register Webhook and Update Webhook must answer with 422. The spec documents 422 ("validation
 * error") for both without listing its conditions, so every case is a reading (`*.validation`,
 * @assumed), and each breaks exactly one documented rule of a valid body: a field's type, the
 * catalogue of event names, the URL the destination is, the secret length the sample indicates.
 * Values are chosen so no lenient framework coerces them into valid ones ("1" for 1, say). One line
 * per case, so a failure points at it.
 */
import {
  cites,
  expect,
  requireSuccess,
  test,
  type Make,
  type SharingTarget,
  type StoreApi,
  asSetUp,
} from '../../fixtures/index.ts';
import { notApplicableWhenUpdateRefusesSecret, webhookToUpdate } from '../../fixtures/webhooks.ts';
import type { WebhookBody } from '../../support/contract/schemas/bodies.ts';

type Change = (valid: WebhookBody, make: Make) => unknown;

/**
 * Registers (or, for update, registers then updates) with the valid body changed as `change` says, and
 * expects 422. `secretTaken`: the change is about the secret, and an update is first sent with a valid
 * one (32 letters and digits): a target that refuses `secret` on update whatever it is (secrets changed
 * only through Refresh Secret; what an update does with one is not shown) refuses the change for that,
 * not for what it breaks, and the case is not applicable to it.
 */
function answers422(
  operation: 'registerWebhook' | 'updateWebhook',
  change: Change,
  { secretTaken = false }: { secretTaken?: boolean } = {},
) {
  const clause = operation === 'registerWebhook' ? 'register-webhook.validation' : 'update-webhook.validation';
  return [
    cites(operation, clause),
    async ({ api, make, target }: { api: StoreApi; make: Make; target: SharingTarget }) => {
      // Updates go to the webhook the updates judged by their answer alone share (no read shows what one wrote).
      const identifier = operation === 'updateWebhook' ? (await webhookToUpdate(api, make, target)).id : undefined;
      if (identifier !== undefined && secretTaken) {
        const valid = make.webhook({ secret: make.secret() });
        const baseline = await test.step('the same update with a valid secret', () =>
          asSetUp(() => api.updateWebhook(identifier, valid)));
        await notApplicableWhenUpdateRefusesSecret(valid, baseline, (plain) => api.updateWebhook(identifier, plain));
        requireSuccess(baseline, 'updateWebhook', 'the same update with a valid secret');
      }
      const body = change(make.webhook(), make);
      const response = await api.send(operation, identifier === undefined ? { body } : { identifier, body });
      expect(response).toHaveStatus(422);
    },
  ] as const;
}

for (const operation of ['registerWebhook', 'updateWebhook'] as const) {
  test.describe(`${operation === 'registerWebhook' ? 'Register' : 'Update'} Webhook answers 422 to`, () => {
    test(
      'an event name that is not in the catalogue',
      ...answers422(operation, (valid) => ({ ...valid, events: ['order.created', 'product.exploded'] })),
    );
    test(
      'a secret of 31 characters (the sample indicates at least 32)',
      ...answers422(operation, (valid, make) => ({ ...valid, secret: make.secret(31) }), { secretTaken: true }),
    );
    test(
      'events as a string instead of an array',
      ...answers422(operation, (valid) => ({ ...valid, events: 'order.created' })),
    );
    test('a url that is not a URL', ...answers422(operation, (valid) => ({ ...valid, url: 'not a url' })));
    test('a status that is not an integer', ...answers422(operation, (valid) => ({ ...valid, status: 'enabled' })));
    test('a name that is not a string', ...answers422(operation, (valid) => ({ ...valid, name: 12345 })));
  });
}

// An empty update can validly be a no-op; an empty registration has no url or events to deliver anything with.
test('Register Webhook answers 422 to an empty JSON object', ...answers422('registerWebhook', () => ({})));
