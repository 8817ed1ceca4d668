/**
 * What the observation tests record of a target's deliveries, where the spec says "not shown": names,
 * counts and times, never values. Written by the tests as annotations, merged into the conformance
 * report (its format imports these schemas), never judged.
 */
import { z } from 'zod';

const count = z.int().nonnegative();

/** A header name as HTTP allows it (a token), lowercase: never a value. */
const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9a-z-]{1,100}$/);
const HeaderNames = z.array(HeaderName);
/** A JSON key of a delivery body (a name, never a value). */
const FieldNames = z.array(z.string().max(100)).max(100);

export const ObservedHeaders = z
  .strictObject({
    deliveries: count.describe('How many deliveries the names were read from.'),
    names: HeaderNames.describe('Every header name seen on them, lowercase and sorted. Values are never recorded.'),
    recognised: z
      .strictObject({
        id: HeaderNames.describe('Names of a delivery or message id (webhook-id, x-…-delivery, idempotency-key, …).'),
        timestamp: HeaderNames.describe('Names of a send time (webhook-timestamp, x-…-timestamp, …).'),
        signature: HeaderNames.describe(
          'Names of a signature (webhook-signature, x-…-signature, x-hub-signature-256, WEBHOOK_SIGNATURE_HEADER, …).',
        ),
        event: HeaderNames.describe("Names of a header carrying the delivery's event name (its value was that name)."),
      })
      .describe('The names the suite recognises, by role.'),
  })
  .meta({ id: 'ObservedHeaders' });
export type ObservedHeaders = z.infer<typeof ObservedHeaders>;

export const ObservedRetries = z
  .strictObject({
    answeredWith: z.int().describe('The status the inbox answered every attempt with.'),
    windowMs: count.describe('How long the inbox was watched after the first attempt (OBSERVE_RETRY_WINDOW_MS).'),
    attempts: count.describe('Attempts of the one delivery seen within the window, the first included.'),
    offsetsMs: z.array(z.number()).describe('When each attempt arrived, in ms after the first.'),
    intervalsMs: z.array(z.number()).describe('Between consecutive attempts, in ms.'),
    pattern: z
      .enum(['no retry', 'one retry', 'constant', 'increasing', 'irregular'])
      .describe('How the intervals run: `increasing` when each is at least 1.5 times the one before (backoff).'),
    quietAfterLastMs: z
      .number()
      .describe('From the last attempt to the end of the window: a retry later than that does not show.'),
    summary: z.string(),
  })
  .meta({ id: 'ObservedRetries' });
export type ObservedRetries = z.infer<typeof ObservedRetries>;

export const ObservedRepeats = z
  .strictObject({
    windowMs: count.describe('How long the inbox was watched after the last expected delivery.'),
    events: z
      .array(z.strictObject({ event: z.string(), deliveries: count, repeats: count }))
      .describe(
        'Per event caused once: the deliveries of it (its copies included) and the repeats among them, a repeat being a later delivery with the same id header value or the same body bytes.',
      ),
    others: count.describe('Deliveries about the product that were a copy of neither event.'),
    deliveredOnce: z.boolean().describe('Whether each event arrived exactly once.'),
    summary: z.string(),
  })
  .meta({ id: 'ObservedRepeats' });
export type ObservedRepeats = z.infer<typeof ObservedRepeats>;

export const ObservedPayload = z
  .strictObject({
    event: z.string(),
    body: z.enum(['json object', 'json, not an object', 'not json']),
    topLevelKeys: FieldNames.describe('The keys of the body, in the order sent.'),
    productPath: z
      .string()
      .nullable()
      .describe(
        "Where the product object sits (`data`, `data.product`; empty for the body itself): the shallowest object whose id key holds the product's id. Null when none does.",
      ),
    productKeys: FieldNames.describe('The keys of that object, in the order sent.'),
  })
  .meta({ id: 'ObservedPayload' });
export type ObservedPayload = z.infer<typeof ObservedPayload>;

/** What one observation test hands the reporter (an `observed-delivery` annotation, as JSON). */
export const DeliveryObservation = z.strictObject({
  headers: ObservedHeaders.optional(),
  payloads: z.array(ObservedPayload).optional(),
  repeats: ObservedRepeats.optional(),
  retries: ObservedRetries.optional(),
});
export type DeliveryObservation = z.infer<typeof DeliveryObservation>;
