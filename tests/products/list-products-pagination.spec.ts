/**
 * List Products pagination. The stated rules are judged within single answers, whatever other clients
 * create meanwhile, on answers asked as plainly as the store allows: the target's own page size, the
 * pages it says it has; the spec shows neither a minimum nor a maximum page size, so a page size is
 * asked only where no plain answer can show the rule, and a refused one is another test's concern.
 * `total` is judged on filtered lists too, but only on one whose answers show it whole (one page, and
 * nothing on page 2): what a filter keeps is a reading, what the answers show is not. The readings
 * (page sizes honoured, links to the neighbouring pages, a walk seeing each product once) are judged
 * on sets of products this test made, found by the word in their names. What a store may do several ways
 * (page sizes, pages read again while other clients write) is a step of fixtures/list-pagination.ts.
 */
import { z } from 'zod';
import {
  cites,
  concurrently,
  dependsOn,
  expect,
  readData,
  requireSuccess,
  Statuses,
  test,
} from '../../fixtures/index.ts';
import {
  answeredPagination,
  listPage,
  notAnEmptyResult,
  readListed,
  uniqueWord,
  type ListedPage,
} from '../../fixtures/list.ts';
import {
  firstPageWhile,
  firstTwoPages,
  lastPage,
  laterAndLastPages,
  linkedPage,
  overSeveralPages,
  pagesOfTwo,
  readAgainWhile,
  wholeListsOf,
} from '../../fixtures/list-pagination.ts';
import { answersToEachForm, drafts, makeProductSet, sharedDrafts, sharedSet } from '../../fixtures/list-sets.ts';
import { walkPages } from '../../fixtures/list-walk.ts';
import { Pagination } from '../../support/contract/schemas/product.ts';

/** The path the spec says the links point at (Endpoints). */
const LINK_PATH = '/api/core/v1/products';

/** Pages needed for `total` items at `perPage`; for no items the spec is silent, and 0 and 1 are both accepted. */
function acceptedLastPages(total: number, perPage: number): number[] {
  return total === 0 ? [0, 1] : [Math.ceil(total / perPage)];
}

const linksOf = (page: ListedPage) =>
  [page.pagination.prev_page_url, page.pagination.next_page_url].filter((link): link is string => link !== null);

/** The answers a list over several pages gave: its pages, and the page past its last when it was answered. */
const answersOf = ({ pages, past }: { pages: readonly ListedPage[]; past: ListedPage | undefined }) =>
  past === undefined ? pages : [...pages, past];

/** What an assertion message adds about the lists not read over several pages. */
const besides = (notJudged: readonly string[]) =>
  notJudged.length === 0 ? '' : ` (not read over several pages: ${notJudged.join('; ')})`;

