/**
 * Update Service Product: what is its own, in one update. What each update of a product's life answers,
 * keeps, shows in the list and causes (a field group at a time, a second and a third update) is in
 * service-product-life.spec.ts; its status, envelope and body format in
 * tests/conventions/success-answers.spec.ts, the Product it answers with in product-answers.spec.ts, the
 * bodies it must refuse in product-validation.spec.ts. A PATCH body here is a full valid service body:
 * which fields a PATCH needs is not shown.
 */
import { cites, expect, requireSuccess, Statuses, test, inAnswer } from '../../fixtures/index.ts';
import { productFields } from '../../fixtures/products.ts';

test.describe('Update Service Product', () => {
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
