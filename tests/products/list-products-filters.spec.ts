/**
 * List Products filters: every one is a reading (the spec lists the parameters, not their meaning).
 * Each test reads products made for it, or the shared set when it only reads. A filter's effect on the
 * whole list is judged on every page the filtered list walks to, and its effect on those products on the
 * list searched also for the word in their names (both read by fixtures/list-sets.ts).
 */
import { cites, concurrently, expect, notApplicable, test } from '../../fixtures/index.ts';
import {
  allLabels,
  daysOf,
  itemsFailing,
  listedBy,
  listedInSet,
  makeProductSet,
  priceAtBound,
  sharedSet,
  skipWhenNonePublished,
  tagIdOf,
  type ProductSet,
  type SetProduct,
} from '../../fixtures/list-sets.ts';
import { uniqueWord } from '../../fixtures/list.ts';
import type { ListProductsQuery } from '../../support/contract/schemas/bodies.ts';
import { publishingStatusId } from '../../support/contract/profile.ts';

/** The first two of a profile list (the profile guarantees two: one to keep and one to drop). */
function keptAndDropped<T>(values: readonly T[]): [kept: T, dropped: T] {
  const [kept, dropped] = values;
  if (kept === undefined || dropped === undefined)
    throw new Error('The target profile lists fewer than two values where filters need two.');
  return [kept, dropped];
}

/**
 * What a filter of several ids may list of a set carrying them as its labels say: a product carrying all
 * of them is kept and one carrying none dropped, while those carrying a single id are kept by a filter
 * matching any id and dropped by one matching all (the spec does not say which), alike whichever id.
 */
function anyOrAll(every: string, one: readonly string[]): { any: string[]; all: string[] } {
  return { any: [every, ...one].sort(), all: [every] };
}

/** What a product of a set carries, of one kind: its tag names, its categories, its brand. */
type Carried = (product: SetProduct) => readonly unknown[];
const tagsOf: Carried = (p) => p.sent.tags ?? [];
const categoriesOf: Carried = (p) => p.sent.category ?? [];
const brandOf: Carried = (p) => (p.sent.brand_id === undefined ? [] : [p.sent.brand_id]);

/** The labels of the set's products carrying `value`, sorted as a listing gives them. */
const holding = (set: ProductSet, carried: Carried, value: unknown): string[] =>
  set.products
    .filter((p) => carried(p).includes(value))
    .map((p) => p.label)
    .sort();

/**
 * What a filter of several ids may list of the shared set (anyOrAll), from what its products carry: the
 * one carrying them all (all three), and those carrying some of them.
 */
function ofSeveral(set: ProductSet, carried: Carried, values: readonly unknown[]): { any: string[]; all: string[] } {
  const count = (p: SetProduct) => values.filter((v) => carried(p).includes(v)).length;
  const labels = (keep: (n: number) => boolean) =>
    set.products
      .filter((p) => keep(count(p)))
      .map((p) => p.label)
      .sort();
  return { any: labels((n) => n > 0), all: labels((n) => n === values.length) };
}

/** What a filter of two ids listed, against what one matching any and one matching all would list: the nearer is expected. */
function expectAnyOrAll(listed: readonly string[], { any, all }: { any: string[]; all: string[] }, what: string) {
  const expected = JSON.stringify(listed) === JSON.stringify(all) ? all : any;
  expect(
    listed,
    `${what}: a filter keeping any of the ids lists ${JSON.stringify(any)}, one keeping all of them ${JSON.stringify(all)}`,
  ).toEqual(expected);
}

