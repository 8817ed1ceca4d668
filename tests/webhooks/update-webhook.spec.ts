/** Update Webhook beyond its status, envelope and body format (tests/conventions/success-answers.spec.ts). */
import { z } from 'zod';
import {
  cites,
  dependsOn,
  expect,
  notApplicable,
  requireSuccess,
  Statuses,
  test,
  dataOf,
  expectUpdatedNotBeforeCreated,
  readData,
  asSetUp,
  type Make,
  type StoreApi,
} from '../../fixtures/index.ts';
import {
  eventNamesOf,
  eventNamesOutsideCatalogue,
  pathsHoldingSecret,
  webhookFields,
  OWN_EVENTS,
  notApplicableWhenUpdateRefusesSecret,
  readRegistration,
  registerWebhook,
  sharedUpdate,
  notApplicableWhenUnknownEventRefused,
  refusedForValuesNotShown,
  valuesNotShownOnUpdate,
} from '../../fixtures/webhooks.ts';
import { Timestamp } from '../../support/contract/schemas/common.ts';
import { RegisteredEvent, WebhookShape } from '../../support/contract/schemas/webhook.ts';

/**
 * The test details and body: an update of a webhook registered with POST and status 1, sending `change` (a
 * value whose acceptance is not shown), answers the webhook with it, where the target takes it.
 */
function changesWhenTaken(change: { readonly method_type: 'PUT' | 'PATCH' } | { readonly status: 0 }) {
  const value = 'status' in change ? 'status 0' : (`method_type ${change.method_type}` as const);
  return [
    cites('updateWebhook', 'update-webhook.applies-changes').on({
      step: 'status' in change ? 'switched off' : 'method changed',
      value,
    }),
    async ({ api, make }: { api: StoreApi; make: Make }) => {
      const { id } = await registerWebhook(api, make.webhook({ method_type: 'POST', status: 1 }));
      const response = await api.updateWebhook(id, make.webhook(change));
      // A target may refuse the value: then there is nothing to judge (the same update without it is the baseline).
      const refused = await refusedForValuesNotShown(valuesNotShownOnUpdate(change), response, () =>
        api.updateWebhook(id, make.webhook()),
      );
      if (refused !== undefined) notApplicable(refused);
      requireSuccess(response, 'updateWebhook');
      const data = webhookFields(response, 'data', ...(Object.keys(change) as ('method_type' | 'status')[]));
      expect(data, `data of ${response.describe()}`).toEqual(change);
    },
  ] as const;
}

