/**
 * Create Booking Product: what is its own. Its status, envelope and body format are in
 * tests/conventions/success-answers.spec.ts, the Product it answers with in product-answers.spec.ts,
 * the bodies it must refuse in product-validation.spec.ts.
 */
import { cites, expect, requireSuccess, Statuses, test, field, inAnswer } from '../../fixtures/index.ts';
import { productFields } from '../../fixtures/products.ts';

test.describe('Create Booking Product', () => {
  test(
    'answers with a booking Product: data.type is booking',
    cites('createBookingProduct', 'create-booking.created'),
    async ({ products }) => {
      const { response } = await products.sharedAnswer('createBookingProduct');
      requireSuccess(response, 'createBookingProduct');
      field(response, 'type').toBe('booking');
    },
  );

  test(
    'accepts availability over several weekdays with several windows on one day',
    cites('createBookingProduct', 'availability.several-windows'),
    async ({ products }) => {
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
      const { response } = await products.answerAfterBaseline('createBookingProduct', 'several windows on one day', {
        availability,
      });
      expect(response, 'a booking with several windows on one day').toHaveStatus(Statuses.success);
    },
  );

  // Listed for Create Booking Product only: the service operations are not sent them.
  test(
    'answers with the min_purchase and max_purchase sent',
    cites('createBookingProduct', 'product.echo'),
    async ({ products }) => {
      const { response, sent } = await products.sharedAnswer('createBookingProduct');
      requireSuccess(response, 'createBookingProduct');
      const limits = productFields(response, 'min_purchase', 'max_purchase');
      expect(limits, inAnswer(response, '{min_purchase, max_purchase}')).toEqual({
        min_purchase: sent.min_purchase,
        max_purchase: sent.max_purchase,
      });
    },
  );
});
