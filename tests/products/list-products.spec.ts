/**
 * List Products: the list and its items (its status, envelope and body format are in
 * tests/conventions/success-answers.spec.ts). The item checks make their own products and look for
 * them by walking the unfiltered list at the target's own page size (fixtures/list-find.ts): no
 * filter or page size, whose meaning is a reading, stands between them and the items they judge. They
 * judge every item on the pages they read, found or not; only what needs to know a product's own
 * values (its type, what it was created with) depends on finding it.
 */
import { z } from 'zod';
import {
  cites,
  dependsOn,
  expect,
  notApplicable,
  requireSuccess,
  test,
  type StoreApi,
  readData,
  concurrently,
  dataOf,
} from '../../fixtures/index.ts';
import { notAnEmptyResult, uniqueWord, type ListedPage, type ListOptions } from '../../fixtures/list.ts';
import { expectListed, findListed, listEnds, listItemFields, requireListed } from '../../fixtures/list-find.ts';
import { answersToEachForm, sharedSet } from '../../fixtures/list-sets.ts';
import { textOf, type ProductSteps } from '../../fixtures/products.ts';
import { ProductTypeLabels } from '../../support/contract/events.ts';
import { AbsoluteUrl, BilingualText, Timestamp, WithId } from '../../support/contract/schemas/common.ts';
import { ProductListItemShape } from '../../support/contract/schemas/product.ts';

/**
 * A booking and a service product made with the default bodies (shared by the tests that only read them),
 * and the pages of the unfiltered list read looking for them.
 */
async function listedProducts(api: StoreApi, products: ProductSteps, options: ListOptions = {}) {
  const made = await concurrently([products.sharedProduct('booking'), products.sharedProduct('service')]);
  return {
    made,
    found: await findListed(
      api,
      made.map((p) => ({ id: p.id, sku: p.sent.sku })),
      options,
    ),
  };
}

/**
 * Every item on the pages read, with where it was (for messages). The list holds products (this test's
 * own, or the store's), so it is not empty: an empty one is list-products.lists-created's to judge, and
 * no check over every item passes on it for want of items.
 */
function everyItem({ pages }: { pages: readonly ListedPage[] }) {
  const items = pages.flatMap((page) =>
    page.items.map((item, i) => ({
      item,
      where: `data.products[${i}] (id ${item.id}) of ${page.response.describe()}`,
    })),
  );
  if (items.length === 0) {
    dependsOn(
      'list-products.lists-created',
      `the unfiltered list shows no item on the ${pages.length} page(s) read, though products were made for it`,
    );
  }
  return items;
}

/** The items that fail `schema`, by where they were. */
function failing(read: { pages: readonly ListedPage[] }, schema: z.ZodType) {
  return everyItem(read)
    .filter(({ item }) => !schema.safeParse(item).success)
    .map(({ item, where }) => `${where}: ${z.prettifyError((schema.safeParse(item) as { error: z.ZodError }).error)}`);
}

/** The objects an item's texts sit in: a brand (or null) and a list of categories; else item-shape's to judge. */
function holdsTexts(item: unknown, where: string): void {
  const Holders = z.looseObject({ brand: z.looseObject({}).nullable(), categories: z.array(z.looseObject({})) });
  const read = Holders.safeParse(item);
  if (!read.success)
    dependsOn(
      'list-products.item-shape',
      `${where} has no brand object (or null) or no list of categories: ${z.prettifyError(read.error)}`,
    );
}

/** The labels are given in Arabic: they are asked for in Arabic. */
const ARABIC = { headers: { 'accept-language': 'ar' } } as const;

