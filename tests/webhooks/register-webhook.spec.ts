/**
 * Register Webhook beyond its status, envelope and body format (tests/conventions/success-answers.spec.ts).
 * Webhooks here wait for no delivery: they are parked at an address that never resolves.
 */
import { z } from 'zod';
import {
  cites,
  eventNamesOf,
  eventNamesOutsideCatalogue,
  expect,
  readData,
  readSuccess,
  requireSuccess,
  Statuses,
  test,
  webhookFields,
} from '../../fixtures/index.ts';
import { afterBaseline } from '../../fixtures/steps/baseline.ts';
import { dependWhenSecretRefused, notApplicableWhenUnknownEventRefused } from '../../fixtures/steps/webhooks.ts';
import type { ApiResponse } from '../../support/api/response.ts';
import { pathsHoldingSecret } from '../../support/json-search.ts';
import { Timestamp } from '../../support/schemas/common.ts';
import { RegisteredEvent, WebhookShape } from '../../support/schemas/webhook.ts';

/** `data.webhook` exactly as answered, unknown keys included: a parsed schema would drop the key a secret hides under. */
const storedWebhook = (response: ApiResponse): unknown =>
  readData(response, z.object({ webhook: z.unknown() }), 'register-webhook.data', 'data.webhook').webhook;

