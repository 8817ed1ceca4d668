import { checks, expect, expectShape, test } from '../../fixtures/index.ts';
import { Envelope, Product } from '../../support/schemas/index.ts';

test.describe('Create Service Product', () => {
  test('answers 201 with the envelope and a service Product', checks('createServiceProduct', 'create-service.created', 'conventions.envelope', 'product.shape'), async ({ api, make }) => {
    const response = await api.createServiceProduct(make.service());
    expect(response).toHaveStatus(201);
    const { data } = expectShape(response, Envelope(Product));
    expect(data.type, 'data.type').toBe('service');
  });
});
