/**
 * How the list steps find a test's products (fixtures/list-find.ts, findListed) on a store too big to
 * walk whole, whose order puts them in its middle: a staging store of thousands of products sorted by
 * name. The walk reads MAX_WALKED_PAGES from each end, then asks for what it missed by sku; a product
 * neither shows is not judged missing (the walk could not see it): the search names the sku filter as
 * the cause, which expectListed and requireListed skip on.
 */
import Fastify from 'fastify';
import { MAX_WALKED_PAGES } from '../fixtures/list.ts';
import { expectListed, findListed, requireListed } from '../fixtures/list-find.ts';
import { StoreApi } from '../support/client/store-api.ts';
import { expect, test } from './fixtures.ts';

const PAGES = 4 * MAX_WALKED_PAGES;
const LIST_PATH = '/api/core/v1/products';

/** A store of PAGES products, one a page, ids 1 to PAGES; `sku-<id>` finds a product when `skuFilter` works. */
function bigStore(skuFilter: boolean) {
  const app = Fastify({ logger: false });
  const item = (id: number) => ({ id, sku: `sku-${id}` });
  const page = (items: { id: number }[], current: number, last: number, total: number) => ({
    data: {
      products: items,
      pagination: {
        total,
        current_page: current,
        last_page: last,
        per_page: 1,
        next_page_url: null,
        prev_page_url: null,
      },
    },
  });
  app.get(LIST_PATH, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.sku !== undefined) {
      const id = Number(query.sku.replace('sku-', ''));
      const found = skuFilter && id >= 1 && id <= PAGES ? [item(id)] : [];
      return page(found, 1, 1, found.length);
    }
    const current = Number(query.page ?? 1);
    return page([item(current)], current, PAGES, PAGES);
  });
  return app;
}

for (const skuFilter of [true, false]) {
  test(`products in the middle of a big store are ${skuFilter ? 'found by sku' : 'not judged missing when the sku filter fails'}`, async ({
    playwright,
    servers,
  }) => {
    const baseUrl = await servers.listen(bigStore(skuFilter));
    const context = await playwright.request.newContext();
    const api = new StoreApi(context, {
      target: { baseUrl, productListPath: LIST_PATH, acceptLanguage: 'en', token: undefined },
      requestTimeoutMs: 5_000,
    });
    const middle = PAGES / 2;
    const found = await findListed(api, [
      { id: 1, sku: 'sku-1' },
      { id: middle, sku: `sku-${middle}` },
    ]);
    await context.dispose();
    expect(found.pages.length, 'pages read').toBeLessThanOrEqual(2 * MAX_WALKED_PAGES + 2);
    expect(found.bounded?.cause).toBe('list-products.filter-sku');
    if (skuFilter) {
      expect(found.missing).toEqual([]);
      expect([...requireListed(found).keys()].sort((a, b) => a - b)).toEqual([1, middle]);
      expectListed(found);
    } else {
      // expectListed and requireListed then skip their test as not judged, naming found.bounded's cause.
      expect(found.missing).toEqual([middle]);
    }
  });
}
