/** The choices of which webhook bodies are taken, how secrets are made, and how deliveries go out. */
import { randomBytes } from 'node:crypto';
import { signatureOf } from '../../../support/contract/embedded-targets.ts';
import { area, set, type AreaEntries } from './entry.ts';
import { SpecWords as W } from './spec-words.ts';

export const webhookChoices: AreaEntries = area('webhooks', {
  'post-only': {
    spec: [W.methodType],
    does: '`method_type` takes `POST` only (else `POST`, `PUT`, `PATCH`).',
    change: set('webhooks', { methodTypes: ['POST'] }),
  },
  'webhook-status-1-only': {
    spec: [W.webhookStatus],
    does: '`status` takes 1 only, 0 is refused with 422: a webhook is on, or deleted (else 0 or 1).',
    change: set('webhooks', { statuses: [1] }),
  },
  'unique-url-and-event': {
    spec: [W.eventNames, W.conditions422],
    does: 'A registration or update sharing its url with another webhook subscribed to one of the same events is refused with 422.',
    change: set('webhooks', { uniqueUrlAndEvent: true }),
  },
  'one-webhook-per-event': {
    spec: [W.eventNames, W.conditions422],
    does: 'An event has one webhook at most: a registration or update subscribing to an event another webhook has is refused with 422, whatever the url.',
    change: set('webhooks', { oneWebhookPerEvent: true }),
  },
  'url-checked-on-register': {
    spec: [W.destination],
    does: 'A registration first sends the url a GET, and answers once it is answered (or fails): no delivery.',
    change: set('webhooks', { checkUrlOnRegister: true }),
  },
  'secret-refused-on-update': {
    spec: [W.updateBody, W.refreshSecret],
    does: 'An Update Webhook sending `secret` is refused with 422: secrets change through Refresh Secret only.',
    change: set('webhooks', { secretOnUpdate: 'refuse' }),
  },
  'secret-letters-and-digits': {
    spec: [W.secret],
    does: 'A `secret` of other characters than letters and digits is refused with 422.',
    change: set('webhooks', { secretCharacters: 'letters-and-digits' }),
  },
  'hex-secret': {
    spec: [W.secretOmitted],
    does: 'The secret of a webhook registered without one is 64 hex characters (else `whsec_<base64>`).',
    change: set('webhooks', { generateSecret: () => randomBytes(32).toString('hex') }),
  },
  'resolvable-destinations': {
    spec: [W.destination, W.conditions422],
    does: 'A url whose host does not resolve (under `.invalid`) is refused with 422, on register and update.',
    change: set('webhooks', { destinations: 'resolvable' }),
  },
  'public-https-destinations': {
    spec: [W.destination, W.conditions422],
    does: 'A url that is not https to a public host that resolves (no localhost, loopback, private or link-local address) is refused with 422, on register and update.',
    change: set('webhooks', { destinations: 'public-https' }),
  },
});

export const deliveryChoices: AreaEntries = area('deliveries', {
  'hmac-signature': {
    spec: [W.delivery],
    does: 'Deliveries carry `sha256=<base64 HMAC-SHA256 of the body>` in `x-store-signature` (else Standard Webhooks headers).',
    change: set('deliveries', { signature: signatureOf(['hmac-signature']), signaturePrefix: 'sha256=' }),
  },
  'single-attempt': {
    spec: [W.delivery],
    does: 'A delivery is attempted once (else up to 4 attempts, with backoff).',
    change: set('deliveries', { maxAttempts: 1 }),
  },
  'deliveries-from-a-queue': {
    spec: [W.delivery],
    does: 'A delivery leaves 2 to 5 s after the write that caused it, a delay drawn per delivery (a queue and its workers); else at once.',
    change: set('deliveries', { leaveAfterMs: { min: 2_000, max: 5_000 } }),
  },
});
