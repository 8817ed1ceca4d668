/** List Products, served at both `/products` (as the spec gives it) and `/api/core/v1/products` (where its links point). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { FaultSet } from '../faults/index.ts';
import { formatDate } from '../format.ts';
import { renderProduct, type RenderContext } from '../render.ts';
import type { ProductRecord } from '../store.ts';
import { fieldErrors } from '../validation.ts';
import type { ReferenceChoices } from '../variants/index.ts';
import { renderContext, type ReferenceContext } from './context.ts';

/** Where List Products' pagination links point (List Products: "The pagination links ... point at"). */
const LIST_LINK_PATH = '/api/core/v1/products';

const arrayParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')))
  .pipe(
    z.array(
      z
        .string()
        .regex(/^[1-9]\d{0,15}$/, 'must be a positive integer id')
        .transform(Number),
    ),
  );

/** The page size: the variant's default when absent; past its least or most, refused or raised and capped as it chose. */
function perPage(list: ReferenceChoices['list']) {
  const { defaultPerPage, minPerPage, maxPerPage } = list;
  const atLeast =
    list.underMinPerPage === 'refuse' ? z.coerce.number().int().min(minPerPage) : z.coerce.number().int().positive();
  const bounded = list.overMaxPerPage === 'refuse' ? atLeast.max(maxPerPage) : atLeast;
  return bounded.transform((n) => Math.min(Math.max(n, minPerPage), maxPerPage)).default(defaultPerPage);
}

const listQuery = (choices: ReferenceChoices) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: perPage(choices.list),
    search: z.string().max(255).optional(),
    sku: z.string().max(255).optional(),
    is_published: z.enum(['0', '1']).optional(),
    tag_ids: arrayParam.optional(),
    brand_ids: arrayParam.optional(),
    category_ids: arrayParam.optional(),
    min_price: z.coerce.number().nonnegative().optional(),
    max_price: z.coerce.number().nonnegative().optional(),
    date_from: z.iso.date().optional(),
    date_to: z.iso.date().optional(),
  });
type ListQuery = z.infer<ReturnType<typeof listQuery>>;

/** `tag_ids[]=1&tag_ids[]=2` and `tag_ids=1,2` both name a list. */
function normaliseQuery(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) out[key.endsWith('[]') ? key.slice(0, -2) : key] = value;
  return out;
}

type Keep = (product: ProductRecord) => boolean;

/**
 * The filters the query gives, in a fixed order, each a predicate; a product must pass all of them.
 * A fault that ignores a filter leaves it out here; `list-filters-first-only` keeps only the first.
 */
function filtersOf(q: ListQuery, faults: FaultSet): Keep[] {
  const overlaps = (have: readonly number[], wanted: readonly number[]) => wanted.some((id) => have.includes(id));
  const atLeast = (value: number, bound: number) =>
    faults.has('list-price-bounds-exclusive') ? value > bound : value >= bound;
  const created = (p: ProductRecord) => formatDate(p.created_at);
  const { search, sku, is_published, tag_ids, brand_ids, category_ids, min_price, max_price, date_from, date_to } = q;
  const filters: (Keep | false)[] = [
    search !== undefined &&
      !faults.has('list-search-ignored') &&
      ((p) => [p.name.ar, p.name.en, p.sku ?? ''].some((s) => s.toLowerCase().includes(search.toLowerCase()))),
    sku !== undefined && !faults.has('list-sku-ignored') && ((p) => p.sku === sku),
    is_published !== undefined &&
      ((p) => (p.is_published === (is_published === '1')) !== faults.has('list-published-inverted')),
    tag_ids !== undefined && !faults.has('list-tags-ignored') && ((p) => overlaps(p.tag_ids, tag_ids)),
    brand_ids !== undefined &&
      !faults.has('list-brands-ignored') &&
      ((p) => overlaps(p.brand_id === null ? [] : [p.brand_id], brand_ids)),
    category_ids !== undefined &&
      !faults.has('list-categories-ignored') &&
      ((p) => overlaps(p.category_ids, category_ids)),
    min_price !== undefined && !faults.has('list-min-price-ignored') && ((p) => atLeast(p.price, min_price)),
    max_price !== undefined && !faults.has('list-max-price-ignored') && ((p) => atLeast(max_price, p.price)),
    date_from !== undefined && !faults.has('list-date-from-ignored') && ((p) => created(p) >= date_from),
    date_to !== undefined && !faults.has('list-date-to-ignored') && ((p) => created(p) <= date_to),
  ];
  const given = filters.filter((f): f is Keep => f !== false);
  const applied = faults.has('list-filters-first-only') ? given.slice(0, 1) : given;
  // The fault's storefront default: a type filter the query never asked for.
  return faults.has('list-omits-service-products') ? [...applied, (p) => p.type !== 'service'] : applied;
}

