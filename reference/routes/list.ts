/** List Products, served at both `/products` (as the spec gives it) and `/api/core/v1/products` (where its links point). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { formatDate } from '../format.ts';
import type { ListFilter } from '../hooks.ts';
import { paginate } from '../pagination.ts';
import { renderProduct } from '../render.ts';
import type { ProductRecord } from '../store.ts';
import { fieldErrors } from '../validation.ts';
import type { ReferenceChoices } from '../variants/index.ts';
import { LIST_LINK_PATH, renderContext, type ReferenceContext } from './context.ts';

// Which forms of an id list a store takes, and which it refuses, is its own (the suite sends `tag_ids[]`).
// Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."
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
// Stryker restore all

/** The page size: the variant's default when absent; past its least or most, refused or raised and capped as it chose. */
// Reading: pagination.page-params
function perPage(list: ReferenceChoices['list']) {
  const { defaultPerPage, minPerPage, maxPerPage } = list;
  const atLeast =
    // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
    list.underMinPerPage === 'refuse' ? z.coerce.number().int().min(minPerPage) : z.coerce.number().int().positive();
  // Stryker disable next-line all: "Maximum `per_page`: not shown." "Error codes, field-level messages and the conditions that give 422: not shown."
  const bounded = list.overMaxPerPage === 'refuse' ? atLeast.max(maxPerPage) : atLeast;
  return bounded.transform((n) => Math.min(Math.max(n, minPerPage), maxPerPage)).default(defaultPerPage);
}

// Reading: pagination.page-params, list-products.filter-search, list-products.filter-tags, list-products.filter-brands, list-products.filter-categories, list-products.filter-price, list-products.filter-dates
const listQuery = (choices: ReferenceChoices) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: perPage(choices.list),
    search: z.string().max(255).optional(),
    // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
    sku: z.string().max(255).optional(),
    // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
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
// Reading: list-products.filter-tags, list-products.filter-brands, list-products.filter-categories
function normaliseQuery(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) out[key.endsWith('[]') ? key.slice(0, -2) : key] = value;
  return out;
}

/** The filters the query gives, each kept by the products that pass it; a product must pass all of them. */
// Reading: list-products.filter-search, list-products.filter-sku, list-products.filter-published, list-products.filter-tags, list-products.filter-brands, list-products.filter-categories, list-products.filter-price, list-products.filter-dates, list-products.filter-combined
function filtersOf(q: ListQuery): ListFilter[] {
  const overlaps = (have: readonly number[], wanted: readonly number[]) => wanted.some((id) => have.includes(id));
  const created = (p: ProductRecord) => formatDate(p.created_at);
  const { search, sku, is_published, tag_ids, brand_ids, category_ids, min_price, max_price, date_from, date_to } = q;
  const filter = <T>(param: string, value: T | undefined, keep: (p: ProductRecord, value: T) => boolean) =>
    value === undefined ? [] : [{ param, value, keep: (p: ProductRecord) => keep(p, value) }];
  // A filter's name is told to the faults' hook point alone.
  // Stryker disable StringLiteral: equivalent: no answer reads a filter's name
  return [
    // Reading: list-products.filter-search
    ...filter('search', search, (p, s) =>
      // Which fields a search looks in beside the names is each store's own.
      // Stryker disable next-line LogicalOperator: "search | string"
      [p.name.ar, p.name.en, p.sku ?? ''].some((text) => text.toLowerCase().includes(s.toLowerCase())),
    ),
    // Reading: list-products.filter-sku
    ...filter('sku', sku, (p, s) => p.sku === s),
    // A list item does not say whether it is published: which products the flag keeps shows to no client.
    // Reading: list-products.filter-published
    // Stryker disable next-line ConditionalExpression: "Other product states: not shown."
    ...filter('is_published', is_published, (p, flag) => p.is_published === (flag === '1')),
    // Reading: list-products.filter-tags
    ...filter('tag_ids', tag_ids, (p, ids) => overlaps(p.tag_ids, ids)),
    // Reading: list-products.filter-brands
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: equivalent: no id a query names is null
    ...filter('brand_ids', brand_ids, (p, ids) => overlaps(p.brand_id === null ? [] : [p.brand_id], ids)),
    // Reading: list-products.filter-categories
    ...filter('category_ids', category_ids, (p, ids) => overlaps(p.category_ids, ids)),
    // Reading: list-products.filter-price, list-products.filter-price-inclusive
    ...filter('min_price', min_price, (p, bound) => p.price >= bound),
    // Reading: list-products.filter-price, list-products.filter-price-inclusive
    ...filter('max_price', max_price, (p, bound) => p.price <= bound),
    // Reading: list-products.filter-dates, list-products.filter-dates-inclusive
    ...filter('date_from', date_from, (p, date) => created(p) >= date),
    // Reading: list-products.filter-dates, list-products.filter-dates-inclusive
    ...filter('date_to', date_to, (p, date) => created(p) <= date),
  ];
  // Stryker restore StringLiteral
}