test.describe('List Products pagination', () => {
  test(
    'answers pagination with the fields and types of the Pagination resource',
    cites('listProducts', 'pagination.shape'),
    async ({ api }) => {
      // The target's own page and page size: the spec shows neither a minimum nor a maximum.
      const response = await api.listProducts();
      requireSuccess(response, 'listProducts');
      const { pagination } = readData(
        response,
        z.object({ pagination: z.looseObject({}) }),
        'list-products.ok',
        'data.pagination',
      );
      expect(pagination, `data.pagination of ${response.describe()}`).toMatchSchema(Pagination);
    },
  );

  test(
    'answers pagination with the fields and types of the Pagination resource on a later page and on the last page',
    cites('listProducts', 'pagination.shape').on({ bound: ['a middle page', 'the last page'] }),
    async ({ api, make, target }) => {
      const read = await laterAndLastPages(api, () => sharedDrafts(api, make, target, 5));
      const wrong = read.flatMap(({ response, pagination }) => {
        const parsed = Pagination.safeParse(pagination);
        return parsed.success ? [] : [`data.pagination of ${response.describe()}: ${z.prettifyError(parsed.error)}`];
      });
      expect(wrong, 'answers whose pagination is not the Pagination resource').toEqual([]);
    },
  );

  test(
    'answers pagination with the fields and types of the Pagination resource when nothing matches',
    cites('listProducts', 'pagination.shape'),
    async ({ api, make }) => {
      // A word no product has: what search keeps is a reading, but whatever it keeps, the answer's pagination
      // is a Pagination (with no item, where it keeps the products holding the word).
      const { response, pagination } = await answeredPagination(api, { search: uniqueWord(make) });
      notAnEmptyResult(response);
      expect(pagination, `data.pagination of ${response.describe()} (nothing matches)`).toMatchSchema(Pagination);
    },
  );

  test(
    'answers pagination with the fields and types of the Pagination resource whatever it is asked with: page, per_page, each filter alone, a page past the last',
    cites('listProducts', 'pagination.shape').on({ bound: ['the first page', 'past the last page', 'per_page 1'] }),
    async ({ api, make, target }) => {
      // Every form of query the suite reads answers to: a store may break the shape for one of them only.
      const { answered, refused } = await answersToEachForm(api, await sharedSet(api, make, target));
      const wrong = answered.flatMap(({ form, response }) => {
        const { pagination } = readData(
          response,
          z.object({ pagination: z.looseObject({}) }),
          'list-products.ok',
          'data.pagination',
        );
        const parsed = Pagination.safeParse(pagination);
        return parsed.success ? [] : [`${form}: ${response.describe()}: ${z.prettifyError(parsed.error)}`];
      });
      expect(
        wrong,
        `answers whose pagination is not the Pagination resource${refused.length > 0 ? ` (refused, so not judged: ${refused.join('; ')})` : ''}`,
      ).toEqual([]);
    },
  );

  test(
    'counts in total at least the products on the pages up to the one it answers',
    cites('listProducts', 'pagination.total'),
    async ({ api, make, target }) => {
      // Page 2 shows it: a total of the items on one page falls short of the page before.
      const pages = await firstTwoPages(api, () => sharedDrafts(api, make, target, 5));
      // A page that holds nothing bounds nothing: it may be past the last (a target that raises a page size
      // below its smallest, say, has fewer pages than the size asked for leaves).
      const atLeast = ({ pagination: p, items }: ListedPage) => (p.current_page - 1) * p.per_page + items.length;
      const isShort = (page: ListedPage) => page.items.length > 0 && page.pagination.total < atLeast(page);
      const latest = await concurrently(pages.map((page) => readAgainWhile(api, page, isShort)));
      const short = latest
        .filter(isShort)
        .map(
          (page) =>
            `${page.response.describe()} (current_page ${page.pagination.current_page}, per_page ${page.pagination.per_page}, ${page.items.length} item(s) on it): total ${page.pagination.total}, at least ${atLeast(page)}`,
        );
      expect(short, 'answers whose total is less than the items on the pages up to theirs, each time asked').toEqual(
        [],
      );
    },
  );

  test(
    'counts in total exactly the products of a filtered list its answers show whole',
    cites('listProducts', 'pagination.total'),
    async ({ api, make, target }) => {
      // Which products a filter keeps is a reading; that a list of one page, with nothing on page 2,
      // holds what page 1 shows is not: its total is that many, whatever the filter kept.
      const set = await sharedDrafts(api, make, target, 2);
      const wrong = (await wholeListsOf(api, set))
        .filter(({ pagination, items }) => pagination.total !== items.length)
        .map(
          ({ pagination: p, items, response }) =>
            `${response.describe()} (the whole list: ${items.length} item(s) at per_page ${p.per_page}, none on page 2): total ${p.total}, expected ${items.length}`,
        );
      expect(wrong, 'filtered answers whose total is not the number of products their whole list holds').toEqual([]);
    },
  );

  test(
    'counts in total no more products than the pages up to the last one hold',
    cites('listProducts', 'pagination.total'),
    async ({ api, make }) => {
      // Judged where the answers show the pages to be the whole list: the unfiltered list when its own
      // answer says it fits on one page, holds less than a full page and shows this test's product (a full
      // page called the last may be a last_page counted short, pagination.last-page's to judge), else a
      // filtered list shown whole. Over many pages, where the items sit is a reading of the page
      // parameters (the twin below).
      const set = await makeProductSet(api, make, drafts(1));
      const madeId = set.products[0]?.id;
      const onePage = ({ pagination: p, items, ids }: ListedPage) =>
        p.last_page <= 1 && items.length < p.per_page && madeId !== undefined && ids.includes(madeId);
      const over = ({ pagination: p }: ListedPage, items: number) => p.total > items;
      const plain = await firstPageWhile(api, (page) => onePage(page) && over(page, page.items.length));
      const judged = onePage(plain) ? [plain] : await wholeListsOf(api, set);
      const wrong = judged
        .filter((page) => over(page, page.items.length))
        .map(
          ({ pagination: p, items, response }) =>
            `${response.describe()} (its only page, ${items.length} item(s) at per_page ${p.per_page}): total ${p.total}, at most ${items.length}`,
        );
      expect(wrong, 'answers of a list shown whole whose total is more than the items it holds').toEqual([]);
    },
  );

  test(
    'counts in total no more products than the pages up to the last one hold, each page holding per_page items',
    cites('listProducts', 'pagination.total', 'pagination.page-params'),
    async ({ api, products }) => {
      const made = await products.create('booking');
      const atMost = ({ pagination: p, items }: ListedPage) => (p.last_page - 1) * p.per_page + items.length;
      const last = await lastPage(api, (page) => page.pagination.total > atMost(page));
      const { pagination: p, items, response } = last;
      // On one page, a total over what it holds is a product the list does not show: this test's own, or another's.
      if (p.total > atMost(last) && p.last_page <= 1 && !last.ids.includes(made.id))
        dependsOn(
          'list-products.lists-created',
          `${response.describe()}, the only page, does not show product ${made.id}`,
        );
      expect(
        p.total,
        `total of ${response.describe()} (its last page, ${items.length} item(s) on it), against the ${p.last_page - 1} page(s) of per_page ${p.per_page} before it and its items: ` +
          'total counts products the list does not hold, or the pages do not hold per_page items each',
      ).toBeLessThanOrEqual(atMost(last));
    },
  );

  test(
    'sets last_page to the number of pages at per_page in every answer, filtered ones too',
    cites('listProducts', 'pagination.last-page'),
    async ({ api, make, target }) => {
      // Two products of this test, found by a word: a filtered list as short as that has a last page of its
      // own, whatever the filter keeps. last_page is judged against the total and per_page each answer gives.
      const set = await sharedDrafts(api, make, target, 2);
      const queries = [{}, { search: set.word }];
      // Page sizes of its own too: some of them leave a last page partly filled, whatever the total is. The
      // spec shows no smallest or largest size: a size the target refuses gives no answer to judge.
      const [plain, sized] = await concurrently([
        concurrently(queries.map((query) => listPage(api, query))),
        concurrently(
          queries.flatMap((query) =>
            [1, 2, 3, 4, 5, 7, 11, 13].map(async (perPage) => {
              const response = await api.listProducts({ ...query, per_page: perPage });
              return response.succeeded ? [readListed(response)] : [];
            }),
          ),
        ),
      ]);
      const wrong = [...plain, ...sized.flat()]
        .filter(({ pagination: p }) => !acceptedLastPages(p.total, p.per_page).includes(p.last_page))
        .map(
          ({ pagination: p, response }) =>
            `${response.describe()}: last_page ${p.last_page} for total ${p.total} at per_page ${p.per_page}`,
        );
      expect(wrong, 'answers whose last_page is not ceil(total / per_page)').toEqual([]);
    },
  );

  test(
    `points every link at ${LINK_PATH}`,
    cites('listProducts', 'pagination.links'),
    async ({ api, make, target, config }) => {
      // Pages 1 and 2 of one list: page 2 links back at least. Which page a link names is a reading (pagination.link-pages).
      const pages = await firstTwoPages(api, () => sharedDrafts(api, make, target, 5));
      const links = pages.flatMap((page) => linksOf(page).map((link) => ({ link, where: page.response.describe() })));
      if (links.length === 0)
        dependsOn('pagination.link-pages', 'pages 1 and 2 of the unfiltered list carry no link at all');
      const elsewhere = links.filter(({ link }) => !new URL(link, config.targetUrl).pathname.endsWith(LINK_PATH));
      expect(
        elsewhere.map(({ link, where }) => `${link} (in ${where})`),
        `links whose path is not ${LINK_PATH}`,
      ).toEqual([]);
    },
  );

  test(
    'echoes page and per_page, and holds min(per_page, what is left) items on each page',
    cites('listProducts', 'pagination.page-params', 'list-products.filter-search'),
    async ({ api, make, target }) => {
      const set = await sharedDrafts(api, make, target, 5);
      const query = (page: number) => ({ search: set.word, page, per_page: 2 });
      // A size of 2 refused breaks this reading: the test fails, it does not depend on itself.
      const pages = await concurrently([1, 2, 3].map((page) => listPage(api, query(page), { refused: 'fail' })));
      expect(
        pages.map((p) => [p.pagination.current_page, p.pagination.per_page]),
        'current_page and per_page of pages 1 to 3 at per_page 2',
      ).toEqual([
        [1, 2],
        [2, 2],
        [3, 2],
      ]);
      // Against the 5 products made: what `total` says is pagination.total's own test.
      expect(
        pages.map((p) => p.items.length),
        'items on pages 1 to 3 at per_page 2 (5 products)',
      ).toEqual([2, 2, 1]);
    },
  );

  test(
    'answers a page past the last with no items, as the last page, or refuses it without a server error',
    cites('listProducts', 'pagination.page-params', 'list-products.filter-search').on({ bound: 'past the last page' }),
    async ({ api, make, target }) => {
      const set = await sharedDrafts(api, make, target, 5);
      const past = await api.listProducts({ search: set.word, page: 4, per_page: 2 });
      if (!past.succeeded) {
        expect(past, 'page 4 of 3, past the last (a refusal is allowed, a server error is not)').toHaveStatus(
          Statuses.notSuccess,
        );
        return;
      }
      const { items, pagination: p } = readListed(past);
      // An empty page of its own, or the last page answered in its place: then it names itself the last.
      const answered =
        items.length === 0
          ? 'an empty page'
          : p.current_page === p.last_page
            ? 'the last page'
            : `page ${p.current_page} of ${p.last_page}, holding ${items.length} item(s)`;
      expect(['an empty page', 'the last page'], `what ${past.describe()} answers, past the last page`).toContain(
        answered,
      );
    },
  );

  test(
    'links each page to the page before and after it, with no previous link on the first page and no next link on the last',
    cites('listProducts', 'pagination.link-pages', 'list-products.filter-search').on({
      bound: ['the first page', 'a middle page', 'the last page'],
    }),
    async ({ api, make, target, config }) => {
      const set = await sharedDrafts(api, make, target, 5);
      const pages = await pagesOfTwo(api, set);
      expect(pages.length, 'pages of 5 products at per_page 2').toBe(3);
      const linked = linkedPage(config.targetUrl);
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
    'links the pages of a list whose last page is full, with no next link on that last page',
    cites('listProducts', 'pagination.link-pages', 'list-products.filter-search'),
    async ({ api, make, target, config }) => {
      // 6 products at per_page 2: three full pages, the last one as full as the first. The set the walks read
      // (one price for all): the links alone are judged here, whatever order the items come in.
      const set = await sharedDrafts(api, make, target, 6, { price: 100, sale_price: 90 });
      const pages = await pagesOfTwo(api, set);
      expect(pages.length, 'pages of 6 products at per_page 2').toBe(3);
      const linked = linkedPage(config.targetUrl);
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
    cites('listProducts', 'pagination.empty', 'list-products.filter-search'),
    async ({ api, make }) => {
      const { pagination, items, response } = await listPage(api, { search: uniqueWord(make) });
      const what = `${response.describe()} (nothing matches)`;
      expect(
        {
          total: pagination.total,
          items: items.length,
          next: pagination.next_page_url,
          prev: pagination.prev_page_url,
        },
        what,
      ).toEqual({ total: 0, items: 0, next: null, prev: null });
      expect([0, 1], `last_page of ${what}`).toContain(pagination.last_page);
    },
  );

  test(
    'counts in total, on every page of a filtered list over several pages and on the page past its last, the products its answers show whole',
    cites('listProducts', 'pagination.total').on({ bound: ['over several pages', 'past the last page'] }),
    async ({ api, make, target }) => {
      // The search for a shared set's word, alone and with each other filter. Which products a filter keeps is a
      // reading; that a list its answers show whole holds those products is not. Asked again at a page size that
      // spreads it over several pages, every answer counts as many.
      const { lists, notJudged } = await overSeveralPages(api, make, target, 'each filter');
      const wrong = lists.flatMap((list) =>
        answersOf(list)
          .filter(({ pagination }) => pagination.total !== list.whole.items.length)
          .map(
            ({ pagination: p, response }) =>
              `${response.describe()} (current_page ${p.current_page} at per_page ${p.per_page}): total ${p.total}, where ${list.whole.response.describe()} shows the whole list, ${list.whole.items.length} product(s)`,
          ),
      );
      expect(wrong, `answers whose total is not the products of their list${besides(notJudged)}`).toEqual([]);
    },
  );

  test(
    'sets last_page to the number of pages at per_page on every page of a filtered list over several pages and on the page past its last',
    cites('listProducts', 'pagination.last-page').on({ bound: ['over several pages', 'past the last page'] }),
    async ({ api, make, target }) => {
      const { lists, notJudged } = await overSeveralPages(api, make, target, 'each filter');
      const wrong = lists
        .flatMap(answersOf)
        .filter(({ pagination: p }) => !acceptedLastPages(p.total, p.per_page).includes(p.last_page))
        .map(
          ({ pagination: p, response }) =>
            `${response.describe()}: last_page ${p.last_page} for total ${p.total} at per_page ${p.per_page}`,
        );
      expect(wrong, `answers whose last_page is not ceil(total / per_page)${besides(notJudged)}`).toEqual([]);
    },
  );

  test(
    `points every link of a filtered list over several pages at ${LINK_PATH}`,
    cites('listProducts', 'pagination.links').on({ bound: 'over several pages' }),
    async ({ api, make, target, config }) => {
      const { lists, notJudged } = await overSeveralPages(api, make, target, 'each filter');
      const links = lists
        .flatMap(answersOf)
        .flatMap((page) => linksOf(page).map((link) => ({ link, where: page.response.describe() })));
      if (links.length === 0)
        dependsOn('pagination.link-pages', 'no page of a filtered list over several pages carries a link');
      const elsewhere = links.filter(({ link }) => !new URL(link, config.targetUrl).pathname.endsWith(LINK_PATH));
      expect(
        elsewhere.map(({ link, where }) => `${link} (in ${where})`),
        `links whose path is not ${LINK_PATH}${besides(notJudged)}`,
      ).toEqual([]);
    },
  );

  test(
    'links each page of a filtered list over several pages to the page before and after it',
    cites('listProducts', 'pagination.link-pages', 'list-products.filter-search').on({ bound: 'over several pages' }),
    async ({ api, make, target, config }) => {
      const { lists, notJudged } = await overSeveralPages(api, make, target, 'each filter');
      const linked = linkedPage(config.targetUrl);
      const wrong = lists.flatMap(({ form, pages }) => {
        const named = pages.map((p) => [linked(p.pagination.prev_page_url), linked(p.pagination.next_page_url)]);
        const expected = pages.map((_, i) => [i === 0 ? null : i, i === pages.length - 1 ? null : i + 2]);
        return JSON.stringify(named) === JSON.stringify(expected)
          ? []
          : [
              `${form}: [prev, next] pages named on pages 1 to ${pages.length}: ${JSON.stringify(named)}, expected ${JSON.stringify(expected)}`,
            ];
      });
      expect(wrong, `lists whose links do not name the pages before and after${besides(notJudged)}`).toEqual([]);
    },
  );

  test(
    'yields every product of a filtered list exactly once when walking its pages, the list its answers show whole',
    cites('listProducts', 'pagination.walk', 'list-products.filter-search').on({ bound: 'over several pages' }),
    async ({ api, make, target }) => {
      const { lists, notJudged } = await overSeveralPages(api, make, target, 'each filter');
      const wrong = lists.flatMap(({ form, whole, pages }) => {
        const walked = pages.flatMap((p) => p.ids);
        const repeated = walked.filter((id, i) => walked.indexOf(id) !== i);
        const unseen = whole.ids.filter((id) => !walked.includes(id));
        const others = walked.filter((id) => !whole.ids.includes(id));
        return repeated.length + unseen.length + others.length === 0
          ? []
          : [
              `${form} at per_page ${pages[0]?.pagination.per_page}: pages ${JSON.stringify(pages.map((p) => p.ids))}, whole ${JSON.stringify(whole.ids)}: on two pages ${JSON.stringify(repeated)}, on none ${JSON.stringify(unseen)}, not in the list ${JSON.stringify(others)}`,
            ];
      });
      expect(wrong, `lists whose pages do not yield each product once${besides(notJudged)}`).toEqual([]);
    },
  );

  test(
    'holds min(per_page, what is left) items on the first, a middle and the last page at per_page 1, whatever per_page it answers',
    cites('listProducts', 'pagination.page-params', 'list-products.filter-search').on({
      bound: ['the first page', 'a middle page', 'the last page', 'per_page 1'],
    }),
    async ({ api, make, target }) => {
      // The smallest page size is not shown: a store may raise 1 to its own, which the answer's per_page gives.
      const { lists } = await overSeveralPages(api, make, target, 'search');
      const [{ whole, pages }] = lists as [(typeof lists)[number]];
      const perPage = pages[0]?.pagination.per_page ?? 1;
      expect(
        pages.map(({ pagination, items }) => [pagination.current_page, items.length]),
        `[current_page, items] of pages 1 to ${pages.length} of ${whole.items.length} product(s) (${whole.response.describe()}), at the per_page ${perPage} answered`,
      ).toEqual(pages.map((_, i) => [i + 1, Math.min(perPage, whole.items.length - i * perPage)]));
    },
  );

  for (const perPage of [1, 3, 4]) {
    test(
      `yields every product exactly once when walking all pages at per_page ${perPage}`,
      cites('listProducts', 'pagination.walk', 'list-products.filter-search'),
      async ({ api, make, target }) => {
        // One price for all: a target that orders by price without a tie-breaker shows here.
        const set = await sharedDrafts(api, make, target, 6, { price: 100, sale_price: 90 });
        const made = set.products.map((p) => p.id).sort((a, b) => a - b);
        const pages = await walkPages(api, { search: set.word }, perPage);
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
      },
    );
  }
});
