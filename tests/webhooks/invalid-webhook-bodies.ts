/**
 * Bodies Register Webhook and Update Webhook must answer with 422. The spec documents 422 ("validation
 * error") for both without listing its conditions, so every case is a reading (`*.validation`,
 * @assumed), and each breaks exactly one documented rule of a valid body: a field's type, the
 * catalogue of event names, the URL the destination is, the secret length the sample indicates.
 * Values are chosen so no lenient framework coerces them into valid ones ("1" for 1, say).
 */
import type { Make } from '../../fixtures/index.ts';
import type { WebhookBody } from '../../support/api/bodies.ts';

export interface InvalidWebhookBody {
  /** Ends the sentence "answers 422 to …". */
  readonly case: string;
  readonly body: (valid: WebhookBody, make: Make) => unknown;
  /** Invalid for registration only: an empty update can validly be a no-op. */
  readonly registerOnly?: true;
}

export const invalidWebhookBodies: readonly InvalidWebhookBody[] = [
  {
    case: 'an event name that is not in the catalogue',
    body: (valid) => ({ ...valid, events: ['order.created', 'product.exploded'] }),
  },
  {
    case: 'a secret of 31 characters (the sample indicates at least 32)',
    body: (valid, make) => ({ ...valid, secret: make.secret(31) }),
  },
  { case: 'an empty JSON object', body: () => ({}), registerOnly: true },
  { case: 'events as a string instead of an array', body: (valid) => ({ ...valid, events: 'order.created' }) },
  { case: 'a url that is not a URL', body: (valid) => ({ ...valid, url: 'not a url' }) },
  { case: 'a status that is not an integer', body: (valid) => ({ ...valid, status: 'enabled' }) },
  { case: 'a name that is not a string', body: (valid) => ({ ...valid, name: 12345 }) },
];
