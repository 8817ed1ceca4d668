/** Resources: Webhook, Registered event, Event catalogue entry. */
import { z } from 'zod';
import { EventNames } from '../contract/events.ts';
import { Timestamp } from './common.ts';

export const RegisteredEvent = z.object({
  id: z.int(),
  event_name: z.enum(EventNames as [string, ...string[]], {
    error: (issue) => `expected an event name from the catalogue, got ${JSON.stringify(issue.input)}`,
  }),
});
export type RegisteredEvent = z.infer<typeof RegisteredEvent>;

export const Webhook = z.object({
  id: z.int(),
  name: z.string(),
  url: z.string(),
  method_type: z.string(),
  status: z.int(),
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
