// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
import { z } from 'zod';
import { checks, expect, test } from '../../fixtures/index.ts';
import type { StoreApi } from '../../support/api/store-api.ts';
import { BilingualText, Envelope, ProductList, ProductListItem } from '../../support/schemas/index.ts';
import { ProductTypeLabels } from '../../support/contract/events.ts';
import { makeProductSet, type ProductSet } from './support/list-data.ts';
import { listPage, SET_PAGE_SIZE } from './support/list-pages.ts';

/**
 * The set's products as list items, read with `item`; fails if one of them is not listed. It rests on
 * the tag filter and on `per_page` (one page holds the set): tests using it cite
 * `list-products.filter-tags` and `pagination.page-params`. The label
 * and value checks read only their own fields, so a deviation elsewhere in the shape does not hide them.
 */
async function listedItems<T extends z.ZodType<{ id: number }>>(api: StoreApi, set: ProductSet, item: T) {
  const page = await listPage(api, { 'tag_ids[]': [set.tagId], per_page: SET_PAGE_SIZE }, item);
  return set.products.map((made) => {
    const found = page.products.find((p) => p.id === made.id);
    expect(
      found,
      `the ${made.label} product (id ${made.id}) in the list filtered by its tag, ${page.response.describe()}`,
    ).toBeDefined();
    return { made, item: found as z.infer<T> };
  });
}

const TypedItem = z.object({ id: z.int(), type: z.string() });
const ValuedItem = z.object({
  id: z.int(),
  name: BilingualText,
  price: z.number(),
  sale_price: z.number(),
  sku: z.string().nullable().optional(),
  brand: z.object({ id: z.int() }).nullable(),
  tags: z.array(z.object({ tag_name: z.string() })),
  categories: z.array(z.object({ id: z.int() })),
});

test.describe('List Products', () => {
  test(
    'answers 200 with the envelope, a product list and its pagination',
    checks('listProducts', 'list-products.ok', 'conventions.envelope', 'pagination.shape'),
    async ({ api }) => {
      const response = await api.listProducts({ page: 1, per_page: 5 });
      expect(response).toHaveStatus(200);
      expect(response).toMatchSchema(Envelope(ProductList));
    },
  );

  test(
    'lists products in the list shape: sku present, identifier equal to id, absolute image URL, bilingual fields',
    checks(
      'listProducts',
      'list-products.item-shape',
      'product.identifier-equals-id',
      'conventions.image-absolute-url',
      'conventions.bilingual',
      'product.ratings-null',
      'conventions.timestamps',
      'list-products.filter-tags',
      'pagination.page-params',
    ),
    async ({ api, make }) => {
      const set = await makeProductSet(api, make, [{ label: 'booking' }, { label: 'service', kind: 'service' }]);
      // Every item is parsed with the list Product schema: sku, identifier = id, absolute image, {ar, en}.
      const items = await listedItems(api, set, ProductListItem);
      expect(items, 'list items of the products this test made').toHaveLength(2);
    },
  );

  test(
    `labels booking products ${ProductTypeLabels.booking} and service products ${ProductTypeLabels.service}`,
    checks('listProducts', 'list-products.type-labels', 'list-products.filter-tags', 'pagination.page-params'),
    async ({ api, make }) => {
      const set = await makeProductSet(api, make, [{ label: 'booking' }, { label: 'service', kind: 'service' }]);
      for (const { made, item } of await listedItems(api, set, TypedItem)) {
        expect(item.type, `data.products[id=${made.id}].type of the ${made.kind} product`).toBe(
          ProductTypeLabels[made.kind],
        );
      }
    },
  );

  test(
    'carries the name, prices, sku, brand, tags and categories the product was created with',
    checks('listProducts', 'list-products.item-matches-product', 'list-products.filter-tags', 'pagination.page-params'),
    async ({ api, make }) => {
      const set = await makeProductSet(api, make, [{ label: 'booking' }, { label: 'service', kind: 'service' }]);
      for (const { made, item } of await listedItems(api, set, ValuedItem)) {
        const field = (name: string) => `data.products[id=${made.id}].${name} of the ${made.label} product`;
        const { body } = made;
        expect(item.name, field('name')).toEqual({ ar: body.name_ar, en: body.name_en });
        expect(item.price, field('price')).toBe(body.price);
        expect(item.sale_price, field('sale_price')).toBe(body.sale_price);
        expect(item.sku, field('sku')).toBe(body.sku);
        expect(item.brand?.id, field('brand.id')).toBe(body.brand_id);
        expect(
          item.tags.map((t) => t.tag_name),
          field('tags[].tag_name'),
        ).toEqual([set.tagName]);
        // Contains, not equals: a target may list more categories (product.categories).
        expect(
          item.categories.map((c) => c.id),
          field('categories[].id'),
        ).toEqual(expect.arrayContaining([...(body.category ?? [])]));
      }
    },
  );
});
