/** Register Webhook, Update Webhook, Webhook Events. */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { EventCatalogue, type EventName } from '../../support/spec/events.ts';
import { envelope, errorBody } from '../format.ts';
import { renderWebhook } from '../render.ts';
import type { WebhookRecord } from '../store.ts';
import { fieldErrors, WebhookBody } from '../validation.ts';
import { parseIdentifier, renderContext, type ReferenceContext } from './context.ts';

export const webhookRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults } = ctx;
  const registeredEvents = (names: readonly string[]) =>
    [...new Set(names)].map((name) => ({ id: store.nextRegisteredEventId(), event_name: name as EventName }));

  app.get('/api/core/v1/webhooks/events', async () => {
    const catalogue = EventCatalogue.filter((e) => !(faults.has('webhook-events-incomplete') && e.value === 'customer.welcome'));
    return envelope('Webhook events', catalogue.map((e) => ({ value: e.value, label: e.label })), faults);
  });

  app.post('/api/core/v1/webhooks', async (request, reply) => {
    const parsed = WebhookBody(faults).safeParse(request.body);
    if (!parsed.success) return reply.code(422).send(errorBody('The given data was invalid.', fieldErrors(parsed.error)));
    const body = parsed.data;
    const now = ctx.now();
    const webhook: WebhookRecord = {
      id: store.nextWebhookId(),
      name: body.name,
      url: body.url,
      method_type: body.method_type,
      status: body.status,
      secret: body.secret ?? `whsec_${randomBytes(24).toString('base64url')}`,
      events: registeredEvents(body.events),
      created_at: now,
      updated_at: now,
    };
    store.webhooks.set(webhook.id, webhook);
    const rendered = renderWebhook(webhook, renderContext(ctx, request));
    const data = faults.has('register-webhook-flat-data') ? rendered : { webhook: rendered, plain_secret: webhook.secret };
    return reply
      .code(faults.has('register-webhook-200') ? 200 : 201)
      .send(envelope('Webhook registered. Store the secret now: it is returned only at this moment.', data, faults));
  });

  app.put<{ Params: { identifier: string } }>('/api/core/v1/webhooks/:identifier', async (request, reply) => {
    const id = parseIdentifier(request.params.identifier);
    const webhook = id === undefined ? undefined : store.webhooks.get(id);
    if (!webhook) return reply.code(404).send(errorBody(`No webhook has the identifier ${JSON.stringify(request.params.identifier)}.`));
    const parsed = WebhookBody(faults).safeParse(request.body);
    if (!parsed.success) return reply.code(422).send(errorBody('The given data was invalid.', fieldErrors(parsed.error)));
    const body = parsed.data;
    Object.assign(webhook, {
      name: body.name,
      url: body.url,
      method_type: body.method_type,
      status: body.status,
      secret: body.secret ?? webhook.secret,
      events: registeredEvents(body.events),
      updated_at: ctx.now(),
    });
    const rendered = renderWebhook(webhook, renderContext(ctx, request));
    return envelope('Webhook updated.', faults.has('update-webhook-wrapped') ? { webhook: rendered } : rendered, faults);
  });
};
