/** Building blocks the spec's conventions fix (What the service does). */
import { z } from 'zod';

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** `YYYY-MM-DD HH:MM:SS`, and a real date and time (no 2026-02-30, no 24:00:00). */
export const Timestamp = z.string().refine(
  (value) => {
    const m = TIMESTAMP.exec(value);
    if (!m) return false;
    const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    return (
      date.getUTCFullYear() === y &&
      date.getUTCMonth() === mo - 1 &&
      date.getUTCDate() === d &&
      h < 24 &&
      mi < 60 &&
      s < 60
    );
  },
  { error: (issue) => `expected a timestamp "YYYY-MM-DD HH:MM:SS", got ${JSON.stringify(issue.input)}` },
);
export type Timestamp = z.infer<typeof Timestamp>;

/** Compares two spec timestamps; their fixed-width form sorts as text. */
export function timestampOrder(a: Timestamp, b: Timestamp): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Image fields are absolute URL strings (Conventions: Image fields). */
export const AbsoluteUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { error: (issue) => `expected an absolute http(s) URL, got ${JSON.stringify(issue.input)}` },
);

/** Human-readable fields in two languages, keyed `ar` and `en` (Conventions: Bilingual text). */
export const BilingualText = z.object({ ar: z.string(), en: z.string() });
export type BilingualText = z.infer<typeof BilingualText>;

/** The success envelope: `status` = `success`, a string `message`, and `data`. Extra keys are allowed. */
export const Envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string(), data });
