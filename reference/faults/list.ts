/**
 * Faults of List Products: realistic bugs of a paginated, filtered list (off-by-one offsets, a floor
 * for a ceiling, links built from the wrong page, a filter that is parsed but never applied...).
 */
import type { FaultDefinition } from './definition.ts';

export const listFaults = {
  'list-products-206': {
    clause: 'list-products.ok',
    description: 'List Products answers 206 Partial Content (a page of a longer list) instead of 200.',
  },
  'list-products-no-pagination': {
    clause: 'list-products.ok',
    description: 'List Products leaves out `data.pagination`.',
  },

  // --- The list item ------------------------------------------------------------------------------
  'list-sku-missing': { clause: 'list-products.item-shape', description: 'List items leave out `sku`.' },
  'list-omits-service-products': {
    clause: 'list-products.lists-created',
    description:
      'List Products applies a default type filter that leaves out service products: a created service product is never listed.',
  },
  'list-item-sku-null': {
    clause: 'list-products.item-matches-product',
    description: 'List items carry `sku` = null although the product has one.',
  },
  'list-type-code': {
    clause: 'list-products.type-labels',
    description: 'List items carry the type code (`booking`) instead of its label (`حجز`).',
  },
  'list-type-labels-swapped': {
    clause: 'list-products.type-labels',
    description: 'Booking products are labelled `خدمة` and service products `حجز`.',
  },
  'list-image-relative': {
    clause: 'conventions.image-absolute-url',
    description: 'List items carry `image` as a path (`/media/1.jpg`), not an absolute URL.',
  },
  'list-no-image-null': {
    clause: 'conventions.image-placeholder',
    description:
      'List items of products without an image carry `image: null` (the list joins the media table, and no row is no URL) instead of the placeholder URL.',
  },
  'list-languages-swapped': {
    clause: 'product.bilingual-mapping',
    description:
      'List items carry `name`, `summary` and `description` with their languages swapped: `.ar` holds what was sent as `_en`, and `.en` what was sent as `_ar`.',
  },

  // --- Pagination ---------------------------------------------------------------------------------
  'list-pagination-strings': {
    clause: 'pagination.shape',
    description: 'The pagination integers (`total`, `current_page`, `last_page`, `per_page`) are rendered as strings.',
  },
  'list-total-on-page': {
    clause: 'pagination.total',
    description: '`total` counts the items on this page, not all matching products.',
  },
  'list-total-counts-deleted': {
    clause: 'pagination.total',
    description:
      '`total` counts one product more than the list shows (a deleted one, counted without the soft-delete scope), and `last_page` follows it.',
  },
  'list-total-ignores-filters': {
    clause: 'pagination.total',
    description:
      '`total` counts every product of the store whatever the filters (counted before the filters are applied), and `last_page` follows it; the items are filtered.',
  },
  'list-last-page-ignores-filters': {
    clause: 'pagination.last-page',
    description:
      '`last_page` is the number of pages of the whole store whatever the filters; `total` and the items are filtered.',
  },
  'list-last-page-floor': {
    clause: 'pagination.last-page',
    description: '`last_page` is floor(total / per_page) (at least 1): a partly filled last page is not counted.',
  },
  'list-current-page-zero-based': {
    clause: 'pagination.page-params',
    description: '`current_page` is the requested page minus one.',
  },
  'list-per-page-default-echo': {
    // Pages are cut at the size asked for, so last_page no longer matches the per_page the answer gives.
    clause: 'pagination.last-page',
    description: '`per_page` reports the default page size, not the requested one the pages are cut at.',
  },
  'list-page-offset-zero-based': {
    clause: 'pagination.page-params',
    description: 'Page p starts at item p·per_page (page 1 shows the second page).',
  },
  'list-page-short': {
    clause: 'pagination.page-params',
    description: 'Every page holds one item fewer than it should (slice end off by one).',
  },
  'list-page-skips-an-item': {
    clause: 'pagination.page-params',
    description:
      'Every page after the first starts one item late: the first item of page 2 never shows, and the last page holds one item fewer than total and per_page leave for it (total itself is right).',
  },
  'list-past-last-clamped': {
    clause: 'pagination.page-params',
    description: "A page past the last serves the last page's items.",
  },
  'list-links-unprefixed': {
    clause: 'pagination.links',
    description: 'Pagination links point at `/products`, not `/api/core/v1/products`.',
  },
  'list-links-stale': {
    clause: 'pagination.link-pages',
    description: 'Both pagination links name the current page instead of its neighbours.',
  },
  'list-next-on-last-page': {
    clause: 'pagination.link-pages',
    description:
      'The last page still has a `next_page_url` (current_page <= last_page): a link to page last_page + 1, no page of the list.',
  },
  'list-prev-on-first-page': {
    clause: 'pagination.link-pages',
    description: 'Page 1 has a `prev_page_url` to page 0, no page of the list.',
  },
  'list-empty-next-link': {
    clause: 'pagination.empty',
    description:
      'An empty result has last_page 0 and a `next_page_url`, given whenever current_page differs from last_page.',
  },
  'list-walk-overlap': {
    clause: 'pagination.walk',
    description:
      'Pages after the first start one item early, each holding as many items as it should: the last item of a page shows again on the next, and the last item of the list never shows.',
  },
  'list-walk-skip': {
    clause: 'pagination.walk',
    description:
      'Pages between the first and the last start one item late, each holding as many items as it should: the first item after page 1 never shows, and the first item of the last page shows twice.',
  },
  'list-unstable-order': {
    clause: 'pagination.walk',
    description:
      'The list is ordered by price alone, ties in any order per request: walking the pages repeats some products and misses others.',
  },

  // --- Filters -------------------------------------------------------------------------------------
  'list-search-ignored': { clause: 'list-products.filter-search', description: '`search` is accepted and ignored.' },
  'list-sku-ignored': { clause: 'list-products.filter-sku', description: '`sku` is accepted and ignored.' },
  'list-published-inverted': {
    clause: 'list-products.filter-published',
    description: '`is_published=1` returns the unpublished products.',
  },
  'list-tags-ignored': { clause: 'list-products.filter-tags', description: '`tag_ids[]` is accepted and ignored.' },
  'list-brands-ignored': {
    clause: 'list-products.filter-brands',
    description: '`brand_ids[]` is accepted and ignored.',
  },
  'list-categories-ignored': {
    clause: 'list-products.filter-categories',
    description: '`category_ids[]` is accepted and ignored.',
  },
  'list-min-price-ignored': {
    clause: 'list-products.filter-price',
    description: '`min_price` is accepted and ignored.',
  },
  'list-max-price-ignored': {
    clause: 'list-products.filter-price',
    description: '`max_price` is accepted and ignored.',
  },
  'list-price-bounds-exclusive': {
    clause: 'list-products.filter-price-inclusive',
    description: 'Price bounds are exclusive: a product priced exactly at a bound is dropped.',
  },
  'list-date-from-ignored': {
    clause: 'list-products.filter-dates',
    description: '`date_from` is accepted and ignored.',
  },
  'list-date-to-ignored': { clause: 'list-products.filter-dates', description: '`date_to` is accepted and ignored.' },
  'list-filters-first-only': {
    clause: 'list-products.filter-combined',
    description: 'Only the first filter given is applied (an if / else-if chain).',
  },
} as const satisfies Record<string, FaultDefinition>;
