import { checks, expect, test } from '../../fixtures/index.ts';
import { Envelope, ProductList } from '../../support/schemas/index.ts';

test.describe('List Products', () => {
  test('answers 200 with the envelope, a product list and its pagination', checks('listProducts', 'list-products.ok', 'conventions.envelope', 'pagination.shape'), async ({ api }) => {
    const response = await api.listProducts({ page: 1, per_page: 5 });
    expect(response).toHaveStatus(200);
    expect(response).toMatchSchema(Envelope(ProductList));
  });
});
