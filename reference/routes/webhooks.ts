/** Register Webhook, Update Webhook, Webhook Events. */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { EventName } from '../../support/contract/events.ts';
import type { OperationId } from '../../support/contract/operations.ts';
import { renderWebhook } from '../render.ts';
import type { WebhookRecord } from '../store.ts';
import { fieldErrors, isAccepted, WebhookBody, type Validated } from '../validation.ts';
import { parseIdentifier, renderContext, type ReferenceContext } from './context.ts';

export const webhookRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults, choices, respond } = ctx;
  const schema = WebhookBody(choices);

  app.get('/api/core/v1/webhooks/events', async (_request, reply) => {
    const data = store.catalogue.map((e) => ({
      value: e.value,
      label: e.label,
      ...choices.extras.catalogueEntry(e.value),
    }));
    return reply.code(200).send(respond.envelope('webhookEvents', data));
  });

  app.post('/api/core/v1/webhooks', async (request, reply) => {
    // Stryker disable next-line StringLiteral: equivalent: the operation's name is told to the faults' hook points alone
    const body = validate(ctx, schema, 'registerWebhook', request.body, reply);
    // Stryker disable next-line ConditionalExpression: equivalent: the refusal is sent, and what follows throws on the missing body before anything is stored
    if (!body) return reply;
    // A choice (webhooks.checkUrlOnRegister): whether a store refuses a destination it cannot reach.
    // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
    if (choices.webhooks.checkUrlOnRegister) await ctx.deliveries.checkUrl(body.url);
    const now = ctx.now();
    // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
    const given = faults.bend('webhookWrite', body, { ...ctx, operation: 'registerWebhook', webhook: undefined });
    const webhook: WebhookRecord = {
      id: store.nextWebhookId(),
      name: given.name,
      url: given.url,
      method_type: given.method_type,
      status: given.status,
      secret: given.secret ?? choices.webhooks.generateSecret(),
      events: registeredEvents(ctx, given.events, now),
      deliveries: 0,
      created_at: now,
      updated_at: now,
    };
    store.webhooks.set(webhook.id, webhook);
    const data = { webhook: renderWebhook(webhook, renderContext(ctx, request)), plain_secret: webhook.secret };
    // Stryker disable next-line StringLiteral: "Success responses are an object: `status` (string, `success`), `message` (string, human-readable), `data` (object or array)."
    return reply.code(201).send(respond.envelope('webhookRegistered', data));
  });

  app.put<{ Params: { identifier: string } }>('/api/core/v1/webhooks/:identifier', async (request, reply) => {
    const { identifier } = request.params;
    const id = parseIdentifier(identifier);
    // Stryker disable next-line ConditionalExpression: equivalent: no webhook has the id undefined
    const stored = id === undefined ? undefined : store.webhooks.get(id);
    const webhook = faults.bend('identify', stored, { ...ctx, resource: 'webhook', identifier, id }) as
      WebhookRecord | undefined;
    // Stryker disable next-line StringLiteral: "Shape of an error body: not shown."
    // Reading: update-webhook.unknown-id
    if (!webhook) return respond.unknownIdentifier(reply, 'webhook', identifier);
    // Stryker disable next-line StringLiteral: equivalent: the operation's name is told to the faults' hook points alone
    const body = validate(ctx, schema, 'updateWebhook', request.body, reply, webhook.id);
    // Stryker disable next-line ConditionalExpression: equivalent: the refusal is sent, and what follows throws on the missing body before anything is stored
    if (!body) return reply;
    // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
    const given = faults.bend('webhookWrite', body, { ...ctx, operation: 'updateWebhook', webhook });
    const now = ctx.now();
    // Reading: update-webhook.applies-changes
    Object.assign(webhook, {
      name: given.name,
      url: given.url,
      method_type: given.method_type,
      status: given.status,
      secret: given.secret ?? webhook.secret,
      events: registeredEvents(ctx, given.events, now),
      updated_at: now,
    });
    return reply
      .code(200)
      .send(respond.envelope('webhookUpdated', renderWebhook(webhook, renderContext(ctx, request))));
  });
};

/** The events a webhook subscribes to, each registered anew. */
const registeredEvents = ({ store }: ReferenceContext, names: readonly string[], now: Date) =>
  [...new Set(names)].map((name) => ({
    id: store.nextRegisteredEventId(),
    event_name: name as EventName,
    created_at: now,
  }));

/**
 * What the choices' own rules refuse in a valid body: a url shared for an event, an event another
 * webhook has, a secret on update, a secret's characters.
 */
function variantErrors(
  { store, choices }: ReferenceContext,
  operation: OperationId,
  body: WebhookBody,
  self?: number,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const { uniqueUrlAndEvent, oneWebhookPerEvent, secretOnUpdate, secretCharacters } = choices.webhooks;
  // Each rule below is a choice (webhooks.secretCharacters, secretOnUpdate, uniqueUrlAndEvent, oneWebhookPerEvent),
  // off in the default reference; a store may refuse any of these bodies, or none.
  // Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."
  if (body.secret !== undefined && secretCharacters === 'letters-and-digits' && !/^[A-Za-z0-9]+$/.test(body.secret))
    fields.secret = ['may hold only letters and digits'];
  if (operation === 'updateWebhook' && body.secret !== undefined && secretOnUpdate === 'refuse')
    fields.secret = ['is changed only through Refresh Secret'];
  const others = [...store.webhooks.values()].filter((other) => other.id !== self);
  const taken = (other: WebhookRecord) => other.events.filter((e) => body.events.includes(e.event_name));
  if (uniqueUrlAndEvent && others.some((other) => other.url === body.url && taken(other).length > 0))
    fields.url = ['already has a webhook subscribed to one of these events'];
  const had = oneWebhookPerEvent ? others.flatMap((other) => taken(other).map((e) => e.event_name)) : [];
  if (had.length > 0) fields.events = [`another webhook is subscribed to ${[...new Set(had)].join(', ')}`];
  // Stryker restore all
  return fields;
}

/** The body validated, or undefined with the 422 sent. `self` is the webhook an update changes. */
// Reading: register-webhook.validation, update-webhook.validation, create-booking.validation, create-service.validation, update-service.validation
function validate(
  ctx: ReferenceContext,
  schema: z.ZodType<WebhookBody>,
  operation: OperationId,
  sent: unknown,
  reply: FastifyReply,
  self?: number,
): WebhookBody | undefined {
  const validateBody = (body: unknown): Validated<WebhookBody> => {
    const parsed = schema.safeParse(body);
    // Stryker disable next-line ObjectLiteral: "Error codes, field-level messages and the conditions that give 422: not shown."
    if (!parsed.success) return { body: undefined, fields: fieldErrors(parsed.error) };
    return { body: parsed.data, fields: variantErrors(ctx, operation, parsed.data, self) };
  };
  const validated = ctx.faults.bend('validation', validateBody(sent), {
    operation,
    sent,
    validate: validateBody,
  }) as Validated<WebhookBody>;
  if (isAccepted(validated)) return validated.body;
  // Stryker disable next-line StringLiteral,ObjectLiteral: "Error codes, field-level messages and the conditions that give 422: not shown."
  void ctx.respond.refuse(reply, 'validation', 'The given data was invalid.', { fields: validated.fields });
  return undefined;
}