/** Newest or oldest first, as the variant chose, by id: a stable order, so walking the pages sees every product once. */
const orderOf =
  (choices: ReferenceChoices) =>
  (products: ProductRecord[]): ProductRecord[] =>
    // Which order the list keeps is each store's own (docs/variants.md, `oldest-first`).
    // Stryker disable next-line all: "Response 200: the envelope, `data` = `{products: array of Product (list shape), pagination: Pagination}`."
    products.sort((a, b) => (choices.list.order === 'newest-first' ? b.id - a.id : a.id - b.id));

export const listRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults, choices, respond } = ctx;
  const ListQuery = listQuery(choices);
  for (const path of ['/products', LIST_LINK_PATH]) {
    app.get(path, async (request, reply) => {
      const parsed = ListQuery.safeParse(normaliseQuery(request.query as Record<string, unknown>));
      // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
      if (!parsed.success)
        // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
        return respond.refuse(reply, 'validation', 'The given data was invalid.', {
          fields: fieldErrors(parsed.error),
        });
      const q = parsed.data;
      const given = filtersOf(q);
      // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
      const { filters, order } = faults.bend('listSelection', { filters: given, order: orderOf(choices) }, ctx);
      // Reading: list-products.filter-combined
      const matching = order(ctx.listed.shown(ctx.now()).filter((p) => filters.every((f) => f.keep(p))));
      // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
      const page = faults.bend('listPage', paginate(q.page, q.per_page, matching.length), {
        page: q.page,
        perPage: q.per_page,
        matching: matching.length,
        storeSize: store.products.size,
        filtered: given.length > 0,
        filters: given.map((f) => f.param),
      });
      // Answering a page past the last, or refusing it, is each store's own (docs/variants.md, `page-past-last-refused`).
      // Stryker disable next-line all: "Statuses for authentication failure, missing resources and other cases: not shown."
      if (page.beyondLast && choices.list.pastLastPage === 'refuse')
        // Stryker disable next-line all: "Statuses for authentication failure, missing resources and other cases: not shown."
        return respond.refuse(reply, 'page-out-of-range', `Page ${q.page} is past the last page (${page.lastPage}).`);
      const items = matching.slice(page.start, page.end);
      const render = renderContext(ctx, request);
      const link = (target: number) => {
        const url = new URL(`${render.origin}${LIST_LINK_PATH}`);
        // Which parameters a link carries beside its page is each store's own: the spec states only where it points.
        for (const [key, value] of new URL(request.url, render.origin).searchParams)
          // Stryker disable next-line all: "The pagination links of that list point at `/api/core/v1/products`."
          if (key !== 'page') url.searchParams.append(key, value);
        // Reading: pagination.link-pages
        url.searchParams.set('page', String(target));
        return url.toString();
      };
      const pagination = {
        total: page.total,
        current_page: q.page,
        last_page: page.lastPage,
        per_page: q.per_page,
        // Reading: pagination.link-pages
        next_page_url: page.hasNext ? link(q.page + 1) : null,
        // Reading: pagination.link-pages
        prev_page_url: page.hasPrev ? link(q.page - 1) : null,
        // Fields beside those the spec lists are each store's own (docs/variants.md, `extra-fields`).
        // Stryker disable all: "Success responses are an object: `status` (string, `success`), `message` (string, human-readable), `data` (object or array)."
        ...choices.extras.pagination({
          from: items.length > 0 ? page.start + 1 : null,
          to: items.length > 0 ? page.start + items.length : null,
          path: `${render.origin}${LIST_LINK_PATH}`,
        }),
        // Stryker restore all
      };
      const products = items.map((p) => renderProduct(p, 'list', render));
      return reply.code(200).send(respond.envelope('products', { products, pagination }));
    });
  }
};
