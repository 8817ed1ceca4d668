/** Register Webhook, Update Webhook, Webhook Events. */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { EventCatalogue, EventNames, type EventName } from '../../support/contract/events.ts';
import { formatTimestamp } from '../format.ts';
import { renderWebhook } from '../render.ts';
import type { WebhookRecord } from '../store.ts';
import { fieldErrors, WebhookBody, type WebhookBody as ValidWebhookBody } from '../validation.ts';
import { parseIdentifier, renderContext, type ReferenceContext } from './context.ts';

type CatalogueEntry = { value: string; label: string };

const HOUR_MS = 3_600_000;

export const webhookRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults, choices, respond } = ctx;
  const schemas = {
    register: WebhookBody(faults, choices, 'register'),
    update: WebhookBody(faults, choices, 'update'),
  };
  // The catalogue is fixed; only the faults below ever change this copy of it.
  let catalogue: CatalogueEntry[] = EventCatalogue.map((e) => ({ value: e.value, label: e.label }));

  const registeredEvents = (names: readonly string[], now: Date) =>
    [...new Set(names)].map((name) => ({
      id: store.nextRegisteredEventId(),
      event_name: name as EventName,
      created_at: now,
    }));

  /** What the variant's own rules refuse in a valid body: a url shared for an event, a secret on update, a secret's characters. */
  function variantErrors(operation: 'register' | 'update', body: ValidWebhookBody, self?: number) {
    const fields: Record<string, string[]> = {};
    const { uniqueUrlAndEvent, secretOnUpdate, secretCharacters } = choices.webhooks;
    if (body.secret !== undefined && secretCharacters === 'letters-and-digits' && !/^[A-Za-z0-9]+$/.test(body.secret))
      fields.secret = ['may hold only letters and digits'];
    if (operation === 'update' && body.secret !== undefined && secretOnUpdate === 'refuse')
      fields.secret = ['is changed only through Refresh Secret'];
    const shared = [...store.webhooks.values()].some(
      (other) =>
        other.id !== self && other.url === body.url && other.events.some((e) => body.events.includes(e.event_name)),
    );
    if (uniqueUrlAndEvent && shared) fields.url = ['already has a webhook subscribed to one of these events'];
    return fields;
  }

  /** The body validated (or undefined, with the 422 sent), after the validation faults had their say. */
  function validate(operation: 'register' | 'update', raw: unknown, reply: FastifyReply, self?: number) {
    const invalid = (fields: Record<string, string[]>) => {
      const status = faults.has(`${operation}-webhook-validation-400`) ? 400 : undefined;
      void respond.refuse(reply, 'validation', 'The given data was invalid.', { fields, status });
      return undefined;
    };
    let body = raw;
    const known = (name: unknown) => (EventNames as readonly unknown[]).includes(name);
    const events = isRecord(raw) && Array.isArray(raw.events) ? raw.events : [];
    // Consulted only when there is an unknown name to drop.
    if (operation === 'register' && !events.every(known) && faults.has('register-webhook-drops-unknown-events')) {
      body = { ...(raw as Record<string, unknown>), events: events.filter(known) };
    }
    const parsed = schemas[operation].safeParse(body);
    if (!parsed.success) return invalid(fieldErrors(parsed.error));
    if (parsed.data.secret?.length === 32 && faults.has('webhook-secret-min-33'))
      return invalid({ secret: ['The secret must be more than 32 characters.'] });
    const fields = variantErrors(operation, parsed.data, self);
    return Object.keys(fields).length === 0 ? parsed.data : invalid(fields);
  }

  /** The supplied secret as stored: as sent, unless a fault cuts or normalises it (consulted only where it would). */
  function storedSecret(secret: string | undefined) {
    if (secret === undefined) return undefined;
    if (secret.length > 32 && faults.has('register-webhook-secret-varchar-32')) return secret.slice(0, 32);
    if (/[+/=]/.test(secret) && faults.has('register-webhook-secret-base64url'))
      return secret.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    return secret;
  }

  /** The stored webhook as the spec's Webhook, with the rendering faults applied. */
  function render(webhook: WebhookRecord, request: Parameters<typeof renderContext>[1]) {
    const rendered: Record<string, unknown> = renderWebhook(webhook, renderContext(ctx, request));
    if (faults.has('webhook-events-as-names')) rendered.events = webhook.events.map((e) => e.event_name);
    if (faults.has('webhook-secret-in-resource')) rendered.secret = webhook.secret;
    return rendered;
  }

  app.get('/api/core/v1/webhooks/events', async (_request, reply) => {
    const entries = catalogue.filter(
      (e) => !(faults.has('webhook-events-incomplete') && e.value === 'customer.welcome'),
    );
    const data = entries.map((e) => ({
      ...(faults.has('webhook-events-entry-name') ? { name: e.value } : { value: e.value }),
      label: e.label,
      ...choices.extras.catalogueEntry(e.value),
    }));
    return reply
      .code(faults.has('webhook-events-201') ? 201 : 200)
      .send(respond.envelope('webhookEvents', faults.has('webhook-events-wrapped') ? { events: data } : data));
  });

  app.post('/api/core/v1/webhooks', async (request, reply) => {
    const body = validate('register', request.body, reply);
    if (!body) return reply;
    if (choices.webhooks.checkUrlOnRegister) await ctx.deliveries.checkUrl(body.url);
    const now = ctx.now();
    const supplied = storedSecret(faults.has('register-webhook-secret-ignored') ? undefined : body.secret);
    const webhook: WebhookRecord = {
      id: store.nextWebhookId(),
      name: body.name,
      url: body.url,
      method_type: body.method_type,
      status: body.status,
      secret: supplied ?? choices.webhooks.generateSecret(),
      events: registeredEvents(
        faults.has('register-webhook-events-first-only') ? body.events.slice(0, 1) : body.events,
        now,
      ),
      deliveries: 0,
      created_at: now,
      updated_at: now,
    };
    store.webhooks.set(webhook.id, webhook);
    if (faults.has('webhook-catalogue-sorted-on-register')) catalogue.sort((a, b) => a.value.localeCompare(b.value));
    const rendered = render(webhook, request);
    const plainSecret =
      faults.has('register-webhook-secret-empty-when-omitted') && body.secret === undefined ? '' : webhook.secret;
    const data = faults.has('register-webhook-flat-data')
      ? rendered
      : faults.has('register-webhook-no-plain-secret')
        ? { webhook: rendered }
        : { webhook: rendered, plain_secret: plainSecret };
    return reply.code(faults.has('register-webhook-200') ? 200 : 201).send(respond.envelope('webhookRegistered', data));
  });

  app.put<{ Params: { identifier: string } }>('/api/core/v1/webhooks/:identifier', async (request, reply) => {
    const sentAsCatalogue = () => {
      const sent = isRecord(request.body) ? request.body.events : undefined;
      const names = Array.isArray(sent) ? sent.filter((n): n is string => typeof n === 'string') : [];
      return names.map((name) => ({ value: name, label: name }));
    };
    if (request.params.identifier === 'events') {
      if (faults.has('webhook-events-put-replaces-catalogue')) {
        catalogue = sentAsCatalogue();
        return respond.envelope('webhookUpdated', catalogue);
      }
      // Written first, refused after: the answer is that of an unknown identifier.
      if (faults.has('webhook-events-put-refused-after-write')) catalogue = sentAsCatalogue();
    }
    const id = parseIdentifier(request.params.identifier);
    let webhook = id === undefined ? undefined : store.webhooks.get(id);
    if (request.params.identifier === 'events' && faults.has('webhook-events-put-updates-a-webhook'))
      webhook = [...store.webhooks.values()].at(-1);
    if (!webhook && id !== undefined && faults.has('update-webhook-unknown-id-upserts')) {
      const now = ctx.now();
      webhook = {
        id,
        name: '',
        url: '',
        method_type: 'POST',
        status: 1,
        secret: choices.webhooks.generateSecret(),
        events: [],
        deliveries: 0,
        created_at: now,
        updated_at: now,
      };
      store.webhooks.set(id, webhook);
    }
    if (!webhook) return respond.unknownIdentifier(reply, 'webhook', request.params.identifier);
    if (faults.has('update-webhook-refuses-every-body'))
      return respond.refuse(reply, 'validation', 'The given data was invalid.', {
        fields: { webhook_id: ['The webhook id field is required.'] },
      });
    const body = validate('update', request.body, reply, webhook.id);
    if (!body) return reply;
    const now = ctx.now();
    const kept = faults.has('update-webhook-events-appended') ? webhook.events.map((e) => e.event_name) : [];
    const keepsMethodAndStatus = faults.has('update-webhook-keeps-method-and-status');
    Object.assign(webhook, {
      name: body.name,
      url: body.url,
      method_type: keepsMethodAndStatus ? webhook.method_type : body.method_type,
      status: keepsMethodAndStatus ? webhook.status : body.status,
      secret: body.secret ?? webhook.secret,
      events: registeredEvents([...kept, ...body.events], now),
      updated_at: now,
    });
    const rendered = render(webhook, request);
    if (faults.has('update-webhook-updated-at-local-time'))
      rendered.updated_at = formatTimestamp(new Date(webhook.updated_at.getTime() - 3 * HOUR_MS), faults);
    return reply
      .code(faults.has('update-webhook-201') ? 201 : 200)
      .send(
        respond.envelope('webhookUpdated', faults.has('update-webhook-wrapped') ? { webhook: rendered } : rendered),
      );
  });
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
