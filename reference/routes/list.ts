/** List Products, served at both `/products` (as the spec gives it) and `/api/core/v1/products` (where its links point). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { envelope, errorBody, formatDate } from '../format.ts';
import { renderProduct } from '../render.ts';
import type { ProductRecord } from '../store.ts';
import { fieldErrors } from '../validation.ts';
import { renderContext, type ReferenceContext } from './context.ts';

/** The reference's own default and cap; the spec shows neither, so the suite never relies on them. */
export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

const arrayParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')))
  .pipe(z.array(z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive integer id').transform(Number)));

const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
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
type ListQuery = z.infer<typeof ListQuery>;

/** `tag_ids[]=1&tag_ids[]=2` and `tag_ids=1,2` both name a list. */
function normaliseQuery(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) out[key.endsWith('[]') ? key.slice(0, -2) : key] = value;
  return out;
}

function matches(product: ProductRecord, q: ListQuery): boolean {
  const overlaps = (have: readonly number[], wanted: readonly number[] | undefined) => !wanted || wanted.some((id) => have.includes(id));
  if (q.search !== undefined) {
    const needle = q.search.toLowerCase();
    const haystack = [product.name.ar, product.name.en, product.sku ?? ''].map((s) => s.toLowerCase());
    if (!haystack.some((s) => s.includes(needle))) return false;
  }
  if (q.sku !== undefined && product.sku !== q.sku) return false;
  if (q.is_published !== undefined && product.is_published !== (q.is_published === '1')) return false;
  if (!overlaps(product.tag_ids, q.tag_ids)) return false;
  if (!overlaps(product.brand_id === null ? [] : [product.brand_id], q.brand_ids)) return false;
  if (!overlaps(product.category_ids, q.category_ids)) return false;
  if (q.min_price !== undefined && product.price < q.min_price) return false;
  if (q.max_price !== undefined && product.price > q.max_price) return false;
  const created = formatDate(product.created_at);
  if (q.date_from !== undefined && created < q.date_from) return false;
  if (q.date_to !== undefined && created > q.date_to) return false;
  return true;
}

export const listRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults } = ctx;
  for (const path of ['/products', '/api/core/v1/products']) {
    app.get(path, async (request, reply) => {
      const rawQuery = normaliseQuery(request.query as Record<string, unknown>);
      const parsed = ListQuery.safeParse(rawQuery);
      if (!parsed.success) return reply.code(422).send(errorBody('The given data was invalid.', fieldErrors(parsed.error)));
      const q = parsed.data;
      // Newest first, ties by id: a stable order, so walking the pages sees every product once.
      const all = [...store.products.values()].filter((p) => matches(p, q)).sort((a, b) => b.id - a.id);
      const lastPage = Math.max(1, Math.ceil(all.length / q.per_page));
      const items = all.slice((q.page - 1) * q.per_page, q.page * q.per_page);
      const render = renderContext(ctx, request);
      const link = (page: number) => {
        const url = new URL(`${render.origin}/api/core/v1/products`);
        for (const [key, value] of new URL(request.url, render.origin).searchParams) if (key !== 'page') url.searchParams.append(key, value);
        url.searchParams.set('page', String(page));
        return url.toString();
      };
      const pagination = {
        total: all.length,
        current_page: q.page,
        last_page: lastPage,
        per_page: q.per_page,
        next_page_url: q.page < lastPage ? link(q.page + 1) : null,
        prev_page_url: q.page > 1 ? link(q.page - 1) : null,
      };
      const products = items.map((p) => renderProduct(p, 'list', render));
      return envelope('Products', faults.has('list-products-no-pagination') ? { products } : { products, pagination }, faults);
    });
  }
};