test.describe('Register Webhook', () => {
  test(
    'answers data = { webhook, plain_secret }',
    cites('registerWebhook', 'register-webhook.data'),
    async ({ api, make }) => {
      const response = await api.registerWebhook(make.webhook());
      requireSuccess(response, 'registerWebhook');
      expect(response).toMatchSchema(
        z.object({ data: z.object({ webhook: z.looseObject({}), plain_secret: z.string() }) }),
      );
    },
  );

  test(
    'answers the webhook with the fields and types of the Webhook resource',
    cites('registerWebhook', 'webhook.shape'),
    async ({ api, make }) => {
      const response = await api.registerWebhook(make.webhook());
      requireSuccess(response, 'registerWebhook');
      expect(storedWebhook(response), `data.webhook of ${response.describe()}`).toMatchSchema(WebhookShape);
    },
  );

  test(
    'answers created_at and updated_at in the form YYYY-MM-DD HH:MM:SS',
    cites('registerWebhook', 'conventions.timestamps'),
    async ({ api, make }) => {
      const response = await api.registerWebhook(make.webhook());
      requireSuccess(response, 'registerWebhook');
      const { created_at, updated_at } = webhookFields(response, 'data.webhook', 'created_at', 'updated_at');
      expect({ created_at, updated_at }, `data.webhook timestamps of ${response.describe()}`).toMatchSchema(
        z.object({ created_at: Timestamp, updated_at: Timestamp }),
      );
    },
  );

  test(
    'lists the events as registered events { id, event_name }',
    cites('registerWebhook', 'webhook.registered-event-shape'),
    async ({ api, make }) => {
      const response = await api.registerWebhook(make.webhook({ events: ['order.created', 'brand.updated'] }));
      requireSuccess(response, 'registerWebhook');
      const { events } = webhookFields(response, 'data.webhook', 'events');
      expect(events, `data.webhook.events of ${response.describe()}`).toMatchSchema(z.array(RegisteredEvent).min(1));
    },
  );

  test(
    'never lists an event name outside the catalogue, even when sent one',
    cites('registerWebhook', 'webhook.registered-event-shape'),
    async ({ api, make }) => {
      // A target may refuse the unknown name (a validation reading of its own test); one that takes it must not list it.
      const response = await api.registerWebhook(make.webhook({ events: ['order.created', 'product.exploded'] }));
      notApplicableWhenUnknownEventRefused(response, 'register-webhook.validation');
      const { events } = webhookFields(response, 'data.webhook', 'events');
      expect(
        eventNamesOutsideCatalogue(events),
        `event names outside the catalogue in data.webhook.events of ${response.describe()}`,
      ).toEqual([]);
    },
  );

  test(
    'returns the supplied secret as plain_secret',
    cites('registerWebhook', 'register-webhook.secret-echo'),
    async ({ api, make }) => {
      const secret = make.secret();
      const body = make.webhook({ secret });
      const response = await api.registerWebhook(body);
      await dependWhenSecretRefused(body, response, (plain) => api.registerWebhook(plain));
      const { plain_secret } = readSuccess(
        response,
        'registerWebhook',
        z.object({ plain_secret: z.unknown() }),
        'register-webhook.data',
        'data.plain_secret',
      );
      expect(plain_secret === secret, 'data.plain_secret equals the supplied secret (values not shown)').toBe(true);
    },
  );

  test(
    'never carries the supplied secret in the stored webhook, under any key',
    cites('registerWebhook', 'webhook.secret-not-stored'),
    async ({ api, make }) => {
      const secret = make.secret();
      const body = make.webhook({ secret });
      const response = await api.registerWebhook(body);
      await dependWhenSecretRefused(body, response, (plain) => api.registerWebhook(plain));
      requireSuccess(response, 'registerWebhook');
      expect(
        pathsHoldingSecret(storedWebhook(response), secret, 'data.webhook'),
        'places in data.webhook holding the secret',
      ).toEqual([]);
    },
  );

  test(
    'never carries the generated secret in the stored webhook, under any key',
    cites('registerWebhook', 'webhook.secret-not-stored'),
    async ({ api, make }) => {
      const response = await api.registerWebhook(make.webhook());
      const { plain_secret: secret } = readSuccess(
        response,
        'registerWebhook',
        z.object({ plain_secret: z.string().min(1) }),
        'register-webhook.secret-generated',
        'a non-empty data.plain_secret',
      );
      expect(
        pathsHoldingSecret(storedWebhook(response), secret, 'data.webhook'),
        'places in data.webhook holding the generated secret',
      ).toEqual([]);
    },
  );

  test(
    'stores the name, url, method_type, status and events it was given',
    cites('registerWebhook', 'register-webhook.echo'),
    async ({ api, make }) => {
      const body = make.webhook({ events: ['order.created', 'customer.updated', 'brand.deleted'] });
      const response = await api.registerWebhook(body);
      requireSuccess(response, 'registerWebhook');
      const webhook = webhookFields(response, 'data.webhook', 'name', 'url', 'method_type', 'status', 'events');
      const names = eventNamesOf(webhook.events);
      expect({ ...webhook, events: names.sort() }, `data.webhook of ${response.describe()}`).toEqual({
        name: body.name,
        url: body.url,
        method_type: body.method_type,
        status: body.status,
        events: [...body.events].sort(),
      });
    },
  );

  test(
    'returns a non-empty plain_secret when no secret is supplied',
    cites('registerWebhook', 'register-webhook.secret-generated'),
    async ({ api, make }) => {
      const response = await api.registerWebhook(make.webhook());
      const { plain_secret } = readSuccess(
        response,
        'registerWebhook',
        z.object({ plain_secret: z.unknown() }),
        'register-webhook.data',
        'data.plain_secret',
      );
      expect(
        typeof plain_secret === 'string' && plain_secret.length > 0,
        'data.plain_secret is a non-empty string (value not shown)',
      ).toBe(true);
    },
  );

  test(
    'accepts a secret of exactly 32 characters',
    cites('registerWebhook', 'webhook.secret-min-length'),
    async ({ api, make }) => {
      // Each its own webhook body (a target may refuse a second webhook of one name or url).
      const response = await afterBaseline({
        operation: 'registerWebhook',
        what: 'a 32-character secret',
        without: () => api.registerWebhook(make.webhook()),
        with: () => api.registerWebhook(make.webhook({ secret: make.secret(32) })),
      });
      expect(response, 'Register Webhook with a 32-character secret').toHaveStatus(Statuses.success);
    },
  );
});
