import type { FaultDefinition } from './definition.ts';

export const webhookFaults = {
  // Register Webhook
  'register-webhook-200': {
    clause: 'register-webhook.created',
    description: 'Register Webhook answers 200 instead of 201.',
  },
  'register-webhook-flat-data': {
    clause: 'register-webhook.data',
    description: 'Register Webhook returns the webhook as `data` itself, without `plain_secret`.',
  },
  'register-webhook-no-plain-secret': {
    clause: 'register-webhook.data',
    description: 'Register Webhook answers `data` = `{webhook}`, without `plain_secret`.',
  },
  'register-webhook-secret-ignored': {
    clause: 'register-webhook.secret-echo',
    description: 'A supplied secret is ignored: `plain_secret` is a generated one.',
  },
  'register-webhook-secret-varchar-32': {
    clause: 'register-webhook.secret-echo',
    description:
      'A supplied secret is stored in a column of 32 characters: a longer one is cut to its first 32, and `plain_secret` is what was stored.',
  },
  'register-webhook-secret-base64url': {
    clause: 'register-webhook.secret-echo',
    description:
      'A supplied secret is normalised as URL-safe base64 before it is stored: `+` becomes `-`, `/` becomes `_`, trailing `=` are dropped, and `plain_secret` is what was stored.',
  },
  'register-webhook-secret-empty-when-omitted': {
    clause: 'register-webhook.secret-generated',
    description: 'Without a supplied secret, `plain_secret` is an empty string (read back from the request).',
  },
  'register-webhook-events-first-only': {
    clause: 'register-webhook.echo',
    description: 'Only the first requested event is stored.',
  },
  'register-webhook-drops-unknown-events': {
    clause: 'register-webhook.validation',
    description: 'Event names not in the catalogue are dropped silently instead of rejected.',
  },
  'register-webhook-keeps-unknown-events': {
    clause: 'webhook.registered-event-shape',
    description:
      'Register Webhook skips the catalogue check: event names outside it are stored and answered in `events`, with 201.',
  },
  'update-webhook-keeps-unknown-events': {
    clause: 'webhook.registered-event-shape',
    description:
      'Update Webhook skips the catalogue check: event names outside it are stored and answered in `events`, with 200.',
  },
  'register-webhook-validation-400': {
    clause: 'register-webhook.validation',
    description: 'Register Webhook answers an invalid body with 400 instead of 422.',
  },
  'webhook-secret-min-33': {
    clause: 'webhook.secret-min-length',
    description: 'Off by one: a secret of exactly 32 characters is rejected.',
  },
  'webhook-secret-in-resource': {
    clause: 'webhook.secret-not-stored',
    description: 'The webhook resource carries its secret (a `secret` field) in register and update responses.',
  },
  'webhook-status-string': {
    clause: 'webhook.shape',
    description: 'The webhook `status` is rendered as the string "1", not an integer.',
  },
  'webhook-events-as-names': {
    clause: 'webhook.registered-event-shape',
    description: '`events` comes back as an array of names, not of `{id, event_name}`.',
  },

  // Update Webhook
  'update-webhook-201': { clause: 'update-webhook.ok', description: 'Update Webhook answers 201 instead of 200.' },
  'update-webhook-refuses-every-body': {
    clause: 'update-webhook.ok',
    description: 'Update Webhook answers 422 to every body (its validation rules ask for a field no body has).',
  },
  'update-webhook-wrapped': {
    clause: 'update-webhook.data-is-webhook',
    description: 'Update Webhook wraps the webhook as `data.webhook`.',
  },
  'update-webhook-keeps-method-and-status': {
    clause: 'update-webhook.applies-changes',
    description: 'Update Webhook ignores `method_type` and `status`: they keep their registered values.',
  },
  'update-webhook-events-appended': {
    clause: 'update-webhook.applies-changes',
    description: 'Update Webhook adds the sent events to the old ones instead of replacing them.',
  },
  'update-webhook-updated-at-local-time': {
    clause: 'update-webhook.updated-after-created',
    description:
      '`updated_at` is written in local time (UTC-3) while `created_at` is UTC, so it reads hours before it.',
  },
  'update-webhook-validation-400': {
    clause: 'update-webhook.validation',
    description: 'Update Webhook answers an invalid body with 400 instead of 422.',
  },
  'update-webhook-unknown-id-upserts': {
    clause: 'update-webhook.unknown-id',
    description: 'Updating an unknown id creates a webhook with that id and answers 200.',
  },
  'webhook-events-put-replaces-catalogue': {
    clause: 'webhook-events.not-an-identifier',
    description:
      'PUT /webhooks/events is taken as a write to the catalogue: it answers 200 and the catalogue becomes the sent events.',
  },
  'webhook-events-put-refused-after-write': {
    clause: 'webhook-events.not-an-identifier',
    description:
      'PUT /webhooks/events writes the sent events into the catalogue before the webhook is looked up, then answers as for an unknown identifier: refused, but the catalogue changed.',
  },
  'webhook-events-put-updates-a-webhook': {
    clause: 'webhook-events.not-an-identifier',
    description:
      'PUT /webhooks/events reaches Update Webhook, which reads the non-numeric identifier as the latest webhook (a lookup without its where clause): it updates that webhook and answers 200 with it.',
  },

  // Webhook Events
  'webhook-events-201': {
    clause: 'webhook-events.ok',
    description: "Webhook Events answers 201 (its controller was copied from Register Webhook's).",
  },
  'webhook-events-wrapped': {
    clause: 'webhook-events.ok',
    description: 'Webhook Events answers `data` = `{events: [...]}` instead of the array itself.',
  },
  'webhook-events-entry-name': {
    clause: 'events.entry-shape',
    description: 'Catalogue entries are `{name, label}` instead of `{value, label}`.',
  },
  'webhook-events-incomplete': {
    clause: 'events.catalogue',
    description: 'The event catalogue leaves out `customer.welcome`.',
  },
  'webhook-catalogue-sorted-on-register': {
    clause: 'events.catalogue',
    description: 'Registering a webhook sorts the shared catalogue array in place, so its order changes.',
  },

  // Deliveries
  'delivery-never-sent': { clause: 'webhook.delivery-destination', description: 'No webhook delivery is ever sent.' },
  'delivery-update-emits-created': {
    clause: 'webhook.delivery-destination',
    description: 'Updating a product emits `product.created` instead of `product.updated`.',
  },
  'delivery-method-put': {
    clause: 'webhook.delivery-method',
    description: "Deliveries are sent with PUT whatever the webhook's `method_type`.",
  },
  'delivery-get-with-query': {
    clause: 'webhook.delivery-method',
    description:
      "Deliveries are sent with GET and the payload in the query string, whatever the webhook's `method_type` (an HTTP client's get(url, payload)).",
  },
  'delivery-method-get': {
    clause: 'webhook.delivery-method',
    description: "Deliveries are sent with GET, the JSON body still sent, whatever the webhook's `method_type`.",
  },
  'delivery-get-ping': {
    clause: 'webhook.delivery-method',
    description:
      "Deliveries are a GET without a body, naming only the event (in `x-store-event`), whatever the webhook's `method_type`: the receiver is to fetch the rest.",
  },
  'delivery-form-encoded': {
    clause: 'webhook.delivery-json',
    description: 'Deliveries are form-encoded (`payload=<json>`, application/x-www-form-urlencoded).',
  },
  'delivery-payload-without-event': {
    clause: 'webhook.delivery-names-event',
    description: 'The delivery body does not name its event.',
  },
  'delivery-signature-over-reserialized-body': {
    clause: 'webhook.delivery-signature',
    description: 'The signature is computed over pretty-printed JSON while the body is sent compact.',
  },
  'delivery-ignores-subscription': {
    clause: 'webhook.delivery-subscription',
    description: 'Every active webhook is notified of every event, subscribed or not.',
  },
} as const satisfies Record<string, FaultDefinition>;
