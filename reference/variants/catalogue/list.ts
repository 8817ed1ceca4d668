/** The choices of ids and of List Products: page sizes, order, the token, labels, when writes show. */
import { ProductTypeLabels } from '../../../support/contract/events.ts';
import type { ProductType } from '../../store.ts';
import { area, set, type AreaEntries } from './entry.ts';
import { SpecWords as W } from './spec-words.ts';

const EnglishTypeLabels: Record<ProductType, string> = {
  physical: 'Physical',
  digital: 'Digital',
  booking: 'Booking',
  service: 'Service',
};

/** The first language of an Accept-Language header is Arabic (`ar`, `ar-SA`...). */
const prefersArabic = (acceptLanguage: string | undefined) =>
  /^ar(-|$)/i.test(acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() ?? '');

export const idChoices: AreaEntries = area('ids', {
  'ids-from-7340001-step-7': {
    spec: [W.identifier],
    does: 'Product, webhook, registered event and tag ids start at 7340001 and step by 7.',
    change: (choices) => ({ ...choices, ids: { first: 7_340_001, step: 7 } }),
  },
  'ids-from-500-step-3': {
    spec: [W.identifier],
    does: 'Product, webhook, registered event and tag ids start at 500 and step by 3.',
    change: (choices) => ({ ...choices, ids: { first: 500, step: 3 } }),
  },
});

export const listChoices: AreaEntries = area('list', {
  'default-page-size-8': {
    spec: [W.listOpen],
    does: 'A list asked without `per_page` holds 8 products a page.',
    change: set('list', { defaultPerPage: 8 }),
  },
  'default-page-size-10': {
    spec: [W.listOpen],
    does: 'A list asked without `per_page` holds 10 products a page.',
    change: set('list', { defaultPerPage: 10 }),
  },
  'max-page-size-20': {
    spec: [W.maxPerPage],
    // A maximum well below the usual 50 or 100: a suite that asks more than it needs fails here.
    does: 'The largest page holds 20 products.',
    change: set('list', { maxPerPage: 20 }),
  },
  'page-size-over-max-refused': {
    spec: [W.maxPerPage, W.conditions422],
    does: 'A `per_page` above the largest is refused with 422 (else answered at the largest).',
    change: set('list', { overMaxPerPage: 'refuse' }),
  },
  'page-size-under-5-raised': {
    spec: [W.listOpen],
    does: 'The smallest page holds 5 products: a `per_page` below 5 is answered at 5 (else below 1 is refused).',
    change: set('list', { minPerPage: 5, underMinPerPage: 'raise' }),
  },
  'page-past-last-refused': {
    spec: [W.pagination, W.otherStatuses],
    does: 'A page past the last is refused (404, `page-out-of-range`), not answered empty.',
    change: set('list', { pastLastPage: 'refuse' }),
  },
  'oldest-first': {
    spec: [W.listData],
    does: 'The list is oldest first (else newest first).',
    change: set('list', { order: 'oldest-first' }),
  },
  'list-requires-token': {
    spec: [W.listToken],
    does: 'List Products needs the bearer token, as the other operations do.',
    change: set('list', { requiresToken: true }),
  },
  'english-type-labels': {
    spec: [W.typeLabels, W.languages],
    does: 'List type labels are `Physical`, `Digital`, `Booking`, `Service` unless Accept-Language is Arabic.',
    change: set('list', {
      typeLabel: (type, acceptLanguage) =>
        (prefersArabic(acceptLanguage) ? ProductTypeLabels : EnglishTypeLabels)[type],
    }),
  },
  'list-shows-writes-late': {
    spec: [W.listData],
    does: 'List Products shows a product created or updated 0.5 to 2 s after the write (a search index fed by a queue): until then not at all, or with its old values.',
    change: set('list', { writesShowAfterMs: { min: 500, max: 2_000 } }),
  },
});
