/**
 * Faults of List Products: realistic bugs of a paginated, filtered list (off-by-one offsets, a floor
 * for a ceiling, links built from the wrong page, a filter that is parsed but never applied...).
 */
import { formatDate, formatTimestamp } from '../format.ts';
import type { Bend, HookContext, ListFilter, ListPageContext } from '../hooks.ts';
import { lastPageOf, type Page } from '../pagination.ts';
import type { ProductRecord } from '../store.ts';
import { isRecord, successData, successStatus, type FaultDefinition } from './definition.ts';

/** A list item (a product rendered in the list shape) changed by `map` where `when` holds. */
const listItem = (
  map: (item: Record<string, unknown>, context: HookContext<'product'>) => Record<string, unknown>,
  when: (context: HookContext<'product'>) => boolean = () => true,
): Bend<'product'> => ({
  when: (_, context) => context.shape === 'list' && when(context),
  bend: (item, context) => map({ ...item }, context),
});

const path = (url: unknown) => (typeof url === 'string' ? new URL(url).pathname : url);

/** The filter of a query parameter left out, when the query gives it. */
const ignored = (param: string): Bend<'listSelection'> => ({
  when: ({ filters }) => filters.some((f) => f.param === param),
  bend: (selection) => ({ ...selection, filters: selection.filters.filter((f) => f.param !== param) }),
});

/** A filter the query never asked for (a default scope, a join), added where `when` holds. */
const unasked = (
  param: string,
  value: unknown,
  keep: ListFilter['keep'],
  when?: Bend<'listSelection'>['when'],
): Bend<'listSelection'> => ({
  ...(when ? { when } : {}),
  bend: (selection) => ({ ...selection, filters: [...selection.filters, { param, value, keep }] }),
});

/** The filters of these parameters replaced by `keep`, when the query gives one. */
const refiltered = (
  params: readonly string[],
  keep: (filter: ListFilter) => ListFilter['keep'],
): Bend<'listSelection'> => ({
  when: ({ filters }) => filters.some((f) => params.includes(f.param)),
  bend: (selection) => ({
    ...selection,
    filters: selection.filters.map((f) => (params.includes(f.param) ? { ...f, keep: keep(f) } : f)),
  }),
});

/** The ids a filter of ids (`tag_ids[]`, `brand_ids[]`, `category_ids[]`) was given. */
const idsOf = (filter: ListFilter): readonly number[] =>
  Array.isArray(filter.value) ? filter.value.filter((id): id is number => typeof id === 'number') : [];

/** The filter of `param` kept by `keep` instead, where `when` holds of it. */
const refilteredWhen = (
  param: string,
  when: (filter: ListFilter) => boolean,
  keep: (ids: readonly number[]) => (product: ProductRecord) => boolean,
): Bend<'listSelection'> => ({
  when: ({ filters }) => filters.some((f) => f.param === param && when(f)),
  bend: (selection) => ({
    ...selection,
    filters: selection.filters.map((f) => (f.param === param && when(f) ? { ...f, keep: keep(idsOf(f)) } : f)),
  }),
});

/** A filter of several ids that applies only its first one (the parameter read as one value). */
const firstIdOnly = (param: string, has: (product: ProductRecord, id: number) => boolean): Bend<'listSelection'> =>
  refilteredWhen(
    param,
    (f) => idsOf(f).length > 1,
    ([first]) =>
      (p) =>
        first !== undefined && has(p, first),
  );

/** The filter of several ids of `param` applied to its first `count` ids only, when it is given more. */
const firstIds = (
  param: string,
  count: number,
  has: (product: ProductRecord, ids: readonly number[]) => boolean,
): Bend<'listSelection'> =>
  refilteredWhen(
    param,
    (f) => idsOf(f).length > count,
    (ids) => (p) => has(p, ids.slice(0, count)),
  );

/** The texts `search` looks in (the names and the sku), lower-cased, as the route reads them. */
const searched = (p: ProductRecord) => [p.name.ar, p.name.en, p.sku ?? ''].map((text) => text.toLowerCase());

/**
 * `search` matched as a pattern where it holds `wildcard`: that character matches `means` (a regular
 * expression), every other one itself, anywhere in a name or the sku.
 */