/** Whether the query gives a filter at all. */
function filtersGiven(q: ListQuery): boolean {
  const { search, sku, is_published, tag_ids, brand_ids, category_ids, min_price, max_price, date_from, date_to } = q;
  return [search, sku, is_published, tag_ids, brand_ids, category_ids, min_price, max_price, date_from, date_to].some(
    (value) => value !== undefined,
  );
}

/** Newest or oldest first, as the variant chose, by id: a stable order, so walking the pages sees every product once. */
function order(products: ProductRecord[], choices: ReferenceChoices, faults: FaultSet): ProductRecord[] {
  const newestFirst = choices.list.order === 'newest-first';
  if (!faults.has('list-unstable-order')) return products.sort((a, b) => (newestFirst ? b.id - a.id : a.id - b.id));
  const shuffled = products.map((p) => ({ p, tie: Math.random() }));
  return shuffled.sort((a, b) => a.p.price - b.p.price || a.tie - b.tie).map(({ p }) => p);
}

/** Which slice of the ordered list page `page` shows. */
function pageBounds(
  page: number,
  perPage: number,
  lastPage: number,
  total: number,
  faults: FaultSet,
): [start: number, end: number] {
  const shown = faults.has('list-past-last-clamped') ? Math.min(page, lastPage) : page;
  const start = (faults.has('list-page-offset-zero-based') ? shown : shown - 1) * perPage;
  const end = start + perPage - (faults.has('list-page-short') ? 1 : 0);
  // The walk faults move a page's window but keep its size: every page holds what total and per_page
  // leave for it, so only walking the pages shows them.
  const shift =
    (shown > 1 && faults.has('list-walk-overlap') ? -1 : 0) +
    (shown > 1 && shown < lastPage && faults.has('list-walk-skip') ? 1 : 0);
  // This one moves every page after the first, the last one too, which then holds one item fewer
  // than total and per_page leave for it.
  if (shown > 1 && faults.has('list-page-skips-an-item')) return [start + 1, Math.min(end + 1, total)];
  return [start + shift, Math.min(end, total) + shift];
}

function lastPageOf(total: number, perPage: number, faults: FaultSet): number {
  if (faults.has('list-empty-next-link') && total === 0) return 0;
  return Math.max(1, faults.has('list-last-page-floor') ? Math.floor(total / perPage) : Math.ceil(total / perPage));
}

function hasNextPage(page: number, lastPage: number, faults: FaultSet): boolean {
  if (faults.has('list-next-on-last-page')) return page <= lastPage;
  if (faults.has('list-empty-next-link') && lastPage === 0) return page !== lastPage;
  return page < lastPage;
}

