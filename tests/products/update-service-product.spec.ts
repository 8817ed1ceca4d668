import { checks, expect, expectShape, test } from '../../fixtures/index.ts';
import { Envelope, Product } from '../../support/schemas/index.ts';

test.describe('Update Service Product', () => {
  test('answers 200 with the envelope and the service Product', checks('updateServiceProduct', 'update-service.ok', 'conventions.envelope', 'product.shape'), async ({ api, make }) => {
    const created = await api.createServiceProduct(make.service());
    expect(created).toHaveStatus(201);
    const { data: product } = expectShape(created, Envelope(Product), 'the product created for the update');
    const response = await api.updateServiceProduct(product.id, { name_en: make.name('renamed service') });
    expect(response).toHaveStatus(200);
    const { data } = expectShape(response, Envelope(Product));
    expect(data.type, 'data.type').toBe('service');
  });
});
