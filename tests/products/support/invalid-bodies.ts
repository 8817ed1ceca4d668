/**
 * Invalid product bodies, one row per case: each breaks one documented type or format with a value no
 * reasonable reading accepts (the price "free", not "49.90", which some frameworks take as a number).
 * Which fields are required is not shown, so no case leaves a field out. A row is the change to make to
 * a valid body (create) or the whole body (PATCH, where every field may be left out).
 */
import { checkboxOption, priceTable, radioOption, type BuildContext } from '../../../fixtures/builders/products.ts';
import type { ClauseId } from '../../../support/contract/clauses.ts';

/** The bodies a case applies to: fields common to both, or the booking or service ones. */
export type BodyKind = 'booking' | 'service';

export interface InvalidBodyCase {
  /** Names the case, after "answers 422 when …". */
  readonly title: string;
  readonly kinds: readonly BodyKind[];
  /** Clauses beyond the operation's validation clause. */
  readonly clauses: readonly ClauseId[];
  readonly change: (ctx: BuildContext) => Record<string, unknown>;
}

const both: readonly BodyKind[] = ['booking', 'service'];
const optionTable: readonly ClauseId[] = ['product-option.table-required'];
const window = (start: string, end: string) => ({ start, end });

const cases: readonly InvalidBodyCase[] = [
  // Wrong JSON types for typed common fields.
  { title: 'price is the text "free", not a number', kinds: both, clauses: [], change: () => ({ price: 'free' }) },
  {
    title: 'category is a single id, not an array',
    kinds: both,
    clauses: [],
    change: ({ profile }) => ({ category: profile.categoryIds[0] }),
  },
  {
    title: 'category holds the text "shoes", not an id',
    kinds: both,
    clauses: [],
    change: () => ({ category: ['shoes'] }),
  },
  {
    title: 'tags is a string, not an array',
    kinds: both,
    clauses: [],
    change: ({ runId }) => ({ tags: `${runId}-summer` }),
  },
  {
    title: 'tags holds objects, not names',
    kinds: both,
    clauses: [],
    change: ({ runId }) => ({ tags: [{ name: `${runId}-summer` }] }),
  },
  {
    title: 'is_refundable is the text "yes", not a boolean',
    kinds: both,
    clauses: [],
    change: () => ({ is_refundable: 'yes' }),
  },
  {
    title: 'product_options is a string, not an array',
    kinds: both,
    clauses: [],
    change: () => ({ product_options: 'radio' }),
  },
  // Options of the two types that carry a price table, without one.
  {
    title: 'a radio option has options null',
    kinds: both,
    clauses: optionTable,
    change: ({ faker }) => ({ product_options: [{ ...radioOption(faker), options: null }] }),
  },
  {
    title: 'a checkbox option has options null',
    kinds: both,
    clauses: optionTable,
    change: ({ faker }) => ({ product_options: [{ ...checkboxOption(faker), options: null }] }),
  },
  {
    title: 'a price delta in a radio option is the text "free", not a number',
    kinds: both,
    clauses: optionTable,
    change: ({ faker }) => ({
      product_options: [{ ...radioOption(faker), options: { ...priceTable(faker), en: { Small: 'free' } } }],
    }),
  },
  // Availability (booking).
  {
    title: 'availability is a string, not an object',
    kinds: ['booking'],
    clauses: [],
    change: () => ({ availability: 'monday 09:00-17:00' }),
  },
  {
    title: 'an availability day is one window, not an array of windows',
    kinds: ['booking'],
    clauses: [],
    change: () => ({ availability: { monday: window('09:00', '10:00') } }),
  },
  {
    title: 'an availability window starts at "9:00", not HH:MM',
    kinds: ['booking'],
    clauses: [],
    change: () => ({ availability: { monday: [window('9:00', '10:00')] } }),
  },
  {
    title: 'an availability window ends at "1730", not HH:MM',
    kinds: ['booking'],
    clauses: [],
    change: () => ({ availability: { monday: [window('16:00', '1730')] } }),
  },
  {
    title: 'an availability window starts at "9am", not HH:MM',
    kinds: ['booking'],
    clauses: [],
    change: () => ({ availability: { monday: [window('9am', '11:00')] } }),
  },
  {
    title: 'availability has the key "funday", which is no weekday',
    kinds: ['booking'],
    clauses: [],
    change: () => ({ availability: { funday: [window('09:00', '10:00')] } }),
  },
  // Dates and link (service).
  {
    title: 'release_date is "15/01/2026", not YYYY-MM-DD',
    kinds: ['service'],
    clauses: [],
    change: () => ({ release_date: '15/01/2026' }),
  },
  {
    title: 'release_date is "2026-1-5", not YYYY-MM-DD',
    kinds: ['service'],
    clauses: [],
    change: () => ({ release_date: '2026-1-5' }),
  },
  {
    title: 'update_date is "next week", not YYYY-MM-DD',
    kinds: ['service'],
    clauses: [],
    change: () => ({ update_date: 'next week' }),
  },
  {
    title: 'preview_link is "not a link", not a URL',
    kinds: ['service'],
    clauses: [],
    change: () => ({ preview_link: 'not a link' }),
  },
  {
    title: 'preview_link is a number, not a URL',
    kinds: ['service'],
    clauses: [],
    change: () => ({ preview_link: 12345 }),
  },
];

/** The cases that apply to a booking or a service body. */
export function invalidBodies(kind: BodyKind): readonly InvalidBodyCase[] {
  return cases.filter((c) => c.kinds.includes(kind));
}
