/** Building blocks the spec's conventions fix (What the service does). */
import { z } from 'zod';

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** `YYYY-MM-DD HH:MM:SS`, and a real date and time (no 2026-02-30, no 24:00:00). */
export const Timestamp = z
  .string()
  .regex(TIMESTAMP, {
    error: (issue) => `expected a timestamp "YYYY-MM-DD HH:MM:SS", got ${JSON.stringify(issue.input)}`,
  })
  .refine(
    (value) => {
      const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = (TIMESTAMP.exec(value) ?? []).slice(1).map(Number);
      const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
      return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
    },
    { error: (issue) => `expected a real date and time, got ${JSON.stringify(issue.input)}` },
  )
  .meta({ description: 'A timestamp of the form YYYY-MM-DD HH:MM:SS (Conventions: Timestamps).' });
export type Timestamp = z.infer<typeof Timestamp>;

/** Compares two spec timestamps; their fixed-width form sorts as text. */
export function timestampOrder(a: Timestamp, b: Timestamp): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Image fields are absolute URL strings (Conventions: Image fields). */
export const AbsoluteUrl = z
  .string()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: (issue) => `expected an absolute http(s) URL, got ${JSON.stringify(issue.input)}` },
  )
  .meta({ format: 'uri', description: 'An absolute http(s) URL (Conventions: Image fields).' });

/** Human-readable fields in two languages, keyed `ar` and `en` (Conventions: Bilingual text). */
export const BilingualText = z.object({ ar: z.string(), en: z.string() });
export type BilingualText = z.infer<typeof BilingualText>;

/** The success envelope: `status` = `success`, a string `message`, and `data`. Extra keys are allowed. */
export const Envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string(), data });

/** `Content-Type: application/json` (Conventions: Body format), parameters such as charset allowed. */
export const JSON_CONTENT_TYPE = /^application\/json\s*(?:;|$)/i;

/**
 * What the spec calls an integer: a JSON number without a fraction, at any size. zod's own integers are
 * bounded (`z.int()` to JavaScript's safe integers, `z.int32()` to 32 bits), and the spec gives no bound:
 * a store echoing `page=1e20` as its `current_page` answers an integer. JSON Schema's `integer` is
 * unbounded too, so the OpenAPI document says `type: integer` and nothing more.
 */
export const Integer = z
  .number()
  .refine(Number.isInteger, { error: (issue) => `expected an integer, got ${JSON.stringify(issue.input)}` })
  .meta({ type: 'integer' });
export type Integer = z.infer<typeof Integer>;

/** An integer id, for reading just the id a set-up step needs. */
export const WithId = z.object({ id: Integer });