test.describe('List Products filters', () => {
  test(
    'search keeps the product whose name holds the word and drops the rest',
    cites('listProducts', 'list-products.filter-search'),
    async ({ api, make, target }) => {
      // The shared set's `second` alone holds the word, which no other product has: the search alone is scoped.
      const set = await sharedSet(api, make, target);
      const listed = await listedBy(api, set, { search: set.named });
      expect(listed.labels, `${listed.what}, searched for ${JSON.stringify(set.named)}`).toEqual(['second']);
    },
  );

  test(
    'search finds a word holding %, _ and * as it is written, and no name holding it with other characters in their place',
    cites('listProducts', 'list-products.filter-search'),
    async ({ api, make }) => {
      // Characters that mean something to a LIKE pattern (%, _) or a search engine's query (*): the word is
      // found as it is written, and none of them matches what the word does not hold.
      const word = `${uniqueWord(make)}%q_r*s`;
      const named = (written: string) => ({
        name_en: `${make.name('list search')} ${written}`,
        name_ar: `منتج ${written}`,
      });
      const set = await makeProductSet(api, make, [
        { label: 'holding the word', body: named(word) },
        { label: 'with xy for %', body: named(word.replace('%', 'xy')) },
        { label: 'with x for _', body: named(word.replace('_', 'x')) },
        { label: 'with yz for *', body: named(word.replace('*', 'yz')) },
      ]);
      const listed = await listedBy(api, set, { search: word });
      expect(listed.labels, `${listed.what}, searched for ${JSON.stringify(word)}`).toEqual(['holding the word']);
    },
  );

  test(
    'sku keeps the product with that sku and no other',
    cites('listProducts', 'list-products.filter-sku'),
    async ({ api, make, target }) => {
      // Each product of the shared set has a sku of its own.
      const set = await sharedSet(api, make, target);
      const sku = set.products.find((p) => p.label === 'second')?.sent.sku ?? '';
      const listed = await listedBy(api, set, { sku });
      expect(listed.labels, `${listed.what}, for the sku of second`).toEqual(['second']);
    },
  );

  test(
    'tag_ids[] keeps the products carrying the tag and drops the others',
    cites(
      'listProducts',
      'list-products.filter-tags',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'one id' }),
    async ({ api, make, target }) => {
      // The first tag: three products of the shared set carry it (one among others), the other two do not.
      const set = await sharedSet(api, make, target);
      const tagId = tagIdOf(set.products, set.tagNames[0]);
      // Other products may carry a tag the target has: on the whole list, only what the filter returns is judged.
      const alone = await itemsFailing(api, { 'tag_ids[]': [tagId] }, (item) => item.tags.some((t) => t.id === tagId));
      expect(alone.ids, alone.what).toEqual([]);
      const inSet = await listedInSet(api, set, { 'tag_ids[]': [tagId] });
      expect(inSet.labels, inSet.what).toEqual(['all three', 'first', 'first again']);
    },
  );

  test(
    'tag_ids[] with two ids keeps a product carrying both, drops one carrying neither, and treats those carrying one alike',
    cites(
      'listProducts',
      'list-products.filter-tags',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'two ids' }),
    async ({ api, make, target }) => {
      // The shared set: all three carries both, first and first again the first, second the second, third neither.
      const set = await sharedSet(api, make, target);
      const [first, second] = set.tagNames;
      const ids = [tagIdOf(set.products, first), tagIdOf(set.products, second)];
      const inSet = await listedInSet(api, set, { 'tag_ids[]': ids });
      expectAnyOrAll(inSet.labels, ofSeveral(set, tagsOf, [first, second]), inSet.what);
    },
  );

  test(
    'tag_ids[] with three ids keeps a product carrying all three, and treats those carrying one of them alike',
    cites(
      'listProducts',
      'list-products.filter-tags',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'three ids' }),
    async ({ api, make, target }) => {
      const set = await sharedSet(api, make, target);
      const [first, second, third] = set.tagNames;
      if (third === undefined) notApplicable('the target profile names two tags (tagNames): there is no third to give');
      const ids = [first, second, third].map((name) => tagIdOf(set.products, name));
      const inSet = await listedInSet(api, set, { 'tag_ids[]': ids });
      expectAnyOrAll(inSet.labels, anyOrAll('all three', ['first', 'first again', 'second', 'third']), inSet.what);
    },
  );

  test(
    'tag_ids[] keeps a product carrying several tags, given any one of them',
    cites('listProducts', 'list-products.filter-tags', 'list-products.filter-combined', 'list-products.filter-search'),
    async ({ api, make, target }) => {
      // The shared set's all three carries every tag; first and first again the first only, second the second only.
      const set = await sharedSet(api, make, target);
      const [first, second] = set.tagNames;
      // Which of its tags a target holds first is its own: each is given alone.
      const [byFirst, bySecond] = await concurrently([
        listedInSet(api, set, { 'tag_ids[]': [tagIdOf(set.products, first)] }),
        listedInSet(api, set, { 'tag_ids[]': [tagIdOf(set.products, second)] }),
      ]);
      expect(byFirst.labels, `${byFirst.what}, given the first tag`).toEqual(holding(set, tagsOf, first));
      expect(bySecond.labels, `${bySecond.what}, given the second tag`).toEqual(holding(set, tagsOf, second));
    },
  );

  test(
    'brand_ids[] keeps only products of the brand',
    cites(
      'listProducts',
      'list-products.filter-brands',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'one id' }),
    async ({ api, make, target }) => {
      // The first brand: three products of the shared set are of it, the other two of others.
      const set = await sharedSet(api, make, target);
      const [kept] = set.brandIds;
      // An item without a brand cannot show the filter wrong: whether brands are answered is product.brand.
      const alone = await itemsFailing(
        api,
        { 'brand_ids[]': [kept] },
        (item) => item.brand === null || item.brand.id === kept,
      );
      expect(alone.ids, alone.what).toEqual([]);
      const inSet = await listedInSet(api, set, { 'brand_ids[]': [kept] });
      expect(inSet.labels, inSet.what).toEqual(['all three', 'first', 'first again']);
    },
  );

  test(
    'brand_ids[] with two ids keeps the products of either brand',
    cites(
      'listProducts',
      'list-products.filter-brands',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'two ids' }),
    async ({ api, make, target }) => {
      // The shared set: all three, first and first again of the first brand, second of the second, third of another.
      const set = await sharedSet(api, make, target);
      const [first, second] = set.brandIds;
      // A product has one brand: several ids can only mean the products of any of them.
      const inSet = await listedInSet(api, set, { 'brand_ids[]': [first, second] });
      expect(inSet.labels, inSet.what).toEqual(ofSeveral(set, brandOf, [first, second]).any);
    },
  );

  test(
    'brand_ids[] with three ids keeps the products of each brand',
    cites(
      'listProducts',
      'list-products.filter-brands',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'three ids' }),
    async ({ api, make, target }) => {
      const set = await sharedSet(api, make, target);
      const [first, second, third] = set.brandIds;
      if (third === undefined)
        notApplicable('the target profile lists two brands (brandIds): there is no third to give');
      // Of the first brand three products of the set, of the second one, of the third one.
      const inSet = await listedInSet(api, set, { 'brand_ids[]': [first, second, third] });
      expect(inSet.labels, inSet.what).toEqual(['all three', 'first', 'first again', 'second', 'third']);
    },
  );

  test(
    'category_ids[] keeps only products in the category',
    cites(
      'listProducts',
      'list-products.filter-categories',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'one id' }),
    async ({ api, make, target }) => {
      // The first category: three products of the shared set are in it (one among others), the other two are not.
      const set = await sharedSet(api, make, target);
      const [kept] = set.categoryIds;
      const alone = await itemsFailing(api, { 'category_ids[]': [kept] }, (item) =>
        item.categories.some((c) => c.id === kept),
      );
      expect(alone.ids, alone.what).toEqual([]);
      const inSet = await listedInSet(api, set, { 'category_ids[]': [kept] });
      expect(inSet.labels, inSet.what).toEqual(['all three', 'first', 'first again']);
    },
  );

  test(
    'category_ids[] with two ids keeps a product in both, drops one in neither, and treats those in one alike',
    cites(
      'listProducts',
      'list-products.filter-categories',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'two ids' }),
    async ({ api, make, target }) => {
      // The shared set: all three is in both, first and first again in the first, second in the second, third in neither.
      const set = await sharedSet(api, make, target);
      const [first, second] = set.categoryIds;
      const inSet = await listedInSet(api, set, { 'category_ids[]': [first, second] });
      expectAnyOrAll(inSet.labels, ofSeveral(set, categoriesOf, [first, second]), inSet.what);
    },
  );

  test(
    'category_ids[] with three ids keeps a product in all three, and treats those in one of them alike',
    cites(
      'listProducts',
      'list-products.filter-categories',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: 'three ids' }),
    async ({ api, make, target }) => {
      const set = await sharedSet(api, make, target);
      const [first, second, third] = set.categoryIds;
      if (third === undefined)
        notApplicable('the target profile lists two categories (categoryIds): there is no third to give');
      const inSet = await listedInSet(api, set, { 'category_ids[]': [first, second, third] });
      expectAnyOrAll(inSet.labels, anyOrAll('all three', ['first', 'first again', 'second', 'third']), inSet.what);
    },
  );

  test(
    'category_ids[] keeps a product in several categories, given any one of them',
    cites(
      'listProducts',
      'list-products.filter-categories',
      'list-products.filter-combined',
      'list-products.filter-search',
    ),
    async ({ api, make, target }) => {
      // The shared set's all three is in every category; first and first again in the first only, second in the second only.
      const set = await sharedSet(api, make, target);
      const [first, second] = set.categoryIds;
      // Which of its categories a target holds first is its own: each is given alone.
      const [byFirst, bySecond] = await concurrently([
        listedInSet(api, set, { 'category_ids[]': [first] }),
        listedInSet(api, set, { 'category_ids[]': [second] }),
      ]);
      expect(byFirst.labels, `${byFirst.what}, given the first category`).toEqual(holding(set, categoriesOf, first));
      expect(bySecond.labels, `${bySecond.what}, given the second category`).toEqual(
        holding(set, categoriesOf, second),
      );
    },
  );

  test(
    'min_price and max_price keep prices well inside the bounds and drop those well outside',
    cites('listProducts', 'list-products.filter-price', 'list-products.filter-combined', 'list-products.filter-search'),
    async ({ api, make }) => {
      // Price and sale price sit on the same side of each bound, whichever of the two a target compares.
      const set = await makeProductSet(api, make, [
        { label: 'below', body: { price: 10, sale_price: 9, cost: 5 } },
        { label: 'inside', body: { price: 100, sale_price: 95 } },
        { label: 'above', body: { price: 1000, sale_price: 950 } },
      ]);
      const aloneMin = await itemsFailing(
        api,
        { min_price: 50 },
        (item) => Math.max(item.price, item.sale_price) >= 50,
      );
      expect(aloneMin.ids, aloneMin.what).toEqual([]);
      const aloneMax = await itemsFailing(
        api,
        { max_price: 500 },
        (item) => Math.min(item.price, item.sale_price) <= 500,
      );
      expect(aloneMax.ids, aloneMax.what).toEqual([]);
      const [min, max, both] = await concurrently([
        listedInSet(api, set, { min_price: 50 }),
        listedInSet(api, set, { max_price: 500 }),
        listedInSet(api, set, { min_price: 50, max_price: 500 }),
      ]);
      expect(min.labels, min.what).toEqual(['above', 'inside']);
      expect(max.labels, max.what).toEqual(['below', 'inside']);
      expect(both.labels, both.what).toEqual(['inside']);
    },
  );

  test(
    'min_price and max_price keep a product priced exactly at the bounds',
    cites(
      'listProducts',
      'list-products.filter-price-inclusive',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: ['min_price at the price', 'max_price at the price'] }),
    async ({ api, make, target }) => {
      // The price at the upper bound and the sale price at the lower (a store may require a sale price below
      // the price): whichever of the two a target compares sits exactly on a bound, for the three products of
      // the shared set priced 100 (sale 99); the other two, priced 1000, are outside.
      const set = await sharedSet(api, make, target);
      const inSet = await listedInSet(api, set, { min_price: 99, max_price: 100 });
      expect(inSet.labels, inSet.what).toEqual(['all three', 'first', 'first again']);
    },
  );

  test(
    'min_price and max_price each keep a product priced exactly at the bound, whichever of its prices the target compares',
    cites(
      'listProducts',
      'list-products.filter-price-inclusive',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: ['min_price at the price', 'max_price at the price'] }),
    async ({ api, make, target }) => {
      const set = await sharedSet(api, make, target);
      // Each bound alone, at the price it compares (100, or the sale price 99) of the three products priced 100.
      const [min, max] = await concurrently([priceAtBound(api, set, 'min_price'), priceAtBound(api, set, 'max_price')]);
      const [atMin, atMax] = await concurrently([
        listedInSet(api, set, { min_price: min }),
        listedInSet(api, set, { max_price: max }),
      ]);
      expect(atMin.labels, `${atMin.what} (min_price ${min})`).toEqual(allLabels(set));
      expect(atMax.labels, `${atMax.what} (max_price ${max})`).toEqual(['all three', 'first', 'first again']);
    },
  );

  test(
    'date_from and date_to keep products made today in a range around today and drop them from ranges that end before or start after',
    cites('listProducts', 'list-products.filter-dates', 'list-products.filter-combined', 'list-products.filter-search'),
    async ({ api, make }) => {
      // Which date the filters read is not shown: every date these products have is today (UTC), and each
      // range keeps a day of margin, so a target on another time zone's calendar agrees. Nothing is
      // asserted on the unfiltered list: the date a target filters on is not shown for other products.
      const today = utcDay(0);
      const set = await makeProductSet(api, make, [
        { label: 'booking made today' },
        { label: 'service made today', kind: 'service', body: { release_date: today, update_date: today } },
      ]);
      const all = allLabels(set);
      const ranges: [string, ListProductsQuery, string[]][] = [
        ['from yesterday to tomorrow', { date_from: utcDay(-1), date_to: utcDay(1) }, all],
        ['from yesterday', { date_from: utcDay(-1) }, all],
        ['to tomorrow', { date_to: utcDay(1) }, all],
        ['to the day before yesterday', { date_to: utcDay(-2) }, []],
        ['from the day after tomorrow', { date_from: utcDay(2) }, []],
      ];
      const listed = await concurrently(ranges.map(([, query]) => listedInSet(api, set, query)));
      ranges.forEach(([range, , expected], i) =>
        expect(listed[i]?.labels, `${range}: ${listed[i]?.what}`).toEqual(expected),
      );
    },
  );

  test(
    'date_from and date_to keep a product on its own day, as its created_at gives it, and drop it from the days either side',
    cites(
      'listProducts',
      'list-products.filter-dates-inclusive',
      'list-products.filter-combined',
      'list-products.filter-search',
    ).on({ bound: ['date_from on its own day', 'date_to on its own day'] }),
    async ({ api, make, target }) => {
      const set = await sharedSet(api, make, target);
      // Which date the filters read is not shown: a product made by one write has its created_at and updated_at
      // on one day, which the store's own answer gives (in its own time zone).
      const days = set.products.map((p) => ({ label: p.label, ...daysOf(p) }));
      const split = days.find(({ created, updated }) => created !== updated);
      if (split !== undefined)
        notApplicable(
          `the product ${split.label} was created on ${split.created} and updated on ${split.updated}: which date the filters read is not shown`,
        );
      const keeping = (keep: (day: string) => boolean) =>
        days
          .filter(({ created }) => keep(created))
          .map(({ label }) => label)
          .sort();
      const ranges = [...new Set(days.map(({ created }) => created))].flatMap(
        (day): [ListProductsQuery, string[]][] => [
          [{ date_from: day }, keeping((d) => d >= day)],
          [{ date_to: day }, keeping((d) => d <= day)],
          [{ date_from: day, date_to: day }, keeping((d) => d === day)],
          [{ date_to: dayAfter(day, -1) }, keeping((d) => d < day)],
          [{ date_from: dayAfter(day, 1) }, keeping((d) => d > day)],
        ],
      );
      const listed = await concurrently(ranges.map(([query]) => listedInSet(api, set, query)));
      ranges.forEach(([query, expected], i) =>
        expect(listed[i]?.labels, `${JSON.stringify(query)}: ${listed[i]?.what}`).toEqual(expected),
      );
    },
  );

  test(
    'is_published=1 keeps the products created published and drops those created unpublished',
    cites(
      'listProducts',
      'list-products.filter-published',
      'list-products.filter-combined',
      'list-products.filter-search',
    ),
    async ({ api, make, config }) => {
      // One product per status of the profile: the target's create answer says which are published.
      const set = await makeProductSet(
        api,
        make,
        config.profile.statusIds.map((status_id) => ({ label: `status ${status_id}`, body: { status_id } })),
      );
      const published = set.products.filter((p) => p.published === true).map((p) => p.label);
      skipWhenNonePublished(set.products);
      const unpublished = set.products.filter((p) => p.published === false).map((p) => p.label);
      const inSet = await listedInSet(api, set, { is_published: 1 });
      // With no unpublished product, only the keeping is judged.
      expect(
        inSet.labels,
        `${inSet.what} (created with is_published true: ${published.join(', ')}; false: ${unpublished.join(', ') || 'none'})`,
      ).toEqual(published.sort());
    },
  );

  test(
    'combining filters keeps only the product that satisfies every one',
    cites('listProducts', 'list-products.filter-combined', 'list-products.filter-search'),
    async ({ api, make, config }) => {
      const [brand, otherBrand] = keptAndDropped(config.profile.brandIds);
      const [category, otherCategory] = keptAndDropped(config.profile.categoryIds);
      // A status known to publish for all (declared, or discovered by the run); whether it does is read back from each create answer.
      const matching = {
        brand_id: brand,
        category: [category],
        price: 100,
        sale_price: 95,
        status_id: publishingStatusId(config.profile),
      };
      // Each other product fails exactly one of the filters; the one without the word is of a set of its own.
      const [set, other] = await concurrently([
        makeProductSet(api, make, [
          { label: 'matches every filter', body: matching },
          { label: 'another brand', body: { ...matching, brand_id: otherBrand } },
          { label: 'another category', body: { ...matching, category: [otherCategory] } },
          { label: 'priced above', body: { ...matching, price: 1000, sale_price: 950 } },
        ]),
        makeProductSet(api, make, [{ label: 'without the word', body: matching }]),
      ]);
      skipWhenNonePublished(set.products.filter((p) => p.label === 'matches every filter'));
      // listedInSet adds the search for the set's word.
      const both: ProductSet = { ...set, products: [...set.products, ...other.products] };
      const inSet = await listedInSet(api, both, {
        is_published: 1,
        'brand_ids[]': [brand],
        'category_ids[]': [category],
        min_price: 50,
        max_price: 500,
        date_from: utcDay(-1),
        date_to: utcDay(1),
      });
      expect(inSet.labels, inSet.what).toEqual(['matches every filter']);
    },
  );
});

/** The UTC date `days` from today, `YYYY-MM-DD`. */
function utcDay(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day `days` after `day` (`YYYY-MM-DD`), on the calendar. */
function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