function wildcardSearch(wildcard: string, means: string): Bend<'listSelection'> {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const holds = (f: ListFilter) => f.param === 'search' && String(f.value).includes(wildcard);
  return {
    when: ({ filters }) => filters.some(holds),
    bend: (selection) => ({
      ...selection,
      filters: selection.filters.map((f) => {
        if (!holds(f)) return f;
        const pattern = new RegExp(String(f.value).toLowerCase().split(wildcard).map(escape).join(means));
        return { ...f, keep: (p: ProductRecord) => searched(p).some((text) => pattern.test(text)) };
      }),
    }),
  };
}

/** A page whose `total` and the count its `last_page` is made from are these; what follows from them follows. */
function recounted(page: Page, { page: asked, perPage }: ListPageContext, total: number, pages = total): Page {
  const lastPage = lastPageOf(pages, perPage);
  return { ...page, total, lastPage, hasNext: asked < lastPage, beyondLast: asked > lastPage };
}

/** The page's slice moved by `shift` items, where `when` holds. */
const shifted = (shift: number, when: (page: Page, context: ListPageContext) => boolean): Bend<'listPage'> => ({
  when,
  bend: (page) => ({ ...page, start: page.start + shift, end: page.end + shift }),
});

/** The pagination of a list answer, changed by `map` where `when` holds. */
const pagination = (
  map: (
    pagination: Record<string, unknown>,
    products: readonly unknown[],
    context: HookContext<'answer'>,
  ) => Record<string, unknown>,
  when: (pagination: Record<string, unknown>, context: HookContext<'answer'>) => boolean = () => true,
): Bend<'answer'> =>
  successData(
    'listProducts',
    (data, context) => ({
      ...data,
      pagination: map(data.pagination as Record<string, unknown>, data.products as unknown[], context),
    }),
    (data, context) =>
      typeof data.pagination === 'object' &&
      data.pagination !== null &&
      when(data.pagination as Record<string, unknown>, context),
  );

/** The pagination links of a list answer, each changed by `map`, where the answer has one and `when` holds. */
const links = (
  map: (link: URL, pagination: Record<string, unknown>) => void,
  when: (context: HookContext<'answer'>) => boolean = () => true,
): Bend<'answer'> =>
  pagination(
    (p) => {
      const relinked = (link: unknown) => {
        if (typeof link !== 'string') return link;
        const url = new URL(link);
        map(url, p);
        return url.toString();
      };
      return { ...p, next_page_url: relinked(p.next_page_url), prev_page_url: relinked(p.prev_page_url) };
    },
    (p, context) => (p.next_page_url !== null || p.prev_page_url !== null) && when(context),
  );

/** The query parameters a list request gives, by name (`tag_ids`, not `tag_ids[]`). */
const paramsOf = (context: HookContext<'answer'>): string[] =>
  Object.keys(isRecord(context.request.query) ? context.request.query : {}).map((key) => key.replace(/\[\]$/, ''));

/** Parameters that filter the list, beside the page and its size. */
const filterParams = (params: readonly string[]) => params.filter((p) => p !== 'page' && p !== 'per_page');

/** A list request gives a filter other than `search` (a tag, brand, category, price, date or publication). */
const filteredBeyondSearch = (params: readonly string[]) => filterParams(params).some((p) => p !== 'search');

/** The items of a list answer, each changed by `map`, where `when` holds of the request. */
const items = (
  map: (item: Record<string, unknown>) => Record<string, unknown>,
  when: (context: HookContext<'answer'>) => boolean,
): Bend<'answer'> =>
  successData(
    'listProducts',
    (data) => ({ ...data, products: (data.products as unknown[]).map((item) => (isRecord(item) ? map(item) : item)) }),
    (data, context) => Array.isArray(data.products) && when(context),
  );

/** Prices as the text of a decimal column (`'100.00'`). */
const pricesAsText = (item: Record<string, unknown>) => ({
  ...item,
  price: Number(item.price).toFixed(2),
  sale_price: Number(item.sale_price).toFixed(2),
});

