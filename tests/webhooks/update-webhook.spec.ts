// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
import { z } from 'zod';
import { checks, expect, expectShape, Statuses, test } from '../../fixtures/index.ts';
import { Envelope, EventCatalogueEntry, timestampOrder, Timestamp, Webhook } from '../../support/schemas/index.ts';
import { EventCatalogue } from '../../support/contract/events.ts';
import { invalidWebhookBodies } from './invalid-webhook-bodies.ts';
import { pathsHoldingSecret } from './json-search.ts';
import { JSON_CONTENT_TYPE, registered, Succeeded } from './steps.ts';

const UpdateResponse = Envelope(Webhook);
const CatalogueResponse = Envelope(z.array(EventCatalogueEntry));

test.describe('Update Webhook', () => {
  test('answers 200', checks('updateWebhook', 'update-webhook.ok'), async ({ api, make, inbox }) => {
    const { webhook } = await registered(api, make.webhook(inbox.url));
    const response = await api.updateWebhook(webhook.id, make.webhook(inbox.url));
    expect(response).toHaveStatus(200);
  });

  test(
    'answers with the envelope and data = the Webhook itself, not wrapped',
    checks(
      'updateWebhook',
      'update-webhook.data-is-webhook',
      'conventions.envelope',
      'webhook.shape',
      'conventions.timestamps',
    ),
    async ({ api, make, inbox }) => {
      const { webhook } = await registered(api, make.webhook(inbox.url));
      const response = await api.updateWebhook(webhook.id, make.webhook(inbox.url));
      expect(response).toHaveStatus(Succeeded);
      const { data } = expectShape(response, UpdateResponse);
      expect(data.id, 'data.id').toBe(webhook.id);
    },
  );

  test(
    'answers with Content-Type application/json',
    checks('updateWebhook', 'conventions.json-body'),
    async ({ api, make, inbox }) => {
      const { webhook } = await registered(api, make.webhook(inbox.url));
      const response = await api.updateWebhook(webhook.id, make.webhook(inbox.url));
      expect(response).toHaveStatus(Succeeded);
      expect(response.contentType, `Content-Type of ${response.describe()}`).toMatch(JSON_CONTENT_TYPE);
    },
  );

  test(
    'changes the fields sent and replaces the events with the sent ones, as registered events',
    checks('updateWebhook', 'update-webhook.applies-changes', 'update-webhook.data-is-webhook'),
    async ({ api, make, inbox, inboxes }) => {
      const { webhook } = await registered(
        api,
        make.webhook(inbox.url, { events: ['order.created', 'customer.created'] }),
      );
      const elsewhere = await inboxes.open();
      const change = make.webhook(elsewhere.url, { events: ['brand.deleted', 'category.deleted'] });
      const response = await api.updateWebhook(webhook.id, change);
      expect(response).toHaveStatus(Succeeded);
      const { data } = expectShape(response, UpdateResponse);
      expect(data.name, 'data.name').toBe(change.name);
      expect(data.url, 'data.url').toBe(change.url);
      expect(
        data.events.map((e) => e.event_name).sort(),
        'data.events[].event_name (as a set): the sent events, replacing the old ones',
      ).toEqual([...change.events].sort());
    },
  );

  test(
    'answers a well-formed updated_at, not before created_at',
    checks('updateWebhook', 'update-webhook.updated-after-created', 'conventions.timestamps'),
    async ({ api, make, inbox }) => {
      const { webhook } = await registered(api, make.webhook(inbox.url));
      const response = await api.updateWebhook(webhook.id, make.webhook(inbox.url));
      expect(response).toHaveStatus(Succeeded);
      const { data } = expectShape(response, Envelope(z.object({ created_at: Timestamp, updated_at: Timestamp })));
      expect(
        timestampOrder(data.updated_at, data.created_at),
        `data.updated_at ${data.updated_at} is not before data.created_at ${data.created_at}`,
      ).toBeGreaterThanOrEqual(0);
    },
  );

  test(
    'does not return the old or the new secret',
    checks('updateWebhook', 'webhook.secret-not-stored'),
    async ({ api, make, inbox }) => {
      const oldSecret = make.secret();
      const { webhook } = await registered(api, make.webhook(inbox.url, { secret: oldSecret }));
      const newSecret = make.secret();
      const response = await api.updateWebhook(webhook.id, make.webhook(inbox.url, { secret: newSecret }));
      expect(response).toHaveStatus(Succeeded);
      const body = response.json();
      expect(pathsHoldingSecret(body, newSecret, 'body'), 'places in the response holding the new secret').toEqual([]);
      expect(pathsHoldingSecret(body, oldSecret, 'body'), 'places in the response holding the old secret').toEqual([]);
    },
  );

  test(
    'does not update an identifier no webhook has',
    checks('updateWebhook', 'update-webhook.unknown-id'),
    async ({ api, make, inbox, config }) => {
      // Which ids exist is the target's: the profile names one that does not.
      const response = await api.updateWebhook(config.profile.unknownWebhookId, make.webhook(inbox.url));
      expect(response).toHaveStatus(Statuses.notSuccess);
    },
  );

  test(
    'takes /webhooks/events as the catalogue, not an identifier: a PUT there updates nothing',
    checks('updateWebhook', 'webhook-events.not-an-identifier', 'conventions.no-5xx-for-client-input'),
    async ({ api, make, inbox }) => {
      const response = await api.send('updateWebhook', {
        identifier: 'events',
        body: make.webhook(inbox.url, { events: ['order.created'] }),
      });
      expect(response).toHaveStatus(Statuses.notSuccess);
      const catalogue = await api.webhookEvents();
      expect(catalogue).toHaveStatus(Succeeded);
      const { data } = expectShape(catalogue, CatalogueResponse);
      expect(
        data.map(({ value, label }) => ({ value, label })),
        'the catalogue after the PUT',
      ).toEqual(EventCatalogue.map(({ value, label }) => ({ value, label })));
    },
  );

  test.describe('rejects an invalid body with 422', () => {
    for (const invalid of invalidWebhookBodies.filter((body) => body.registerOnly !== true)) {
      test(
        `answers 422 to ${invalid.case}`,
        checks('updateWebhook', 'update-webhook.validation'),
        async ({ api, make, inbox }) => {
          const { webhook } = await registered(api, make.webhook(inbox.url));
          const response = await api.send('updateWebhook', {
            identifier: webhook.id,
            body: invalid.body(make.webhook(inbox.url), make),
          });
          expect(response).toHaveStatus(422);
        },
      );
    }
  });
});