test.describe('Update Webhook', () => {
  test(
    'takes an update subscribing a webhook to an event another webhook has, at another url',
    cites('updateWebhook', 'webhook.shared-events'),
    async ({ api, make }) => {
      // Events no other test subscribes to: both webhooks are taken, and the update without the shared event
      // too, wherever Register Webhook and Update Webhook work at all.
      const shared = [OWN_EVENTS.sharedOnUpdate];
      const own = [OWN_EVENTS.beforeSharedOnUpdate];
      const other = await asSetUp(() => api.registerWebhook(make.webhook({ events: shared })));
      const registered = await asSetUp(() => api.registerWebhook(make.webhook({ events: own })));
      for (const response of [other, registered])
        if (!response.succeeded)
          dependsOn('register-webhook.created', `a webhook of an event of its own was refused: ${response.describe()}`);
      const { id } = readRegistration(registered);
      const baseline = await test.step(`the same update but for ${shared[0]}`, () =>
        asSetUp(() => api.updateWebhook(id, make.webhook({ events: own }))));
      if (!baseline.succeeded)
        dependsOn('update-webhook.ok', `an update keeping the webhook's own event was refused: ${baseline.describe()}`);
      const response = await api.updateWebhook(id, make.webhook({ events: shared }));
      expect(
        response,
        `an update subscribing webhook ${id} to ${shared[0]}, after ${other.describe()} took another webhook of it`,
      ).toHaveStatus(Statuses.success);
    },
  );

  test(
    'never lists an event name outside the catalogue, even when sent one',
    cites('updateWebhook', 'webhook.registered-event-shape'),
    async ({ api, make }) => {
      const { id } = await registerWebhook(api, make.webhook());
      // A target may refuse the unknown name (a validation reading of its own test); one that takes it must not list it.
      const response = await api.updateWebhook(id, make.webhook({ events: ['order.created', 'product.exploded'] }));
      notApplicableWhenUnknownEventRefused(response, 'update-webhook.validation');
      const { events } = webhookFields(response, 'data', 'events');
      expect(
        eventNamesOutsideCatalogue(events),
        `event names outside the catalogue in data.events of ${response.describe()}`,
      ).toEqual([]);
    },
  );

  test(
    'answers with data = the Webhook updated, not wrapped: its id is the identifier',
    cites('updateWebhook', 'update-webhook.data-is-webhook'),
    async ({ api, make, target, release }) => {
      const { id, response } = await sharedUpdate(api, make, target, release);
      requireSuccess(response, 'updateWebhook');
      const data = readData(response, z.unknown(), 'conventions.envelope', 'data');
      expect(data, `data of ${response.describe()}`).toMatchSchema(z.looseObject({ id: z.literal(id) }));
    },
  );

  test(
    'answers the webhook with the fields and types of the Webhook resource',
    cites('updateWebhook', 'webhook.shape'),
    async ({ api, make, target, release }) => {
      const { response } = await sharedUpdate(api, make, target, release);
      requireSuccess(response, 'updateWebhook');
      expect(
        readData(response, z.unknown(), 'conventions.envelope', 'data'),
        `data of ${response.describe()}`,
      ).toMatchSchema(WebhookShape);
    },
  );

  test(
    'answers created_at and updated_at in the form YYYY-MM-DD HH:MM:SS',
    cites('updateWebhook', 'conventions.timestamps'),
    async ({ api, make, target, release }) => {
      const { response } = await sharedUpdate(api, make, target, release);
      requireSuccess(response, 'updateWebhook');
      const { created_at, updated_at } = webhookFields(response, 'data', 'created_at', 'updated_at');
      expect({ created_at, updated_at }, `data timestamps of ${response.describe()}`).toMatchSchema(
        z.object({ created_at: Timestamp, updated_at: Timestamp }),
      );
    },
  );

  test(
    'lists the events as registered events { id, event_name }, not names',
    cites('updateWebhook', 'webhook.registered-event-shape'),
    async ({ api, make }) => {
      const { id } = await registerWebhook(api, make.webhook());
      const response = await api.updateWebhook(id, make.webhook({ events: ['brand.created', 'category.updated'] }));
      requireSuccess(response, 'updateWebhook');
      const { events } = webhookFields(response, 'data', 'events');
      expect(events, `data.events of ${response.describe()}`).toMatchSchema(z.array(RegisteredEvent).min(1));
    },
  );

  test(
    'does not return the secret the webhook was registered with',
    cites('updateWebhook', 'webhook.secret-not-stored', 'auth.secret-returned-once'),
    async ({ api, make }) => {
      const secret = make.secret();
      const { id } = await registerWebhook(api, make.webhook({ secret }));
      // An update without `secret`: one every target takes, whatever it does with a secret sent on update.
      const response = await api.updateWebhook(id, make.webhook());
      requireSuccess(response, 'updateWebhook');
      dataOf(response);
      expect(
        pathsHoldingSecret(response.json(), secret, 'body'),
        'places in the answer holding the secret supplied at registration',
      ).toEqual([]);
    },
  );

  test(
    'does not return a secret sent in the update',
    cites('updateWebhook', 'webhook.secret-not-stored'),
    async ({ api, make }) => {
      const { id } = await registerWebhook(api, make.webhook());
      const secret = make.secret();
      const sent = make.webhook({ secret });
      const response = await api.updateWebhook(id, sent);
      // A target may take `secret` only through Refresh Secret: then there is no such answer to read.
      await notApplicableWhenUpdateRefusesSecret(sent, response, (plain) => api.updateWebhook(id, plain));
      requireSuccess(response, 'updateWebhook');
      dataOf(response);
      expect(
        pathsHoldingSecret(response.json(), secret, 'body'),
        'places in the answer holding the secret sent in the update',
      ).toEqual([]);
    },
  );

  test(
    'changes the name and url and replaces the events with the sent ones',
    cites('updateWebhook', 'update-webhook.applies-changes'),
    async ({ api, make }) => {
      const { id } = await registerWebhook(api, make.webhook({ events: ['order.created', 'customer.created'] }));
      const change = make.webhook({ events: ['brand.deleted', 'category.deleted'] });
      const response = await api.updateWebhook(id, change);
      requireSuccess(response, 'updateWebhook');
      const data = webhookFields(response, 'data', 'name', 'url', 'events');
      expect({ ...data, events: eventNamesOf(data.events).sort() }, `data of ${response.describe()}`).toEqual({
        name: change.name,
        url: change.url,
        events: [...change.events].sort(),
      });
    },
  );

  // Values the spec does not show taken, one test each: a target taking one and not another is judged on the one it takes.
  test('changes method_type to PUT when it takes it', ...changesWhenTaken({ method_type: 'PUT' }));
  test('changes method_type to PATCH when it takes it', ...changesWhenTaken({ method_type: 'PATCH' }));
  test('changes status to 0 when it takes it', ...changesWhenTaken({ status: 0 }));

  test(
    'answers an updated_at that is not before created_at',
    cites('updateWebhook', 'update-webhook.updated-after-created'),
    async ({ api, make, target, release }) => {
      const { response } = await sharedUpdate(api, make, target, release);
      requireSuccess(response, 'updateWebhook');
      expectUpdatedNotBeforeCreated(response);
    },
  );

  test(
    'does not update an identifier no webhook has',
    cites('updateWebhook', 'update-webhook.unknown-id'),
    async ({ api, make, config }) => {
      // Which ids exist is the target's: the profile names one that does not.
      const response = await api.updateWebhook(config.profile.unknownWebhookId, make.webhook());
      expect(response).toHaveStatus(Statuses.notSuccess);
    },
  );

  test(
    'refuses a PUT to /webhooks/events as it refuses an identifier no webhook has',
    cites('updateWebhook', 'update-webhook.unknown-id', 'webhook-events.not-an-identifier'),
    async ({ api, make }) => {
      const response = await api.send('updateWebhook', { identifier: 'events', body: make.webhook() });
      expect(response).toHaveStatus(Statuses.notSuccess);
    },
  );
});
