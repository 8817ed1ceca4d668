// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
import { z } from 'zod';
import { checks, expect, expectShape, Statuses, test } from '../../fixtures/index.ts';
import { Envelope, Pagination } from '../../support/schemas/index.ts';
import { drafts, makeProductSet, uniqueWord } from './support/list-data.ts';
import { acceptedLastPages, ItemId, linkTarget, listPage, walkPages } from './support/list-pages.ts';

/** The path the spec says the links point at (Endpoints). */
const LINK_PATH = '/api/core/v1/products';

test.describe('List Products pagination', () => {
  test(
    'keeps one response of the unfiltered list consistent: echoes, page size, last_page, no previous link on page 1',
    checks('listProducts', 'pagination.page-params', 'pagination.last-page', 'pagination.link-pages'),
    async ({ api }) => {
      // Others create products meanwhile: only what holds within this one response is asserted.
      const { pagination, products, response } = await listPage(api, { page: 1, per_page: 3 }, ItemId);
      const what = (field: string) => `pagination.${field} of ${response.describe()}`;
      expect(pagination.current_page, what('current_page')).toBe(1);
      expect(pagination.per_page, what('per_page')).toBe(3);
      expect(products.length, `items on ${response.describe()}`).toBeLessThanOrEqual(3);
      expect(acceptedLastPages(pagination.total, 3), `${what('last_page')} for total ${pagination.total}`).toContain(
        pagination.last_page,
      );
      expect(pagination.prev_page_url, what('prev_page_url')).toBeNull();
      if (pagination.last_page <= 1) expect(pagination.next_page_url, what('next_page_url')).toBeNull();
      else expect(pagination.next_page_url, what('next_page_url')).not.toBeNull();
    },
  );

  test(
    'counts every matching product in total and echoes page and per_page',
    checks('listProducts', 'pagination.total', 'pagination.page-params', 'list-products.filter-tags'),
    async ({ api, make }) => {
      const set = await makeProductSet(api, make, drafts(5));
      const { pagination, response } = await listPage(api, { 'tag_ids[]': [set.tagId], page: 2, per_page: 2 }, ItemId);
      expect(pagination.total, `pagination.total of ${response.describe()} (5 products carry the tag)`).toBe(5);
      expect(pagination.current_page, `pagination.current_page of ${response.describe()}`).toBe(2);
      expect(pagination.per_page, `pagination.per_page of ${response.describe()}`).toBe(2);
    },
  );

  test(
    'sets last_page to the number of pages at per_page',
    checks('listProducts', 'pagination.last-page', 'list-products.filter-tags'),
    async ({ api, make }) => {
      const set = await makeProductSet(api, make, drafts(5));
      const perPages = [1, 2, 3, 4, 5, 7];
      const pages = await Promise.all(
        perPages.map(
          async (perPage) => (await listPage(api, { 'tag_ids[]': [set.tagId], per_page: perPage }, ItemId)).pagination,
        ),
      );
      // Against the per_page the target answered with: whether it honours the one asked for is pagination.page-params.
      const key = (asked: number, answered: number) => `per_page ${asked} (answered ${answered})`;
      expect(
        Object.fromEntries(pages.map((p, i) => [key(perPages[i] ?? 0, p.per_page), p.last_page])),
        'last_page for 5 products at each per_page answered',
      ).toEqual(
        Object.fromEntries(pages.map((p, i) => [key(perPages[i] ?? 0, p.per_page), Math.ceil(5 / p.per_page)])),
      );
    },
  );

  test(
    'holds min(per_page, what is left) items on each page, with the same total, and no items past the last page',
    checks('listProducts', 'pagination.page-params', 'pagination.total', 'list-products.filter-tags'),
    async ({ api, make }) => {
      const set = await makeProductSet(api, make, drafts(5));
      const query = (page: number) => ({ 'tag_ids[]': [set.tagId], page, per_page: 2 });
      const pages = await Promise.all([1, 2, 3].map((page) => listPage(api, query(page), ItemId)));
      expect(
        pages.map((p) => p.products.length),
        'items on pages 1 to 3 at per_page 2 (5 products)',
      ).toEqual([2, 2, 1]);
      expect(
        pages.map((p) => p.pagination.total),
        'pagination.total on pages 1 to 3',
      ).toEqual([5, 5, 5]);
      // Past the last page: an empty page with the same total, or a refusal that is not a server error.
      const past = await api.listProducts(query(4));
      if (past.status >= 200 && past.status < 300) {
        const page = expectShape(
          past,
          Envelope(z.object({ products: z.array(ItemId), pagination: Pagination })),
          'page 4, past the last',
        );
        expect(page.data.products.length, `items on ${past.describe()} (past the last page)`).toBe(0);
        expect(page.data.pagination.total, `pagination.total of ${past.describe()} (past the last page)`).toBe(5);
      } else {
        expect(past, 'page 4, past the last (a refusal is allowed, a server error is not)').toHaveStatus(
          Statuses.notSuccess,
        );
      }
    },
  );

  test(
    `points its page links at ${LINK_PATH}`,
    checks('listProducts', 'pagination.links', 'list-products.filter-tags', 'pagination.page-params'),
    async ({ api, make, config }) => {
      const set = await makeProductSet(api, make, drafts(5));
      const pages = await walkPages(api, { 'tag_ids[]': [set.tagId] }, 2);
      const links = pages
        .flatMap((p) => [p.pagination.prev_page_url, p.pagination.next_page_url])
        .filter((link): link is string => link !== null);
      expect(links.length, 'pagination links across the pages of a three-page list').toBeGreaterThan(0);
      for (const link of links)
        expect(linkTarget(link, config.targetUrl ?? '').path, `path of the pagination link ${link}`).toMatch(
          /\/api\/core\/v1\/products$/,
        );
    },
  );

  test(
    'links each page to the page before and after it, with no previous link on the first page and no next link on the last',
    checks('listProducts', 'pagination.link-pages', 'list-products.filter-tags', 'pagination.page-params'),
    async ({ api, make, config }) => {
      const set = await makeProductSet(api, make, drafts(5));
      const pages = await walkPages(api, { 'tag_ids[]': [set.tagId] }, 2);
      expect(pages.length, 'pages of 5 products at per_page 2').toBe(3);
      const linked = (link: string | null) => (link === null ? null : linkTarget(link, config.targetUrl ?? '').page);
      expect(
        pages.map((p) => linked(p.pagination.prev_page_url)),
        'page named by prev_page_url on pages 1 to 3 (null: no link)',
      ).toEqual([null, 1, 2]);
      expect(
        pages.map((p) => linked(p.pagination.next_page_url)),
        'page named by next_page_url on pages 1 to 3 (null: no link)',
      ).toEqual([2, 3, null]);
    },
  );

  test(
    'answers an empty result with total 0, no items, no links and last_page 0 or 1',
    checks('listProducts', 'pagination.empty'),
    async ({ api, make }) => {
      const { pagination, products, response } = await listPage(
        api,
        { search: uniqueWord(make), page: 1, per_page: 5 },
        ItemId,
      );
      const what = (field: string) => `${field} of ${response.describe()} (nothing matches)`;
      expect(pagination.total, what('pagination.total')).toBe(0);
      expect(products, what('data.products')).toEqual([]);
      expect([0, 1], what('pagination.last_page')).toContain(pagination.last_page);
      expect(pagination.next_page_url, what('pagination.next_page_url')).toBeNull();
      expect(pagination.prev_page_url, what('pagination.prev_page_url')).toBeNull();
    },
  );

  test(
    'yields every product exactly once when walking all pages at per_page 1, 3 and 4',
    checks('listProducts', 'pagination.walk', 'list-products.filter-tags', 'pagination.page-params'),
    async ({ api, make }) => {
      // One price for all: a target that orders by price without a tie-breaker shows here.
      const set = await makeProductSet(api, make, drafts(6, { price: 100, sale_price: 90 }));
      const made = set.products.map((p) => p.id).sort((a, b) => a - b);
      for (const perPage of [1, 3, 4]) {
        await test.step(`per_page ${perPage}`, async () => {
          const pages = await walkPages(api, { 'tag_ids[]': [set.tagId] }, perPage);
          const walked = pages.flatMap((p) => p.ids);
          const repeated = walked.filter((id, i) => walked.indexOf(id) !== i);
          expect(
            repeated,
            `ids listed on more than one page at per_page ${perPage} (pages: ${JSON.stringify(pages.map((p) => p.ids))})`,
          ).toEqual([]);
          expect(
            [...walked].sort((a, b) => a - b),
            `ids walked at per_page ${perPage}, against the 6 made`,
          ).toEqual(made);
          expect(walked.length, `items walked at per_page ${perPage}, against pagination.total`).toBe(
            pages[0]?.pagination.total,
          );
        });
      }
    },
  );
});