export const listFaults = {
  'list-products-206': {
    clause: 'list-products.ok',
    description: 'List Products answers 206 Partial Content (a page of a longer list) instead of 200.',
    bends: { answer: successStatus('listProducts', 206) },
  },
  'list-products-no-pagination': {
    clause: 'list-products.ok',
    description: 'List Products leaves out `data.pagination`.',
    bends: { answer: successData('listProducts', ({ products }) => ({ products })) },
  },
  'list-empty-data-array': {
    clause: 'list-products.ok',
    description:
      'List Products answers a result with no items as `data: []` (the empty collection serialised as is), not `{products, pagination}`.',
    bends: {
      answer: successData(
        'listProducts',
        () => [],
        (data) => Array.isArray(data.products) && data.products.length === 0,
      ),
    },
  },

  // --- The list item ------------------------------------------------------------------------------
  'list-sku-answers-items': {
    clause: 'list-products.ok',
    description:
      'With `sku` given, List Products answers the lookup as it is: `data` is the array of the products found, not `{products, pagination}`.',
    bends: {
      answer: successData(
        'listProducts',
        (data) => data.products,
        (_, context) => paramsOf(context).includes('sku'),
      ),
    },
  },
  'list-sku-missing': {
    clause: 'list-products.item-shape',
    description: 'List items leave out `sku`.',
    bends: { product: listItem(({ sku: _sku, ...item }) => item) },
  },
  'list-omits-service-products': {
    clause: 'list-products.lists-created',
    description:
      'List Products applies a default type filter that leaves out service products: a created service product is never listed.',
    // The storefront's default: a type filter the query never asked for.
    bends: { listSelection: unasked('type', 'physical,digital,booking', (p) => p.type !== 'service') },
  },
  'list-null-brand-as-array': {
    clause: 'list-products.item-shape',
    description:
      'List items of a product without a brand carry `brand: []` (an empty relation serialised as an array), not null.',
    bends: {
      product: listItem(
        (item) => ({ ...item, brand: [] }),
        ({ product }) => product.brand_id === null,
      ),
    },
  },
  'list-hides-products-without-brand-or-image': {
    clause: 'list-products.lists-created',
    description:
      'List Products joins each product to its brand and its image: a product created without `brand_id` or without `image_id` is never listed.',
    bends: { listSelection: unasked('join', true, (p) => p.brand_id !== null && p.image_id !== null) },
  },
  'list-unpublished-hidden': {
    clause: 'list-products.lists-created',
    description:
      "List Products without `is_published` keeps the published products only (the storefront's default scope): a product created unpublished is never listed.",
    bends: {
      listSelection: unasked(
        'is_published',
        '1',
        (p) => p.is_published,
        ({ filters }, { store }) =>
          !filters.some((f) => f.param === 'is_published') && [...store.products.values()].some((p) => !p.is_published),
      ),
    },
  },
  'list-item-sku-null': {
    clause: 'list-products.item-matches-product',
    description: 'List items carry `sku` = null although the product has one.',
    bends: { product: listItem((item) => ({ ...item, sku: null })) },
  },
  'list-physical-price-text': {
    clause: 'list-products.item-shape',
    description:
      "List items of physical products carry `price` and `sale_price` as text (`'120.00'`: their own table's decimal columns, serialised as they are).",
    bends: {
      product: listItem(
        (item) => pricesAsText(item),
        ({ product }) => product.type === 'physical',
      ),
    },
  },
  'list-price-filter-price-text': {
    clause: 'list-products.item-shape',
    description:
      "With `min_price` or `max_price` given, list items carry `price` and `sale_price` as text (`'100.00'`: the columns cast for the comparison, and rendered so).",
    bends: {
      answer: items(pricesAsText, (context) => paramsOf(context).some((p) => p === 'min_price' || p === 'max_price')),
    },
  },
  'list-physical-label-english': {
    clause: 'list-products.type-labels',
    description:
      "List items of physical products are labelled `Physical`, whatever the Accept-Language: the label of the store's own catalogue, which no create operation shown makes, was never translated.",
    bends: {
      product: listItem(
        (item) => ({ ...item, type: 'Physical' }),
        ({ product }) => product.type === 'physical',
      ),
    },
  },
  'list-type-code': {
    clause: 'list-products.type-labels',
    description: 'List items carry the type code (`booking`) instead of its label (`حجز`).',
    bends: { product: listItem((item, { product }) => ({ ...item, type: product.type })) },
  },
  'list-type-labels-swapped': {
    clause: 'list-products.type-labels',
    description: 'Booking products are labelled `خدمة` and service products `حجز`.',
    bends: {
      product: listItem((item, { product, typeLabel }) =>
        product.type === 'booking' || product.type === 'service'
          ? { ...item, type: typeLabel(product.type === 'booking' ? 'service' : 'booking') }
          : item,
      ),
    },
  },
  'list-image-relative': {
    clause: 'conventions.image-absolute-url',
    description: 'List items carry `image` as a path (`/media/1.jpg`), not an absolute URL.',
    bends: { product: listItem((item) => ({ ...item, image: path(item.image) })) },
  },
  'list-no-image-null': {
    clause: 'conventions.image-placeholder',
    description:
      'List items of products without an image carry `image: null` (the list joins the media table, and no row is no URL) instead of the placeholder URL.',
    bends: {
      product: listItem(
        (item) => ({ ...item, image: null }),
        ({ product }) => product.image_id === null,
      ),
    },
  },
  'list-languages-swapped': {
    clause: 'product.bilingual-mapping',
    description:
      'List items carry `name`, `summary` and `description` with their languages swapped: `.ar` holds what was sent as `_en`, and `.en` what was sent as `_ar`.',
    bends: {
      product: listItem((item, { product }) => ({
        ...item,
        name: { ar: product.name.en, en: product.name.ar },
        summary: { ar: product.summary.en, en: product.summary.ar },
        description: { ar: product.description.en, en: product.description.ar },
      })),
    },
  },

  // --- Pagination ---------------------------------------------------------------------------------
  'list-pagination-strings': {
    clause: 'pagination.shape',
    description: 'The pagination integers (`total`, `current_page`, `last_page`, `per_page`) are rendered as strings.',
    bends: {
      answer: pagination((p) =>
        Object.fromEntries(
          Object.entries(p).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
        ),
      ),
    },
  },
  'list-per-page-text-when-given': {
    clause: 'pagination.shape',
    description:
      '`per_page` is echoed as the text the query gave (`"2"`) when the query gives it; the default is an integer.',
    bends: {
      answer: pagination(
        (p) => ({ ...p, per_page: String(p.per_page) }),
        (_, context) => paramsOf(context).includes('per_page'),
      ),
    },
  },
  'list-next-link-false-on-last-page': {
    clause: 'pagination.shape',
    description: 'The last page answers `next_page_url: false` (`$page < $last ? $url : false`), not null.',
    bends: {
      answer: pagination(
        (p) => ({ ...p, next_page_url: false }),
        (p) => p.next_page_url === null,
      ),
    },
  },
  'list-empty-pagination-array': {
    clause: 'pagination.shape',
    description:
      'A result with no matching product answers `pagination: []` (the paginator left out when there is nothing to page), not a Pagination.',
    bends: {
      answer: successData(
        'listProducts',
        (data) => ({ ...data, pagination: [] }),
        (data) => isRecord(data.pagination) && data.pagination.total === 0,
      ),
    },
  },
  'list-total-on-page': {
    clause: 'pagination.total',
    description: '`total` counts the items on this page, not all matching products.',
    bends: { answer: pagination((p, products) => ({ ...p, total: products.length })) },
  },
  'list-total-counts-deleted': {
    clause: 'pagination.total',
    description:
      '`total` counts one product more than the list shows (a deleted one, counted without the soft-delete scope), and `last_page` follows it.',
    bends: { listPage: { bend: (page, context) => recounted(page, context, page.total + 1) } },
  },
  'list-total-ignores-filters': {
    clause: 'pagination.total',
    description:
      '`total` counts every product of the store whatever the filters (counted before the filters are applied), and `last_page` follows it; the items are filtered.',
    bends: {
      listPage: {
        when: (_, { filtered }) => filtered,
        bend: (page, context) => recounted(page, context, context.storeSize),
      },
    },
  },
  'list-filtered-total-one-page': {
    clause: 'pagination.total',
    description:
      "Under a filter, `total` is counted on the limited query (`count()` after `take(per_page)`): a filtered list spanning several pages counts one page's worth, and `last_page` follows it; the items are right.",
    bends: {
      listPage: {
        when: (_, { filtered, matching, perPage }) => filtered && matching > perPage,
        bend: (page, context) => recounted(page, context, Math.min(page.total, context.perPage)),
      },
    },
  },
  'list-past-last-total-zero': {
    clause: 'pagination.total',
    description:
      '`total` is counted on the page answered when it holds no item: a page past the last answers `total` 0 (and `last_page` 1).',
    bends: {
      listPage: {
        when: (page, { page: asked }) => asked > page.lastPage && page.total > 0,
        bend: (page, context) => recounted(page, context, 0),
      },
    },
  },
  'list-last-page-ignores-filters': {
    clause: 'pagination.last-page',
    description:
      '`last_page` is the number of pages of the whole store whatever the filters; `total` and the items are filtered.',
    bends: {
      listPage: {
        when: (_, { filtered }) => filtered,
        bend: (page, context) => recounted(page, context, page.total, context.storeSize),
      },
    },
  },
  'list-last-page-floor': {
    clause: 'pagination.last-page',
    description: '`last_page` is floor(total / per_page) (at least 1): a partly filled last page is not counted.',
    bends: {
      listPage: {
        bend: (page, { page: asked, perPage }) => {
          const lastPage = Math.max(1, Math.floor(page.total / perPage));
          return { ...page, lastPage, hasNext: asked < lastPage, beyondLast: asked > lastPage };
        },
      },
    },
  },
  'list-filtered-last-page-plus-one': {
    clause: 'pagination.last-page',
    description:
      'Under a filter other than `search`, `last_page` is `intdiv(total, per_page) + 1`: a list whose last page is full counts a page more (a filtered list over several pages of one product, say).',
    bends: {
      listPage: {
        when: (page, { filters, perPage }) =>
          filters.some((f) => f !== 'search') && page.total > perPage && page.total % perPage === 0,
        bend: (page, { page: asked, perPage }) => {
          const lastPage = Math.floor(page.total / perPage) + 1;
          return { ...page, lastPage, hasNext: asked < lastPage, beyondLast: asked > lastPage };
        },
      },
    },
  },
  'list-current-page-zero-based': {
    clause: 'pagination.page-params',
    description: '`current_page` is the requested page minus one.',
    bends: { answer: pagination((p) => ({ ...p, current_page: Number(p.current_page) - 1 })) },
  },
  'list-per-page-default-echo': {
    // Pages are cut at the size asked for, so last_page no longer matches the per_page the answer gives.
    clause: 'pagination.last-page',
    description: '`per_page` reports the default page size, not the requested one the pages are cut at.',
    bends: { answer: pagination((p, _, { choices }) => ({ ...p, per_page: choices.list.defaultPerPage })) },
  },
  'list-page-offset-zero-based': {
    clause: 'pagination.page-params',
    description: 'Page p starts at item p·per_page (page 1 shows the second page).',
    bends: {
      listPage: {
        bend: (page, { page: asked, perPage, matching }) => {
          const start = asked * perPage;
          return { ...page, start, end: Math.min(start + perPage, matching) };
        },
      },
    },
  },
  'list-page-short': {
    clause: 'pagination.page-params',
    description: 'Every page holds one item fewer than it should (slice end off by one).',
    bends: {
      listPage: {
        bend: (page, { perPage, matching }) => ({ ...page, end: Math.min(page.start + perPage - 1, matching) }),
      },
    },
  },
  'list-per-page-one-cut-at-two': {
    clause: 'pagination.page-params',
    description:
      '`per_page` 1 cuts pages of 2 (a `max(2, $perPage)` applied to the query and not to the answer, which says 1): page p holds the items 2p − 1 and 2p.',
    bends: {
      listPage: {
        when: (_, { perPage }) => perPage === 1,
        bend: (page, { page: asked, matching }) => {
          const start = (asked - 1) * 2;
          return { ...page, start, end: Math.min(start + 2, matching) };
        },
      },
    },
  },
  'list-page-skips-an-item': {
    clause: 'pagination.page-params',
    description:
      'Every page after the first starts one item late: the first item of page 2 never shows, and the last page holds one item fewer than total and per_page leave for it (total itself is right).',
    bends: {
      listPage: {
        when: (_, { page }) => page > 1,
        bend: (page, { perPage, matching }) => ({
          ...page,
          start: page.start + 1,
          end: Math.min(page.start + perPage + 1, matching),
        }),
      },
    },
  },
  'list-past-last-clamped': {
    clause: 'pagination.page-params',
    description: "A page past the last serves the last page's items.",
    bends: {
      listPage: {
        bend: (page, { page: asked, perPage, matching }) => {
          const start = (Math.min(asked, page.lastPage) - 1) * perPage;
          return { ...page, start, end: Math.min(start + perPage, matching), beyondLast: false };
        },
      },
    },
  },
  'list-links-unprefixed': {
    clause: 'pagination.links',
    description: 'Pagination links point at `/products`, not `/api/core/v1/products`.',
    bends: {
      answer: links((url) => {
        url.pathname = '/products';
      }),
    },
  },
  'list-filtered-links-unprefixed': {
    clause: 'pagination.links',
    description:
      "Under a filter other than `search`, the pagination links are built from the filter form's path (`/products`), not `/api/core/v1/products`.",
    bends: {
      answer: links(
        (url) => {
          url.pathname = '/products';
        },
        (context) => filteredBeyondSearch(paramsOf(context)),
      ),
    },
  },
  'list-filtered-links-repeat-page': {
    clause: 'pagination.link-pages',
    description:
      'Under a filter other than `search`, each link appends `page` to the query as it came, which already gives the page answered: the first `page` of a link is the current page.',
    bends: {
      answer: links(
        (url, p) => {
          const target = url.searchParams.get('page') ?? '';
          url.searchParams.delete('page');
          url.searchParams.append('page', String(p.current_page));
          url.searchParams.append('page', target);
        },
        (context) => filteredBeyondSearch(paramsOf(context)) && paramsOf(context).includes('page'),
      ),
    },
  },
  'list-links-stale': {
    clause: 'pagination.link-pages',
    description: 'Both pagination links name the current page instead of its neighbours.',
    bends: {
      answer: links((url, p) => {
        url.searchParams.set('page', String(p.current_page));
      }),
    },
  },
  'list-next-on-last-page': {
    clause: 'pagination.link-pages',
    description:
      'The last page still has a `next_page_url` (current_page <= last_page): a link to page last_page + 1, no page of the list.',
    bends: { listPage: { bend: (page, { page: asked }) => ({ ...page, hasNext: asked <= page.lastPage }) } },
  },
  'list-next-on-full-last-page': {
    clause: 'pagination.link-pages',
    description:
      'A last page that is full still has a `next_page_url` (more pages are assumed while page × per_page <= total): a link to page last_page + 1, no page of the list.',
    bends: {
      listPage: {
        when: (page, { page: asked, perPage }) =>
          asked === page.lastPage && page.total > 0 && page.total === asked * perPage,
        bend: (page) => ({ ...page, hasNext: true }),
      },
    },
  },
  'list-prev-on-first-page': {
    clause: 'pagination.link-pages',
    description: 'Page 1 has a `prev_page_url` to page 0, no page of the list.',
    bends: { listPage: { bend: (page, { page: asked }) => ({ ...page, hasPrev: asked >= 1 }) } },
  },
  'list-empty-next-link': {
    clause: 'pagination.empty',
    description:
      'An empty result has last_page 0 and a `next_page_url`, given whenever current_page differs from last_page.',
    bends: {
      listPage: {
        bend: (page, { page: asked }) =>
          page.total === 0 ? { ...page, lastPage: 0, hasNext: asked !== 0, beyondLast: asked > 0 } : page,
      },
    },
  },
  'list-walk-overlap': {
    clause: 'pagination.walk',
    description:
      'Pages after the first start one item early, each holding as many items as it should: the last item of a page shows again on the next, and the last item of the list never shows.',
    bends: { listPage: shifted(-1, (_, { page }) => page > 1) },
  },
  'list-walk-skip': {
    clause: 'pagination.walk',
    description:
      'Pages between the first and the last start one item late, each holding as many items as it should: the first item after page 1 never shows, and the first item of the last page shows twice.',
    bends: { listPage: shifted(1, (page, context) => context.page > 1 && context.page < page.lastPage) },
  },
  'list-filtered-page-two-repeats': {
    clause: 'pagination.walk',
    description:
      "Under a filter other than `search`, page 2 starts one item early (its offset counted before a duplicate of the filters' joins was dropped): the last item of page 1 shows again on page 2, which holds as many items as it should.",
    bends: {
      listPage: shifted(-1, (_, { page, filters }) => page === 2 && filters.some((f) => f !== 'search')),
    },
  },
  'list-unstable-order': {
    clause: 'pagination.walk',
    description:
      'The list is ordered by price alone, ties in any order per request: walking the pages repeats some products and misses others.',
    bends: {
      listSelection: {
        bend: (selection) => ({
          ...selection,
          order: (products) =>
            products
              .map((p) => ({ p, tie: Math.random() }))
              .sort((a, b) => a.p.price - b.p.price || a.tie - b.tie)
              .map(({ p }) => p),
        }),
      },
    },
  },

  // --- Filters -------------------------------------------------------------------------------------
  'list-search-percent-wildcard': {
    clause: 'list-products.filter-search',
    description:
      '`search` goes into a LIKE pattern unescaped: a `%` in it matches any run of characters, so searching `a%b` finds `axyb`.',
    bends: { listSelection: wildcardSearch('%', '.*') },
  },
  'list-search-underscore-wildcard': {
    clause: 'list-products.filter-search',
    description:
      '`search` goes into a LIKE pattern with `%` escaped and `_` not: a `_` in it matches any one character, so searching `a_b` finds `axb`.',
    bends: { listSelection: wildcardSearch('_', '.') },
  },
  'list-search-asterisk-wildcard': {
    clause: 'list-products.filter-search',
    description:
      "`search` goes to a search engine's query string as it is: a `*` in it matches any run of characters, so searching `a*b` finds `axyb`.",
    bends: { listSelection: wildcardSearch('*', '.*') },
  },
  'list-search-drops-symbols': {
    clause: 'list-products.filter-search',
    description:
      '`search` is cleaned of every character but letters, digits and spaces before it is matched, and the names are not: a word holding `%`, `_` or `*` finds nothing.',
    bends: {
      listSelection: refilteredWhen(
        'search',
        (f) => /[^\p{L}\p{N} ]/u.test(String(f.value)),
        () => () => false,
      ),
    },
  },
  'list-search-ignored': {
    clause: 'list-products.filter-search',
    description: '`search` is accepted and ignored.',
    bends: { listSelection: ignored('search') },
  },
  'list-sku-ignored': {
    clause: 'list-products.filter-sku',
    description: '`sku` is accepted and ignored.',
    bends: { listSelection: ignored('sku') },
  },
  'list-published-inverted': {
    clause: 'list-products.filter-published',
    description: '`is_published=1` returns the unpublished products.',
    bends: { listSelection: refiltered(['is_published'], (f) => (p) => !f.keep(p)) },
  },
  'list-tags-ignored': {
    clause: 'list-products.filter-tags',
    description: '`tag_ids[]` is accepted and ignored.',
    bends: { listSelection: ignored('tag_ids') },
  },
  'list-tags-first-id-only': {
    clause: 'list-products.filter-tags',
    description: '`tag_ids[]` with several ids applies only the first of them.',
    bends: { listSelection: firstIdOnly('tag_ids', (p, id) => p.tag_ids.includes(id)) },
  },
  'list-tags-three-ids-first-two': {
    clause: 'list-products.filter-tags',
    description: '`tag_ids[]` is read into a pair: given three ids, it applies the first two.',
    bends: { listSelection: firstIds('tag_ids', 2, (p, ids) => ids.some((id) => p.tag_ids.includes(id))) },
  },
  'list-tags-first-of-product': {
    clause: 'list-products.filter-tags',
    description:
      "`tag_ids[]` compares the ids with each product's first tag only (`$product->tags->first()`): a product carrying several tags is kept by its first alone.",
    bends: {
      listSelection: refilteredWhen(
        'tag_ids',
        () => true,
        (ids) => (p) => p.tag_ids[0] !== undefined && ids.includes(p.tag_ids[0]),
      ),
    },
  },
  'list-brands-ignored': {
    clause: 'list-products.filter-brands',
    description: '`brand_ids[]` is accepted and ignored.',
    bends: { listSelection: ignored('brand_ids') },
  },
  'list-brands-first-id-only': {
    clause: 'list-products.filter-brands',
    description: '`brand_ids[]` with several ids applies only the first of them.',
    bends: { listSelection: firstIdOnly('brand_ids', (p, id) => p.brand_id === id) },
  },
  'list-brands-three-ids-first-two': {
    clause: 'list-products.filter-brands',
    description: '`brand_ids[]` is read into a pair: given three ids, it applies the first two.',
    bends: { listSelection: firstIds('brand_ids', 2, (p, ids) => p.brand_id !== null && ids.includes(p.brand_id)) },
  },
  'list-categories-ignored': {
    clause: 'list-products.filter-categories',
    description: '`category_ids[]` is accepted and ignored.',
    bends: { listSelection: ignored('category_ids') },
  },
  'list-categories-first-id-only': {
    clause: 'list-products.filter-categories',
    description: '`category_ids[]` with several ids applies only the first of them.',
    bends: { listSelection: firstIdOnly('category_ids', (p, id) => p.category_ids.includes(id)) },
  },
  'list-categories-three-ids-first-two': {
    clause: 'list-products.filter-categories',
    description: '`category_ids[]` is read into a pair: given three ids, it applies the first two.',
    bends: {
      listSelection: firstIds('category_ids', 2, (p, ids) => ids.some((id) => p.category_ids.includes(id))),
    },
  },
  'list-categories-first-of-product': {
    clause: 'list-products.filter-categories',
    description:
      "`category_ids[]` compares the ids with each product's first category only: a product in several categories is kept by its first alone.",
    bends: {
      listSelection: refilteredWhen(
        'category_ids',
        () => true,
        (ids) => (p) => p.category_ids[0] !== undefined && ids.includes(p.category_ids[0]),
      ),
    },
  },
  'list-min-price-ignored': {
    clause: 'list-products.filter-price',
    description: '`min_price` is accepted and ignored.',
    bends: { listSelection: ignored('min_price') },
  },
  'list-max-price-ignored': {
    clause: 'list-products.filter-price',
    description: '`max_price` is accepted and ignored.',
    bends: { listSelection: ignored('max_price') },
  },
  'list-price-bounds-exclusive': {
    clause: 'list-products.filter-price-inclusive',
    description: 'Price bounds are exclusive: a product priced exactly at a bound is dropped.',
    bends: {
      listSelection: refiltered(['min_price', 'max_price'], (f) =>
        f.param === 'min_price' ? (p) => p.price > Number(f.value) : (p) => p.price < Number(f.value),
      ),
    },
  },
  'list-min-price-exclusive': {
    clause: 'list-products.filter-price-inclusive',
    description:
      '`min_price` is exclusive (`price > min_price`): a product priced exactly at it is dropped; `max_price` is inclusive.',
    bends: { listSelection: refiltered(['min_price'], (f) => (p) => p.price > Number(f.value)) },
  },
  'list-date-from-ignored': {
    clause: 'list-products.filter-dates',
    description: '`date_from` is accepted and ignored.',
    bends: { listSelection: ignored('date_from') },
  },
  'list-date-to-ignored': {
    clause: 'list-products.filter-dates',
    description: '`date_to` is accepted and ignored.',
    bends: { listSelection: ignored('date_to') },
  },
  'list-date-to-exclusive': {
    clause: 'list-products.filter-dates-inclusive',
    description:
      "`date_to` compares the timestamp with the day as text (`created_at <= '2026-11-28'`): a product made on that day, after its midnight, is dropped.",
    bends: {
      listSelection: refiltered(['date_to'], (f) => (p) => formatTimestamp(p.created_at) <= String(f.value)),
    },
  },
  'list-date-from-exclusive': {
    clause: 'list-products.filter-dates-inclusive',
    description:
      "`date_from` keeps the days after it (`whereDate('created_at', '>', $from)`): a product made on that day is dropped.",
    bends: { listSelection: refiltered(['date_from'], (f) => (p) => formatDate(p.created_at) > String(f.value)) },
  },
  'list-filters-first-only': {
    clause: 'list-products.filter-combined',
    description: 'Only the first filter given is applied (an if / else-if chain).',
    bends: {
      listSelection: { bend: (selection) => ({ ...selection, filters: selection.filters.slice(0, 1) }) },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
