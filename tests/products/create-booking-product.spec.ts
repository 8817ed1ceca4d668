// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
import { checks, expect, expectShape, test } from '../../fixtures/index.ts';
import { Envelope, Product } from '../../support/schemas/index.ts';
import { createdProductTest, invalidBodyTest } from './support/create-product-tests.ts';
import { createdProductChecks } from './support/created-product-checks.ts';
import { invalidBodies } from './support/invalid-bodies.ts';
import { Accepted } from './support/response-fields.ts';

test.describe('Create Booking Product', () => {
  test(
    'answers 201 with the envelope and a booking Product',
    checks(
      'createBookingProduct',
      'create-booking.created',
      'conventions.envelope',
      'product.shape',
      'product.identifier-equals-id',
      'conventions.image-absolute-url',
      'product.ratings-null',
      'conventions.timestamps',
      'conventions.bilingual',
    ),
    async ({ api, make }) => {
      const response = await api.createBookingProduct(make.booking());
      expect(response).toHaveStatus(201);
      const { data } = expectShape(response, Envelope(Product));
      expect(data.type, 'data.type').toBe('booking');
    },
  );

  test(
    'accepts availability over several weekdays with several windows on one day',
    checks('createBookingProduct', 'availability.several-windows'),
    async ({ api, make }) => {
      const availability = {
        monday: [
          { start: '09:00', end: '12:00' },
          { start: '14:00', end: '17:30' },
        ],
        wednesday: [{ start: '10:00', end: '11:00' }],
        friday: [
          { start: '08:15', end: '09:45' },
          { start: '13:00', end: '14:00' },
          { start: '18:00', end: '20:00' },
        ],
      };
      expect(await api.createBookingProduct(make.booking({ availability }))).toHaveStatus(Accepted);
    },
  );

  for (const check of createdProductChecks)
    test(
      check.title,
      checks('createBookingProduct', ...check.clauses),
      createdProductTest('createBookingProduct', check),
    );

  for (const invalid of invalidBodies('booking')) {
    test(
      `answers 422 when ${invalid.title}`,
      checks('createBookingProduct', 'create-booking.validation', ...invalid.clauses),
      invalidBodyTest('createBookingProduct', invalid),
    );
  }
});
