/**
 * Register Webhook beyond its status, envelope and body format (tests/conventions/success-answers.spec.ts).
 * Webhooks here wait for no delivery: they are parked at an address that never resolves.
 */
import { z } from 'zod';
import {
  cites,
  dependsOn,
  expect,
  notApplicable,
  requireSuccess,
  Statuses,
  test,
  type ApiResponse,
  readData,
  readSuccess,
  afterBaseline,
  asSetUp,
} from '../../fixtures/index.ts';
import {
  eventNamesOf,
  eventNamesOutsideCatalogue,
  pathsHoldingSecret,
  webhookFields,
  OWN_EVENTS,
  SECRET_SYMBOLS,
  dependWhenSecretRefused,
  notApplicableWhenUnknownEventRefused,
  sharedRegistration,
} from '../../fixtures/webhooks.ts';
import { Timestamp } from '../../support/contract/schemas/common.ts';
import { RegisteredEvent, WebhookShape } from '../../support/contract/schemas/webhook.ts';

/** `data.webhook` exactly as answered, unknown keys included: a parsed schema would drop the key a secret hides under. */
const storedWebhook = (response: ApiResponse): unknown =>
  readData(response, z.object({ webhook: z.unknown() }), 'register-webhook.data', 'data.webhook').webhook;

/**
 * How an answered secret differs from the one sent, without showing either: its length, and the first
 * place it differs with what the sent one has there when that is one of the symbols (placed by the
 * builder, not drawn), else "a letter or digit".
 */
function howSecretDiffers(answered: unknown, sent: string): string {
  if (typeof answered !== 'string') return `not a string (${answered === null ? 'null' : typeof answered})`;
  if (answered === sent) return 'the same';
  if (sent.startsWith(answered)) return `cut to the first ${answered.length} of its ${sent.length} characters`;
  if (answered.startsWith(sent)) return `the ${sent.length} characters sent, and ${answered.length - sent.length} more`;
  const at = [...sent].findIndex((char, i) => answered[i] !== char);
  const there = (SECRET_SYMBOLS as readonly string[]).includes(sent[at] ?? '') ? `"${sent[at]}"` : 'a letter or digit';
  return `${answered.length} characters for ${sent.length} sent, differing first at character ${at + 1}, where the secret sent has ${there}`;
}