/** The list shape of a product, with the item faults applied. */
function listItem(product: ProductRecord, render: RenderContext) {
  const { faults } = render;
  const item: Record<string, unknown> = { ...renderProduct(product, 'list', render) };
  if (faults.has('list-sku-missing')) delete item.sku;
  if (faults.has('list-item-sku-null')) item.sku = null;
  if (faults.has('list-type-code')) item.type = product.type;
  if (faults.has('list-type-labels-swapped') && (product.type === 'booking' || product.type === 'service')) {
    item.type = render.choices.list.typeLabel(
      product.type === 'booking' ? 'service' : 'booking',
      render.acceptLanguage,
    );
  }
  if (faults.has('list-image-relative') && typeof item.image === 'string') item.image = new URL(item.image).pathname;
  if (product.image_id === null && faults.has('list-no-image-null')) item.image = null;
  if (faults.has('list-languages-swapped')) {
    for (const key of ['name', 'summary', 'description'] as const)
      item[key] = { ar: product[key].en, en: product[key].ar };
  }
  return item;
}

export const listRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults, choices, respond } = ctx;
  const ListQuery = listQuery(choices);
  for (const path of ['/products', LIST_LINK_PATH]) {
    app.get(path, async (request, reply) => {
      const rawQuery = normaliseQuery(request.query as Record<string, unknown>);
      const parsed = ListQuery.safeParse(rawQuery);
      if (!parsed.success)
        return respond.refuse(reply, 'validation', 'The given data was invalid.', {
          fields: fieldErrors(parsed.error),
        });
      const q = parsed.data;
      const filters = filtersOf(q, faults);
      const all = order(
        [...store.products.values()].filter((p) => filters.every((keep) => keep(p))),
        choices,
        faults,
      );
      // These faults count the whole store, as a count query built before the filters are applied would.
      const filtered = filtersGiven(q);
      const counted =
        filtered && faults.has('list-total-ignores-filters')
          ? store.products.size
          : all.length + (faults.has('list-total-counts-deleted') ? 1 : 0);
      const pagesOf = filtered && faults.has('list-last-page-ignores-filters') ? store.products.size : counted;
      const lastPage = lastPageOf(pagesOf, q.per_page, faults);
      if (q.page > lastPage && choices.list.pastLastPage === 'refuse' && !faults.has('list-past-last-clamped'))
        return respond.refuse(reply, 'page-out-of-range', `Page ${q.page} is past the last page (${lastPage}).`);
      const [start, end] = pageBounds(q.page, q.per_page, lastPage, all.length, faults);
      const items = all.slice(start, end);
      const render = renderContext(ctx, request);
      const link = (page: number) => {
        const target = faults.has('list-links-stale') ? q.page : page;
        const url = new URL(`${render.origin}${faults.has('list-links-unprefixed') ? '/products' : LIST_LINK_PATH}`);
        for (const [key, value] of new URL(request.url, render.origin).searchParams)
          if (key !== 'page') url.searchParams.append(key, value);
        url.searchParams.set('page', String(target));
        return url.toString();
      };
      const hasPrev = faults.has('list-prev-on-first-page') ? q.page >= 1 : q.page > 1;
      const pagination = {
        total: faults.has('list-total-on-page') ? items.length : counted,
        current_page: faults.has('list-current-page-zero-based') ? q.page - 1 : q.page,
        last_page: lastPage,
        per_page: faults.has('list-per-page-default-echo') ? choices.list.defaultPerPage : q.per_page,
        next_page_url: hasNextPage(q.page, lastPage, faults) ? link(q.page + 1) : null,
        prev_page_url: hasPrev ? link(q.page - 1) : null,
        ...choices.extras.pagination({
          from: items.length > 0 ? start + 1 : null,
          to: items.length > 0 ? start + items.length : null,
          path: `${render.origin}${LIST_LINK_PATH}`,
        }),
      };
      const products = items.map((p) => listItem(p, render));
      const rendered = faults.has('list-pagination-strings')
        ? Object.fromEntries(Object.entries(pagination).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]))
        : pagination;
      return reply
        .code(faults.has('list-products-206') ? 206 : 200)
        .send(
          respond.envelope(
            'products',
            faults.has('list-products-no-pagination') ? { products } : { products, pagination: rendered },
          ),
        );
    });
  }
};