test.describe('List Products', () => {
  test('answers data = { products, pagination }', cites('listProducts', 'list-products.ok'), async ({ api }) => {
    // The target's own page and page size: the spec shows neither a minimum nor a maximum.
    const response = await api.listProducts();
    requireSuccess(response, 'listProducts');
    expect(response).toMatchSchema(
      z.object({ data: z.object({ products: z.array(z.unknown()), pagination: z.looseObject({}) }) }),
    );
  });

  test(
    'answers data = { products, pagination } when nothing matches',
    cites('listProducts', 'list-products.ok'),
    async ({ api, make }) => {
      // A word no product has: what search keeps is a reading, but whatever it keeps, the answer is the list's
      // (with no item, where it keeps the products holding the word).
      const response = await api.listProducts({ search: uniqueWord(make) });
      requireSuccess(response, 'listProducts');
      notAnEmptyResult(response);
      expect(response).toMatchSchema(
        z.object({ data: z.object({ products: z.array(z.unknown()), pagination: z.looseObject({}) }) }),
      );
    },
  );

  test(
    'answers data = { products, pagination } whatever it is asked with: page, per_page, each filter alone, a page past the last',
    cites('listProducts', 'list-products.ok'),
    async ({ api, make, target }) => {
      // Every form of query the suite reads answers to: a store may answer one of them otherwise.
      const { answered, refused } = await answersToEachForm(api, await sharedSet(api, make, target));
      const ListData = z.object({ products: z.array(z.unknown()), pagination: z.looseObject({}) });
      const wrong = answered.flatMap(({ form, response }) => {
        const parsed = ListData.safeParse(dataOf(response));
        return parsed.success ? [] : [`${form}: ${response.describe()}: ${z.prettifyError(parsed.error)}`];
      });
      expect(
        wrong,
        `answers whose data is not { products, pagination }${refused.length > 0 ? ` (refused, so not judged: ${refused.join('; ')})` : ''}`,
      ).toEqual([]);
    },
  );

  test(
    'shows every item in the list shape: the Product fields with their types, and sku',
    cites('listProducts', 'list-products.item-shape'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products);
      expect(failing(found, ProductListItemShape), 'items not in the list shape').toEqual([]);
    },
  );

  test(
    'shows the item of a product created without brand_id and tags in the list shape',
    cites('listProducts', 'list-products.item-shape'),
    async ({ api, products }) => {
      // Its brand is null and its tags empty, which a list may render otherwise than a brand and tags. Whether a
      // product may be created without them is not shown: a target that refuses it, and takes the same body
      // with them, has no such product to list.
      const { response, sent } = await products.answerAfterBaseline(
        'createBookingProduct',
        'leaving out brand_id and tags',
        {},
        ['brand_id', 'tags'],
      );
      if (!response.succeeded)
        notApplicable(
          `${response.describe()}: the target refuses a product without brand_id and tags (and took the same body with them), so it lists none`,
        );
      const { id } = readData(response, WithId, 'product.shape', 'data.id');
      const item = requireListed(await findListed(api, [{ id, sku: sent.sku }])).get(id);
      expect(item, `the item of product ${id}, created without brand_id and tags`).toMatchSchema(ProductListItemShape);
    },
  );

  test(
    'shows every item in the list shape whatever it is asked with: page, per_page, each filter alone, a page past the last',
    cites('listProducts', 'list-products.item-shape'),
    async ({ api, make, target }) => {
      const { answered, refused } = await answersToEachForm(api, await sharedSet(api, make, target));
      const wrong = answered.flatMap(({ form, response }) =>
        readData(response, z.object({ products: z.array(z.unknown()) }), 'list-products.ok', 'data.products')
          .products.map((item, i) => ({ item, where: `${form}: data.products[${i}] of ${response.describe()}` }))
          .flatMap(({ item, where }) => {
            const parsed = ProductListItemShape.safeParse(item);
            return parsed.success ? [] : [`${where}: ${z.prettifyError(parsed.error)}`];
          }),
      );
      expect(
        wrong,
        `items not in the list shape${refused.length > 0 ? ` (refused, so not judged: ${refused.join('; ')})` : ''}`,
      ).toEqual([]);
    },
  );

  test(
    "shows the store's own products, at either end of the unfiltered list, in the list shape",
    cites('listProducts', 'list-products.item-shape'),
    async ({ api }) => {
      // Products of kinds the suite cannot create (physical, digital) are the store's own, its oldest: at one
      // end of the list, whichever order it keeps (not shown).
      expect(failing({ pages: await listEnds(api) }, ProductListItemShape), 'items not in the list shape').toEqual([]);
    },
  );

  test(
    'answers identifier equal to id on every item',
    cites('listProducts', 'product.identifier-equals-id'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products);
      const unequal = everyItem(found)
        .map(({ item, where }) => ({ ...listItemFields(item, where, 'id', 'identifier'), where }))
        .filter(({ id, identifier }) => id !== identifier)
        .map(({ id, identifier, where }) => `${where}: identifier ${identifier}, id ${id}`);
      expect(unequal, 'items whose identifier is not their id').toEqual([]);
    },
  );

  test(
    'answers no is_published on any item (create and update answers alone carry it)',
    cites('listProducts', 'product.is-published'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products);
      const carrying = everyItem(found)
        .filter(({ item }) => 'is_published' in item)
        .map(({ item, where }) => `${where}: is_published ${JSON.stringify(item.is_published)}`);
      expect(carrying, 'items carrying is_published').toEqual([]);
    },
  );

  test(
    'answers ratings null on every item',
    cites('listProducts', 'product.ratings-null'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products);
      expect(failing(found, z.looseObject({ ratings: z.null() })), 'items whose ratings is not null').toEqual([]);
    },
  );

  test(
    "answers created_at and updated_at in the form YYYY-MM-DD HH:MM:SS on every item, the test's own and the store's own at either end",
    cites('listProducts', 'conventions.timestamps'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products);
      // The store's own items were made at other times than the run's: their months, days and hours differ.
      const read = { pages: [...found.pages, ...(await listEnds(api))] };
      for (const { item, where } of everyItem(read)) listItemFields(item, where, 'created_at', 'updated_at');
      expect(
        failing(read, z.looseObject({ created_at: Timestamp, updated_at: Timestamp })),
        'items with a timestamp not in the form',
      ).toEqual([]);
    },
  );

  test(
    'answers image fields as absolute URLs on every item, brands and categories included',
    cites('listProducts', 'conventions.image-absolute-url'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products);
      for (const { item, where } of everyItem(found)) listItemFields(item, where, 'image', 'brand', 'categories');
      const Images = z.looseObject({
        image: AbsoluteUrl,
        brand: z.looseObject({ logo: AbsoluteUrl, banner: AbsoluteUrl }).nullable(),
        categories: z.array(z.looseObject({ image: AbsoluteUrl })),
      });
      expect(failing(found, Images), 'items with an image field that is not an absolute URL').toEqual([]);
    },
  );

  test(
    'answers the human-readable fields of every item keyed ar and en',
    cites('listProducts', 'conventions.bilingual'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products);
      // Where the texts sit first: a brand that is no object or categories that are no list are
      // list-products.item-shape's to judge; whether each text is { ar, en } is this test's.
      for (const { item, where } of everyItem(found)) holdsTexts(item, where);
      const Texts = z.looseObject({ name: BilingualText, description: BilingualText });
      const Bilingual = z
        .looseObject({ summary: BilingualText, brand: Texts.nullable(), categories: z.array(Texts) })
        .and(Texts);
      expect(failing(found, Bilingual), 'items whose human-readable fields are not { ar, en }').toEqual([]);
    },
  );

  test(
    `labels every item with one of the localized types ${Object.values(ProductTypeLabels).join(', ')}, for Accept-Language: ar`,
    cites('listProducts', 'list-products.type-labels'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products, ARABIC);
      const labels = Object.values(ProductTypeLabels) as unknown[];
      const unlabelled = everyItem(found)
        .filter(({ item }) => !labels.includes(item.type))
        .map(({ item, where }) => `${where}: type ${JSON.stringify(item.type)}`);
      expect(unlabelled, `items whose type is none of ${labels.join(', ')}`).toEqual([]);
    },
  );

  test(
    `labels the store's own physical and digital products ${ProductTypeLabels.physical} and ${ProductTypeLabels.digital}, and every item at either end of the unfiltered list with a localized type, for Accept-Language: ar`,
    cites('listProducts', 'list-products.type-labels').on({ kind: ['physical', 'digital'], language: 'ar' }),
    async ({ api }) => {
      // The suite cannot create a physical or a digital product: the store's own are its oldest, at one end of
      // the list whichever order it keeps (not shown). A label none of the four is a wrong one, whatever the item.
      const items = everyItem({ pages: await listEnds(api, ARABIC) });
      const labels = Object.values(ProductTypeLabels) as unknown[];
      const unlabelled = items
        .filter(({ item }) => !labels.includes(item.type))
        .map(({ item, where }) => `${where}: type ${JSON.stringify(item.type)}`);
      const ownKinds: unknown[] = [ProductTypeLabels.physical, ProductTypeLabels.digital];
      if (unlabelled.length === 0 && !items.some(({ item }) => ownKinds.includes(item.type)))
        notApplicable(
          `no item at either end of the unfiltered list is labelled ${ownKinds.join(' or ')}: the store shows no physical or digital product there`,
        );
      expect(unlabelled, `items whose type is none of ${labels.join(', ')}`).toEqual([]);
    },
  );

  test(
    `labels booking products ${ProductTypeLabels.booking} and service products ${ProductTypeLabels.service}, for Accept-Language: ar`,
    cites('listProducts', 'list-products.type-labels').on({ kind: ['booking', 'service'], language: 'ar' }),
    async ({ api, products }) => {
      const { made, found } = await listedProducts(api, products, ARABIC);
      // Which label is whose needs the item of a product whose type this test knows: its own.
      const items = requireListed(found);
      for (const product of made) {
        expect(items.get(product.id)?.type, `type of the ${product.kind} product ${product.id} in the list`).toBe(
          ProductTypeLabels[product.kind],
        );
      }
    },
  );

  test(
    'answers a placeholder image, an absolute URL, on the item of a product created without image_id',
    cites('listProducts', 'conventions.image-placeholder'),
    async ({ api, products }) => {
      // Whether a product may be created without image_id is not shown (product.image-optional): a target
      // that refuses it, and takes the same body with one, has no such product to list.
      const { response, sent } = await products.sharedAnswerAfterBaseline(
        'createBookingProduct',
        'leaving out image_id',
        {},
        ['image_id'],
      );
      if (!response.succeeded)
        notApplicable(
          `${response.describe()}: the target refuses a product without image_id (and took the same body with one), so it lists none`,
        );
      const { id } = readData(response, WithId, 'product.shape', 'data.id');
      const item = requireListed(await findListed(api, [{ id, sku: sent.sku }])).get(id);
      // The placeholder's address is the target's own: only that it is one, and absolute, is checked.
      expect({ image: item?.image }, `image of the item of product ${id}, created without image_id`).toMatchSchema(
        z.object({ image: AbsoluteUrl }),
      );
    },
  );

  test(
    'carries name, summary and description of each product in the language each was sent in',
    cites('listProducts', 'product.bilingual-mapping'),
    async ({ api, products }) => {
      const { made, found } = await listedProducts(api, products);
      const items = requireListed(found);
      for (const { id, kind, sent } of made) {
        const where = `the ${kind} product ${id} in the list`;
        const item = listItemFields(items.get(id), where, 'name', 'summary', 'description');
        expect({ name: item.name, summary: item.summary }, where).toEqual({
          name: { ar: sent.name_ar, en: sent.name_en },
          summary: { ar: sent.summery_ar, en: sent.summery_en },
        });
        // Whether the HTML comes back unchanged is a reading (product.description-html); which language's
        // text each holds is not.
        const holds = (answered: string) =>
          (['description_ar', 'description_en'] as const)
            .filter((key) => textOf(answered).includes(textOf(sent[key] ?? '')))
            .join(' and ') || 'neither';
        expect(
          { ar: holds(item.description.ar), en: holds(item.description.en) },
          `${where}: the text of which of description_ar and description_en each of description.ar and description.en holds`,
        ).toEqual({ ar: 'description_ar', en: 'description_en' });
      }
    },
  );

  test(
    'shows the products created, when its pages are walked without filters',
    cites('listProducts', 'list-products.lists-created'),
    async ({ api, products }) => {
      const { found } = await listedProducts(api, products);
      expectListed(found);
    },
  );

  test(
    'shows a product created without image_id and one created without brand_id, when its pages are walked without filters',
    cites('listProducts', 'list-products.lists-created'),
    async ({ api, products }) => {
      // Whether a product may be made without them is not shown: one the target refuses, after it took the
      // same body with it, is not made and so not looked for.
      const made = await concurrently(
        (['image_id', 'brand_id'] as const).map(async (field) => {
          const { response, sent } = await products.sharedAnswerAfterBaseline(
            'createBookingProduct',
            `leaving out ${field}`,
            {},
            [field],
          );
          return { field, response, sent };
        }),
      );
      const taken = made.filter(({ response }) => response.succeeded);
      if (taken.length === 0)
        notApplicable(
          `the target refuses a product without image_id and one without brand_id (${made.map(({ response }) => response.describe()).join('; ')}), and took the same bodies with them, so it lists neither`,
        );
      const sought = taken.map(({ field, response, sent }) => ({
        id: readData(response, WithId, 'product.shape', 'data.id').id,
        sku: sent.sku,
        field,
      }));
      // The step names which product was made without what: a failure lists the ids it did not find.
      const what = sought.map(({ id, field }) => `product ${id} (made without ${field})`).join(' and ');
      await test.step(`walk the list for ${what}`, async () => expectListed(await findListed(api, sought)));
    },
  );

  test(
    'shows a product created with a status that does not publish, when its pages are walked without filters',
    cites('listProducts', 'list-products.lists-created'),
    async ({ api, products, config }) => {
      // Which statuses publish the profile declares, or the run discovered: none known not to, no such product.
      const status = config.profile.statuses.find((s) => s.publishes === false);
      if (status === undefined)
        notApplicable('no status of the target profile is known not to publish (declared, or discovered by the run)');
      const made = await products.create('booking', { status_id: status.id });
      const { is_published } = readData(
        made.response,
        z.object({ is_published: z.boolean() }),
        'product.is-published',
        'data.is_published',
      );
      if (is_published)
        notApplicable(
          `${made.response.describe()} says is_published true for status ${status.id}, which the profile says does not publish`,
        );
      expectListed(await findListed(api, [{ id: made.id, sku: made.sent.sku }]));
    },
  );

  test(
    'carries the name, prices, sku, brand, tags and categories each product was created with',
    cites('listProducts', 'list-products.item-matches-product', 'product.brand'),
    async ({ api, products }) => {
      const { made, found } = await listedProducts(api, products);
      const items = requireListed(found);
      for (const product of made) {
        const where = `the ${product.kind} product ${product.id} in the list`;
        const item = listItemFields(
          items.get(product.id),
          where,
          'name',
          'price',
          'sale_price',
          'sku',
          'brand',
          'tags',
          'categories',
        );
        const { sent } = product;
        expect(
          {
            name: item.name,
            price: item.price,
            sale_price: item.sale_price,
            sku: item.sku,
            brand: item.brand?.id,
            tags: item.tags.map((t) => t.tag_name).sort(),
          },
          where,
        ).toEqual({
          name: { ar: sent.name_ar, en: sent.name_en },
          price: sent.price,
          sale_price: sent.sale_price,
          sku: sent.sku,
          brand: sent.brand_id,
          tags: [...(sent.tags ?? [])].sort(),
        });
        // Contains, not equals: a target may list more categories (product.categories).
        expect(
          item.categories.map((c) => c.id),
          `${where}: categories[].id`,
        ).toEqual(expect.arrayContaining([...(sent.category ?? [])]));
      }
    },
  );
});
