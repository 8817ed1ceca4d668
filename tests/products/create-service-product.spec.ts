import { checks, expect, expectShape, test } from '../../fixtures/index.ts';
import { Envelope, Product } from '../../support/schemas/index.ts';
import { createProductTests } from './support/create-product-tests.ts';

test.describe('Create Service Product', () => {
  test('answers 201 with the envelope and a service Product', checks('createServiceProduct', 'create-service.created', 'conventions.envelope', 'product.shape'), async ({ api, make }) => {
    const response = await api.createServiceProduct(make.service());
    expect(response).toHaveStatus(201);
    const { data } = expectShape(response, Envelope(Product));
    expect(data.type, 'data.type').toBe('service');
  });

  // The checks of the created product and the invalid bodies, shared with Create Booking Product.
  createProductTests('createServiceProduct');
});
