// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
import { checks, expect, expectShape, test } from '../../fixtures/index.ts';
import { Envelope, Product } from '../../support/schemas/index.ts';
import { createdProductTest, invalidBodyTest } from './support/create-product-tests.ts';
import { createdProductChecks } from './support/created-product-checks.ts';
import { invalidBodies } from './support/invalid-bodies.ts';

test.describe('Create Service Product', () => {
  test(
    'answers 201 with the envelope and a service Product',
    checks(
      'createServiceProduct',
      'create-service.created',
      'conventions.envelope',
      'product.shape',
      'product.identifier-equals-id',
      'conventions.image-absolute-url',
      'product.ratings-null',
      'conventions.timestamps',
      'conventions.bilingual',
    ),
    async ({ api, make }) => {
      const response = await api.createServiceProduct(make.service());
      expect(response).toHaveStatus(201);
      const { data } = expectShape(response, Envelope(Product));
      expect(data.type, 'data.type').toBe('service');
    },
  );

  for (const check of createdProductChecks)
    test(
      check.title,
      checks('createServiceProduct', ...check.clauses),
      createdProductTest('createServiceProduct', check),
    );

  for (const invalid of invalidBodies('service')) {
    test(
      `answers 422 when ${invalid.title}`,
      checks('createServiceProduct', 'create-service.validation', ...invalid.clauses),
      invalidBodyTest('createServiceProduct', invalid),
    );
  }
});
