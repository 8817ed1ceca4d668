import { checks, expect, expectShape, test } from '../../fixtures/index.ts';
import { Envelope, Product } from '../../support/schemas/index.ts';

test.describe('Create Booking Product', () => {
  test('answers 201 with the envelope and a booking Product', checks('createBookingProduct', 'create-booking.created', 'conventions.envelope', 'product.shape'), async ({ api, make }) => {
    const response = await api.createBookingProduct(make.booking());
    expect(response).toHaveStatus(201);
    const { data } = expectShape(response, Envelope(Product));
    expect(data.type, 'data.type').toBe('booking');
  });
});
