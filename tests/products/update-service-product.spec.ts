/**
 * Update Service Product: what is its own. Its status, envelope and body format are in
 * tests/conventions/success-answers.spec.ts, the Product it answers with in product-answers.spec.ts,
 * the bodies it must refuse in product-validation.spec.ts. A PATCH body here is a full valid service
 * body unless the test is about leaving fields out: which fields a PATCH needs is not shown.
 */
import {
  cites,
  expect,
  notApplicable,
  requireSuccess,
  Statuses,
  test,
  expectUpdatedNotBeforeCreated,
  field,
  inAnswer,
  readData,
} from '../../fixtures/index.ts';
import { productFields, tagNames } from '../../fixtures/products.ts';
import { WithId } from '../../support/contract/schemas/common.ts';

const sorted = <T>(items: readonly T[]) => [...items].sort();

/** A URL's path, or the text itself when it is not a URL. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

test.describe('Update Service Product', () => {
  test(
    'answers with a service Product: data.type is service',
    cites('updateServiceProduct', 'update-service.ok'),
    async ({ products }) => {
      const { id } = await products.create('service');
      const response = await products.update(id);
      requireSuccess(response, 'updateServiceProduct');
      field(response, 'type').toBe('service');
    },
  );

  test(
    'answers with the product it updated: data.id is the identifier',
    cites('updateServiceProduct', 'update-service.returns-updated'),
    async ({ products }) => {
      const { id } = await products.create('service');
      const response = await products.update(id);
      requireSuccess(response, 'updateServiceProduct');
      expect(readData(response, WithId, 'product.shape', 'data.id').id, inAnswer(response, 'id')).toBe(id);
    },
  );

  test(
    'replaces the tags with the tag names sent',
    cites('updateServiceProduct', 'update-service.applies-changes'),
    async ({ make, products }) => {
      const before = tagNames(make.context, 1);
      const { id } = await products.create('service', { tags: before });
      const tags = tagNames(make.context, 2, before);
      const response = await products.update(id, { tags });
      requireSuccess(response, 'updateServiceProduct');
      const names = productFields(response, 'tags').tags.map((tag) => tag.tag_name);
      expect(sorted(names), inAnswer(response, 'tags[].tag_name')).toEqual(sorted(tags));
    },
  );

  test(
    'replaces the categories with the category ids sent',
    cites('updateServiceProduct', 'update-service.applies-changes'),
    async ({ config, products }) => {
      const [before, after] = config.profile.categoryIds as [number, number];
      const { id } = await products.create('service', { category: [before] });
      const response = await products.update(id, { category: [after] });
      requireSuccess(response, 'updateServiceProduct');
      const ids = productFields(response, 'categories').categories.map((category) => category.id);
      expect(ids, inAnswer(response, 'categories[].id')).toContain(after);
      expect(ids, `${inAnswer(response, 'categories[].id')} (the category replaced)`).not.toContain(before);
    },
  );

  test(
    'replaces the brand with the brand_id sent',
    cites('updateServiceProduct', 'update-service.applies-changes', 'product.brand'),
    async ({ config, products }) => {
      const [before, after] = config.profile.brandIds as [number, number];
      const { id } = await products.create('service', { brand_id: before });
      const response = await products.update(id, { brand_id: after });
      requireSuccess(response, 'updateServiceProduct');
      expect(productFields(response, 'brand').brand?.id, inAnswer(response, 'brand.id')).toBe(after);
    },
  );

  test(
    'answers with updated_at not before created_at',
    cites('updateServiceProduct', 'update-service.applies-changes'),
    async ({ products }) => {
      const { id } = await products.create('service');
      const response = await products.update(id);
      requireSuccess(response, 'updateServiceProduct');
      expectUpdatedNotBeforeCreated(response);
    },
  );

  test(
    'keeps the fields it is not sent',
    cites('updateServiceProduct', 'update-service.omitted-kept'),
    async ({ api, products }) => {
      const created = await products.create('service');
      const response = await api.updateServiceProduct(created.id, { price: 321.5 });
      // Which fields are required is not shown: a target that needs them all has nothing to keep.
      if (response.status >= 400 && response.status < 500)
        notApplicable(
          `the target refuses a PATCH that sends only price (${response.status}): which fields it requires is not shown`,
        );
      requireSuccess(response, 'updateServiceProduct');
      const kept = (answer: typeof response) => {
        const p = productFields(
          answer,
          'name',
          'summary',
          'description',
          'sale_price',
          'is_refundable',
          'min_purchase',
          'max_purchase',
          'image',
          'brand',
          'tags',
          'categories',
        );
        return {
          ...p,
          // The image's path: a target may sign its image URLs, or make them expire, anew in each answer.
          image: pathOf(p.image),
          brand: p.brand?.id ?? null,
          tags: sorted(p.tags.map((t) => t.tag_name)),
          categories: sorted(p.categories.map((c) => c.id)),
        };
      };
      expect(
        kept(response),
        `${inAnswer(response, '…')}: the fields the PATCH did not send, against the create answer`,
      ).toEqual(kept(created.response));
    },
  );

  test(
    'does not answer 2xx for an identifier no product has',
    cites('updateServiceProduct', 'update-service.unknown-id'),
    async ({ api, make, config }) => {
      // Which ids exist is the target's: the profile names one that does not. A full valid body, so only the id is wrong.
      const response = await api.updateServiceProduct(
        config.profile.unknownProductId,
        make.service({ name_en: make.name('no such service') }),
      );
      expect(response).toHaveStatus(Statuses.notSuccess);
    },
  );
});
