import type { FaultDefinition } from '../faults.ts';

export const webhookFaults = {
  'register-webhook-200': { clause: 'register-webhook.created', description: 'Register Webhook answers 200 instead of 201.' },
  'register-webhook-flat-data': { clause: 'register-webhook.data', description: 'Register Webhook returns the webhook as `data` itself, without `plain_secret`.' },
  'webhook-events-incomplete': { clause: 'events.catalogue', description: 'The event catalogue leaves out `customer.welcome`.' },
  'update-webhook-wrapped': { clause: 'update-webhook.data-is-webhook', description: 'Update Webhook wraps the webhook as `data.webhook`.' },
  'delivery-never-sent': { clause: 'webhook.delivery-destination', description: 'No webhook delivery is ever sent.' },
} as const satisfies Record<string, FaultDefinition>;
