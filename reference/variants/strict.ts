/**
 * The strict reference (REFERENCE_VARIANT=strict): the standard reference, holding requests to the
 * strictest rules a real store may have where the spec is silent. It takes only the tag names it has,
 * refuses a second product with another's slug or sku and a second webhook subscribed to one of another's
 * events at the same url, takes status 1 only, sends a url a GET before registering it, changes a webhook's secret only through Refresh Secret (an update sending
 * `secret` is refused), takes secrets of letters and digits only, answers a `per_page` below 5 at 5,
 * and requires date fields beside `is_enable_date_range: true`. A suite that passes against it sends nothing whose acceptance the spec
 * does not state, where a verdict rests on it.
 */
import profile from '../../profiles/strict.json' with { type: 'json' };
import { seedProduct } from '../store.ts';
import type { ReferenceChoices } from './choices.ts';
import { standardChoices } from './standard.ts';

export const strictChoices: ReferenceChoices = {
  ...standardChoices,
  variant: 'strict',
  seed: {
    ids: profile,
    brandNames: [
      ['سامسونج', 'Samsung'],
      ['إل جي', 'LG'],
      ['كانون', 'Canon'],
    ],
    products: [
      seedProduct('physical', ['مصباح', 'Lamp'], 80, { sku: 'STRICT-LAMP' }),
      seedProduct('booking', ['جولة', 'Tour'], 300, { sku: 'STRICT-TOUR' }),
      seedProduct('service', ['تنظيف', 'Cleaning'], 120, { sku: 'STRICT-CLEAN', published: false }),
    ],
  },
  ids: { first: 500, step: 3 },
  unpublishedStatusIds: [23],
  list: { ...standardChoices.list, defaultPerPage: 10, minPerPage: 5, underMinPerPage: 'raise' },
  bodies: {
    ...standardChoices.bodies,
    // Fields the spec does not list are ignored, so that the date fields it requires can be sent.
    unlistedFields: 'ignore',
    tags: 'existing-only',
    uniqueSlugAndSku: true,
    dateRangeRequires: ['date_range_start', 'date_range_end'],
  },
  webhooks: {
    ...standardChoices.webhooks,
    // A webhook is on, or deleted: no status switches it off.
    statuses: [1],
    uniqueUrlAndEvent: true,
    checkUrlOnRegister: true,
    secretOnUpdate: 'refuse',
    secretCharacters: 'letters-and-digits',
  },
};
