/**
 * Create Service Product: what is its own. Its status, envelope and body format are in
 * tests/conventions/success-answers.spec.ts, the Product it answers with in product-answers.spec.ts,
 * the bodies it must refuse in product-validation.spec.ts.
 */
import { cites, requireSuccess, test, field } from '../../fixtures/index.ts';

test.describe('Create Service Product', () => {
  test(
    'answers with a service Product: data.type is service',
    cites('createServiceProduct', 'create-service.created'),
    async ({ products }) => {
      const { response } = await products.sharedAnswer('createServiceProduct');
      requireSuccess(response, 'createServiceProduct');
      field(response, 'type').toBe('service');
    },
  );
});
