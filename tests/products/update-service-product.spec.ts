// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
import { checks, expect, expectShape, Statuses, test } from '../../fixtures/index.ts';
import type { Make } from '../../fixtures/index.ts';
import type { ServiceProductBody } from '../../support/api/bodies.ts';
import type { StoreApi } from '../../support/api/store-api.ts';
import { Envelope, Product } from '../../support/schemas/index.ts';
import { invalidBodies } from './support/invalid-bodies.ts';
import { Accepted, field, inAnswer, productFields } from './support/response-fields.ts';

/** A service product to update, created with `overrides`; its create answer is what the update is compared with. */
async function createService(api: StoreApi, make: Make, overrides: Partial<ServiceProductBody> = {}) {
  const response = await api.createServiceProduct(make.service(overrides));
  expect(response, 'the service product created for the update').toHaveStatus(Accepted);
  return { response, id: productFields(response, 'id').id };
}

const sorted = <T>(items: readonly T[]) => [...items].sort();

test.describe('Update Service Product', () => {
  test(
    'answers 200 with the envelope and the service Product',
    checks(
      'updateServiceProduct',
      'update-service.ok',
      'conventions.envelope',
      'product.shape',
      'product.identifier-equals-id',
      'conventions.image-absolute-url',
      'product.ratings-null',
      'conventions.timestamps',
      'conventions.bilingual',
    ),
    async ({ api, make }) => {
      const { id } = await createService(api, make);
      // A full valid body: which fields a PATCH needs is not shown, so a target that validates the whole body passes.
      const response = await api.updateServiceProduct(id, make.service({ name_en: make.name('renamed service') }));
      expect(response).toHaveStatus(200);
      const { data } = expectShape(response, Envelope(Product));
      expect(data.type, 'data.type').toBe('service');
    },
  );

  test(
    'answers with the names, summaries and descriptions sent',
    checks(
      'updateServiceProduct',
      'update-service.applies-changes',
      'product.bilingual-mapping',
      'product.description-html',
    ),
    async ({ api, make, faker }) => {
      const { id } = await createService(api, make);
      const name = make.name('renamed service');
      const sent = {
        name_ar: `${name} عربي`,
        name_en: name,
        summery_ar: `ملخص جديد ${faker.lorem.words(2)}`,
        summery_en: `New summary: ${faker.lorem.sentence()}`,
        description_ar: `<p>وصف جديد</p><ol><li>${faker.lorem.words(2)}</li></ol>`,
        description_en: `<h2>${faker.lorem.words(2)}</h2><p>${faker.lorem.sentence()}</p>`,
      };
      const response = await api.updateServiceProduct(id, sent);
      expect(response).toHaveStatus(Accepted);
      field(response, 'data.name').toMatchObject({ ar: sent.name_ar, en: sent.name_en });
      field(response, 'data.summary').toMatchObject({ ar: sent.summery_ar, en: sent.summery_en });
      field(response, 'data.description').toMatchObject({ ar: sent.description_ar, en: sent.description_en });
    },
  );

  test(
    'answers with the price and sale_price sent',
    checks('updateServiceProduct', 'update-service.applies-changes', 'product.echo'),
    async ({ api, make }) => {
      const { id } = await createService(api, make, { price: 100.5, sale_price: 90.25 });
      const response = await api.updateServiceProduct(id, { price: 120.75, sale_price: 110.1 });
      expect(response).toHaveStatus(Accepted);
      field(response, 'data.price').toBe(120.75);
      field(response, 'data.sale_price').toBe(110.1);
    },
  );

  test(
    'replaces the tags with the tag names sent',
    checks('updateServiceProduct', 'update-service.applies-changes', 'product.tags-as-objects'),
    async ({ api, make, runId }) => {
      const { id } = await createService(api, make, { tags: [`${runId}-before`] });
      const tags = [`${runId}-after`, `${runId}-also-after`];
      const response = await api.updateServiceProduct(id, { tags });
      expect(response).toHaveStatus(Accepted);
      const data = productFields(response, 'tags');
      expect(sorted(data.tags.map((tag) => tag.tag_name)), inAnswer(response, 'data.tags[].tag_name')).toEqual(
        sorted(tags),
      );
    },
  );

  test(
    'replaces the categories with the category ids sent',
    checks('updateServiceProduct', 'update-service.applies-changes', 'product.categories'),
    async ({ api, make, config }) => {
      const [before, after] = config.profile.categoryIds as [number, number];
      const { id } = await createService(api, make, { category: [before] });
      const response = await api.updateServiceProduct(id, { category: [after] });
      expect(response).toHaveStatus(Accepted);
      const ids = productFields(response, 'categories').categories.map((category) => category.id);
      expect(ids, inAnswer(response, 'data.categories[].id')).toContain(after);
      expect(ids, inAnswer(response, 'data.categories[].id (the category replaced)')).not.toContain(before);
    },
  );

  test(
    'replaces the brand with the brand_id sent',
    checks('updateServiceProduct', 'update-service.applies-changes', 'product.brand'),
    async ({ api, make, config }) => {
      const [before, after] = config.profile.brandIds as [number, number];
      const { id } = await createService(api, make, { brand_id: before });
      const response = await api.updateServiceProduct(id, { brand_id: after });
      expect(response).toHaveStatus(Accepted);
      productFields(response, 'brand');
      field(response, 'data.brand.id').toBe(after);
    },
  );

  test(
    'keeps the id of the product it updates',
    checks('updateServiceProduct', 'update-service.applies-changes'),
    async ({ api, make }) => {
      const { id } = await createService(api, make);
      const response = await api.updateServiceProduct(id, { name_en: make.name('renamed service') });
      expect(response).toHaveStatus(Accepted);
      field(response, 'data.id').toBe(id);
    },
  );

  test(
    'answers with updated_at not before created_at',
    checks('updateServiceProduct', 'update-service.applies-changes', 'conventions.timestamps'),
    async ({ api, make }) => {
      const { id } = await createService(api, make);
      const response = await api.updateServiceProduct(id, { name_en: make.name('renamed service') });
      expect(response).toHaveStatus(Accepted);
      const { created_at: created, updated_at: updated } = productFields(response, 'created_at', 'updated_at');
      // The spec's fixed-width form sorts as text.
      expect(
        updated >= created,
        `${inAnswer(response, 'data.updated_at')}: ${updated} is before data.created_at ${created}`,
      ).toBe(true);
    },
  );

  test(
    'keeps the fields it is not sent',
    checks('updateServiceProduct', 'update-service.omitted-kept'),
    async ({ api, make }) => {
      const created = await createService(api, make);
      const response = await api.updateServiceProduct(created.id, { price: 321.5 });
      expect(response).toHaveStatus(Accepted);
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
          brand: p.brand?.id ?? null,
          tags: sorted(p.tags.map((t) => t.tag_name)),
          categories: sorted(p.categories.map((c) => c.id)),
        };
      };
      expect(
        kept(response),
        `${inAnswer(response, 'data')}: the fields the PATCH did not send, against the create answer`,
      ).toEqual(kept(created.response));
    },
  );

  test(
    'does not answer 2xx for an identifier no product has',
    checks('updateServiceProduct', 'update-service.unknown-id'),
    async ({ api, make, config }) => {
      // Which ids exist is the target's: the profile names one that does not. A full valid body, so only the id is wrong.
      const response = await api.updateServiceProduct(
        config.profile.unknownProductId,
        make.service({ name_en: make.name('no such service') }),
      );
      expect(response).toHaveStatus(Statuses.notSuccess);
    },
  );

  for (const invalid of invalidBodies('service')) {
    test(
      `answers 422 when ${invalid.title}`,
      checks('updateServiceProduct', 'update-service.validation', ...invalid.clauses),
      async ({ api, make }) => {
        const { id } = await createService(api, make);
        const response = await api.send('updateServiceProduct', { identifier: id, body: invalid.change(make.context) });
        expect(response).toHaveStatus(422);
      },
    );
  }
});