test.describe('Register Webhook', () => {
  test(
    'takes a second webhook subscribed to an event another webhook has, at another url',
    cites('registerWebhook', 'webhook.shared-events'),
    async ({ api, make }) => {
      // An event no other test subscribes to: the first webhook is taken wherever Register Webhook works at all.
      const events = [OWN_EVENTS.shared];
      const first = await asSetUp(() => api.registerWebhook(make.webhook({ events })));
      if (!first.succeeded)
        dependsOn('register-webhook.created', `the first webhook for ${events[0]} was refused: ${first.describe()}`);
      const second = await api.registerWebhook(make.webhook({ events }));
      expect(
        second,
        `a second webhook subscribed to ${events[0]}, at another url, after ${first.describe()} took the first`,
      ).toHaveStatus(Statuses.success);
    },
  );

  test(
    'answers data = { webhook, plain_secret }',
    cites('registerWebhook', 'register-webhook.data').on({ step: 'registered' }),
    async ({ api, make }) => {
      // With a secret supplied: how a secret is produced when none is sent is stated nowhere (register-webhook.secret-generated).
      const body = make.webhook({ secret: make.secret() });
      const response = await api.registerWebhook(body);
      await dependWhenSecretRefused(body, response, (plain) => api.registerWebhook(plain));
      requireSuccess(response, 'registerWebhook');
      expect(response).toMatchSchema(
        z.object({ data: z.object({ webhook: z.looseObject({}), plain_secret: z.string() }) }),
      );
    },
  );

  test(
    'answers the webhook with the fields and types of the Webhook resource',
    cites('registerWebhook', 'webhook.shape').on({ step: 'registered' }),
    async ({ api, make, target, release }) => {
      const response = await sharedRegistration(api, make, target, release);
      requireSuccess(response, 'registerWebhook');
      expect(storedWebhook(response), `data.webhook of ${response.describe()}`).toMatchSchema(WebhookShape);
    },
  );

  test(
    'answers created_at and updated_at in the form YYYY-MM-DD HH:MM:SS',
    cites('registerWebhook', 'conventions.timestamps'),
    async ({ api, make, target, release }) => {
      const response = await sharedRegistration(api, make, target, release);
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
    'lists a single event as an array of registered events { id, event_name }, not as the event alone',
    cites('registerWebhook', 'webhook.registered-event-shape'),
    async ({ api, make }) => {
      const response = await api.registerWebhook(make.webhook({ events: ['order.created'] }));
      requireSuccess(response, 'registerWebhook');
      // Read as answered: the form of the events is what this test judges.
      const { webhook } = readData(
        response,
        z.object({ webhook: z.object({ events: z.unknown() }) }),
        'register-webhook.data',
        'data.webhook',
      );
      expect(webhook.events, `data.webhook.events of ${response.describe()}`).toMatchSchema(
        z.array(RegisteredEvent).min(1),
      );
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
    cites('registerWebhook', 'register-webhook.secret-echo').on({
      step: 'registered',
      value: 'secret of 32 characters',
    }),
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
      expect(
        howSecretDiffers(plain_secret, secret),
        `data.plain_secret against the supplied secret of ${secret.length} letters and digits (values not shown)`,
      ).toBe('the same');
    },
  );

  test(
    'returns a supplied secret of 64 characters with symbols exactly as plain_secret',
    cites('registerWebhook', 'register-webhook.secret-echo').on({
      step: 'registered',
      value: 'secret of 64 characters',
    }),
    async ({ api, make }) => {
      // First the same body with a secret of 32 letters and digits, the plainest one the sample shows.
      const plain = make.webhook({ secret: make.secret() });
      const baseline = await test.step('the same body with a secret of 32 letters and digits', () =>
        asSetUp(() => api.registerWebhook(plain)));
      await dependWhenSecretRefused(plain, baseline, (body) => asSetUp(() => api.registerWebhook(body)));
      requireSuccess(baseline, 'registerWebhook', 'the same body with a secret of 32 letters and digits');
      const secret = make.secretWithSymbols(64);
      const response = await api.registerWebhook(make.webhook({ secret }));
      // Which characters and lengths a secret may have is not shown: a target may refuse this one.
      if (response.status === 400 || response.status === 422)
        notApplicable(
          `the target refused a secret of ${secret.length} characters with ${SECRET_SYMBOLS.join('')} (${response.describe()}) ` +
            'and took the same body with one of 32 letters and digits: which characters and lengths a secret may have is not shown',
        );
      const { plain_secret } = readSuccess(
        response,
        'registerWebhook',
        z.object({ plain_secret: z.unknown() }),
        'register-webhook.data',
        'data.plain_secret',
      );
      expect(
        howSecretDiffers(plain_secret, secret),
        `data.plain_secret against the supplied secret of ${secret.length} characters with ${SECRET_SYMBOLS.join('')} (values not shown)`,
      ).toBe('the same');
    },
  );

  test(
    'returns a supplied secret of 100 characters exactly as plain_secret, where the target takes it',
    cites('registerWebhook', 'register-webhook.secret-echo').on({
      step: 'registered',
      value: 'secret of 100 characters',
    }),
    async ({ api, make }) => {
      // First the same body with a secret of 32 letters and digits, the plainest one the sample shows.
      const plain = make.webhook({ secret: make.secret() });
      const baseline = await test.step('the same body with a secret of 32 letters and digits', () =>
        asSetUp(() => api.registerWebhook(plain)));
      await dependWhenSecretRefused(plain, baseline, (body) => asSetUp(() => api.registerWebhook(body)));
      requireSuccess(baseline, 'registerWebhook', 'the same body with a secret of 32 letters and digits');
      // Longer than the sample's: a store keeping secrets in a column of 64 characters cuts it.
      const secret = make.secret(100);
      const response = await api.registerWebhook(make.webhook({ secret }));
      // Which lengths a secret may have beyond the sample's least is not shown: a target may refuse this one.
      if (response.status === 400 || response.status === 422)
        notApplicable(
          `the target refused a secret of ${secret.length} letters and digits (${response.describe()}) ` +
            'and took the same body with one of 32: the lengths a secret may have are not shown',
        );
      const { plain_secret } = readSuccess(
        response,
        'registerWebhook',
        z.object({ plain_secret: z.unknown() }),
        'register-webhook.data',
        'data.plain_secret',
      );
      expect(
        howSecretDiffers(plain_secret, secret),
        `data.plain_secret against the supplied secret of ${secret.length} letters and digits (values not shown)`,
      ).toBe('the same');
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
    async ({ api, make, target, release }) => {
      const response = await sharedRegistration(api, make, target, release);
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
    cites('registerWebhook', 'register-webhook.echo').on({ step: 'registered' }),
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
    'stores status 0 when registered with status 0',
    cites('registerWebhook', 'register-webhook.echo').on({ step: 'registered' }),
    async ({ api, make, target, release }) => {
      // Each its own webhook body (a target may refuse a second webhook of one name or url).
      const response = await afterBaseline({
        operation: 'registerWebhook',
        what: 'status 0',
        without: () => sharedRegistration(api, make, target, release),
        with: () => api.registerWebhook(make.webhook({ status: 0 })),
      });
      // What a status other than 1 means is not shown: a target may refuse 0, and then stores nothing.
      if (response.status >= 400 && response.status < 500)
        notApplicable(
          `the target refused status 0 (${response.describe()}) and took the same body with status 1: the meaning of a status other than 1 is not shown`,
        );
      requireSuccess(response, 'registerWebhook');
      const { status } = webhookFields(response, 'data.webhook', 'status');
      expect(status, `data.webhook.status of ${response.describe()}, registered with status 0`).toBe(0);
    },
  );

  test(
    'returns a non-empty plain_secret when no secret is supplied',
    cites('registerWebhook', 'register-webhook.secret-generated'),
    async ({ api, make, target, release }) => {
      const response = await sharedRegistration(api, make, target, release);
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
    async ({ api, make, target, release }) => {
      // Each its own webhook body (a target may refuse a second webhook of one name or url).
      const response = await afterBaseline({
        operation: 'registerWebhook',
        what: 'a 32-character secret',
        without: () => sharedRegistration(api, make, target, release),
        with: () => api.registerWebhook(make.webhook({ secret: make.secret(32) })),
      });
      expect(response, 'Register Webhook with a 32-character secret').toHaveStatus(Statuses.success);
    },
  );
});
