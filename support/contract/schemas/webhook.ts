/** Resources: Webhook, Registered event, Event catalogue entry. */
import { z } from 'zod';
import { EventNames } from '../events.ts';
import { Integer, Timestamp } from './common.ts';

export const RegisteredEvent = z.object({
  id: Integer,
  event_name: z.enum(EventNames as [string, ...string[]], {
    error: (issue) => `expected an event name from the catalogue, got ${JSON.stringify(issue.input)}`,
  }),
});
export type RegisteredEvent = z.infer<typeof RegisteredEvent>;

/** A Webhook's fields with the types the Resources table gives (webhook.shape); forms are their own clauses. */
export const WebhookShape = z.object({
  id: Integer,
  name: z.string(),
  url: z.string(),
  method_type: z.string(),
  status: Integer,
  created_at: z.string(),
  updated_at: z.string(),
  events: z.array(z.unknown()),
});

/** A Webhook as the spec gives it: timestamps in their form, events as registered events. */
export const Webhook = WebhookShape.extend({
  created_at: Timestamp,
  updated_at: Timestamp,
  events: z.array(RegisteredEvent),
});
export type Webhook = z.infer<typeof Webhook>;

/** Register Webhook's `data`. */
export const WebhookRegistration = z.object({ webhook: Webhook, plain_secret: z.string() });
export type WebhookRegistration = z.infer<typeof WebhookRegistration>;

export const EventCatalogueEntry = z.object({ value: z.string(), label: z.string() });
export type EventCatalogueEntry = z.infer<typeof EventCatalogueEntry>;

/** Webhook Events' `data`. */
export const EventCatalogue = z.array(EventCatalogueEntry);
