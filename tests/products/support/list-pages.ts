/**
 * Reading List Products pages for the pagination and filter tests. Items are read leniently (only the
 * fields a test looks at): the list item shape is judged by its own tests, so a shape deviation does
 * not hide the verdicts on pagination and filters.
 */
import { z } from 'zod';
import { expect, expectShape, test } from '../../../fixtures/index.ts';
import type { ApiResponse } from '../../../support/api/response.ts';
import type { ListProductsQuery } from '../../../support/api/bodies.ts';
import type { StoreApi } from '../../../support/api/store-api.ts';
import { Envelope, Pagination } from '../../../support/schemas/index.ts';

/** Small sets only: the sets the tests make have at most a few products, and the spec shows no maximum page size. */
export const SET_PAGE_SIZE = 10;

/** A walk stops here: a target whose `last_page` runs away must not hang the test. */
const MAX_WALKED_PAGES = 20;

/** An item as the pagination tests read it. */
export const ItemId = z.object({ id: z.int() });

/** An item as the filter tests read it: what each filter can be checked against. */
export const FilterItem = z.object({
  id: z.int(),
  price: z.number(),
  sale_price: z.number(),
  brand: z.object({ id: z.int() }).nullable(),
  tags: z.array(z.object({ id: z.int() })),
  categories: z.array(z.object({ id: z.int() })),
});
export type FilterItem = z.infer<typeof FilterItem>;

export interface ListedPage<T> {
  readonly products: readonly T[];
  readonly pagination: Pagination;
  readonly response: ApiResponse;
  readonly ids: readonly number[];
}

/** GET the list with this query: 200, the envelope, and pagination; items read with `item`. */
export async function listPage<T extends z.ZodType<{ id: number }>>(
  api: StoreApi,
  query: ListProductsQuery,
  item: T,
): Promise<ListedPage<z.infer<T>>> {
  const response = await api.listProducts(query);
  expect(response).toHaveStatus(200);
  const { data } = expectShape(
    response,
    Envelope(z.object({ products: z.array(item), pagination: Pagination })),
    `list page for ${JSON.stringify(query)}`,
  );
  return { products: data.products, pagination: data.pagination, response, ids: data.products.map((p) => p.id) };
}

/** Pages 1 to `last_page` (as page 1 gives it) of one query at one page size, fetched one after another. */
export async function walkPages(
  api: StoreApi,
  query: ListProductsQuery,
  perPage: number,
): Promise<ListedPage<{ id: number }>[]> {
  return test.step(
    `walk every page at per_page ${perPage}`,
    async () => {
      const first = await listPage(api, { ...query, page: 1, per_page: perPage }, ItemId);
      const lastPage = first.pagination.last_page;
      expect(
        lastPage,
        `last_page of ${first.response.describe()} (a walk stops at ${MAX_WALKED_PAGES} pages)`,
      ).toBeLessThanOrEqual(MAX_WALKED_PAGES);
      const pages = [first];
      for (let page = 2; page <= lastPage; page++)
        pages.push(await listPage(api, { ...query, page, per_page: perPage }, ItemId));
      return pages;
    },
    { box: true },
  );
}

/** Pages needed for `total` items at `perPage`; for no items the spec is silent, and 0 and 1 are both accepted. */
export function acceptedLastPages(total: number, perPage: number): number[] {
  return total === 0 ? [0, 1] : [Math.ceil(total / perPage)];
}

/** Where a pagination link points: its path, and the page it names (null when it names none). */
export function linkTarget(link: string, base: string): { path: string; page: number | null } {
  const url = new URL(link, base);
  const page = url.searchParams.get('page');
  return { path: url.pathname, page: page === null ? null : Number(page) };
}

/** The UTC date `days` from today, `YYYY-MM-DD`. */
export function utcDay(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
