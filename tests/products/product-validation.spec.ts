/**
 * Bodies the product operations must answer with 422 (each documents "Response 422: validation
 * error" without listing its conditions, so every case is a reading: `*.validation`, @assumed). Each
 * case changes one field of an otherwise valid, full body to a value no reasonable reading accepts
 * (the price "free", not "49.90", which some frameworks take as a number). Which fields are required
 * is not shown, so no case leaves a field out. One line per case, so a failure points at it.
 */
import { cites, expect, test, type Make, type RunConfig } from '../../fixtures/index.ts';
import {
  checkboxOption,
  radioOption,
  sizes,
  type ProductAnswering,
  type ProductSteps,
} from '../../fixtures/products.ts';
import type { BookingProductBody, ServiceProductBody } from '../../support/contract/schemas/bodies.ts';
import type { ClauseId } from '../../support/contract/clauses.ts';
import { Operations } from '../../support/contract/operations.ts';

const VALIDATION: Record<ProductAnswering, ClauseId> = {
  createBookingProduct: 'create-booking.validation',
  createServiceProduct: 'create-service.validation',
  updateServiceProduct: 'update-service.validation',
};

type Change = (ctx: { make: Make; config: RunConfig }) => Record<string, unknown>;

/** The test details and body: the operation, sent a valid full body with `change` applied, answers 422. */
function answers422(operation: ProductAnswering, change: Change, ...clauses: ClauseId[]) {
  return [
    cites(operation, VALIDATION[operation], ...clauses),
    async ({ products, make, config }: { products: ProductSteps; make: Make; config: RunConfig }) => {
      const invalid = change({ make, config }) as Partial<BookingProductBody & ServiceProductBody>;
      const { response } = await products.answerToRefuse(operation, invalid);
      expect(response).toHaveStatus(422);
    },
  ] as const;
}

const window = (start: string, end: string) => ({ start, end });
const table: ClauseId = 'product-option.table-required';

for (const operation of ['createBookingProduct', 'createServiceProduct', 'updateServiceProduct'] as const) {
  test.describe(`${Operations[operation].name} answers 422 when`, () => {
    test('price is the text "free", not a number', ...answers422(operation, () => ({ price: 'free' })));
    test(
      'category is a single id, not an array',
      ...answers422(operation, ({ config }) => ({ category: config.profile.categoryIds[0] })),
    );
    test('category holds the text "shoes", not an id', ...answers422(operation, () => ({ category: ['shoes'] })));
    test(
      'tags is a string, not an array',
      ...answers422(operation, ({ make }) => ({ tags: `${make.context.runId}-summer` })),
    );
    test(
      'tags holds objects, not names',
      ...answers422(operation, ({ make }) => ({ tags: [{ name: `${make.context.runId}-summer` }] })),
    );
    test('is_refundable is the text "yes", not a boolean', ...answers422(operation, () => ({ is_refundable: 'yes' })));
    test('product_options is a string, not an array', ...answers422(operation, () => ({ product_options: 'radio' })));
    test(
      'a radio option has options null',
      ...answers422(operation, () => ({ product_options: [{ ...radioOption(), options: null }] }), table),
    );
    test(
      'a checkbox option has options null',
      ...answers422(operation, () => ({ product_options: [{ ...checkboxOption(), options: null }] }), table),
    );
    test(
      'a price delta in a radio option is the text "free", not a number',
      ...answers422(
        operation,
        () => ({
          product_options: [
            {
              ...radioOption(),
              options: { ...sizes(), en: { Small: 'free' } },
            },
          ],
        }),
        table,
      ),
    );
  });
}

test.describe('Create Booking Product answers 422 when', () => {
  const booking = (change: Change) => answers422('createBookingProduct', change);
  test('availability is a string, not an object', ...booking(() => ({ availability: 'monday 09:00-17:00' })));
  test(
    'an availability day is one window, not an array of windows',
    ...booking(() => ({ availability: { monday: window('09:00', '10:00') } })),
  );
  test(
    'an availability window starts at "9:00", not HH:MM',
    ...booking(() => ({ availability: { monday: [window('9:00', '10:00')] } })),
  );
  test(
    'an availability window ends at "1730", not HH:MM',
    ...booking(() => ({ availability: { monday: [window('16:00', '1730')] } })),
  );
  test(
    'an availability window starts at "9am", not HH:MM',
    ...booking(() => ({ availability: { monday: [window('9am', '11:00')] } })),
  );
  test(
    'availability has the key "funday", which is no weekday',
    ...booking(() => ({ availability: { funday: [window('09:00', '10:00')] } })),
  );
});

for (const operation of ['createServiceProduct', 'updateServiceProduct'] as const) {
  test.describe(`${Operations[operation].name} answers 422 when`, () => {
    test(
      'release_date is "01/09/2025", not YYYY-MM-DD',
      ...answers422(operation, () => ({ release_date: '01/09/2025' })),
    );
    test('release_date is "2025-9-1", not YYYY-MM-DD', ...answers422(operation, () => ({ release_date: '2025-9-1' })));
    test('update_date is "next week", not YYYY-MM-DD', ...answers422(operation, () => ({ update_date: 'next week' })));
    test('preview_link is "not a link", not a URL', ...answers422(operation, () => ({ preview_link: 'not a link' })));
    test('preview_link is a number, not a URL', ...answers422(operation, () => ({ preview_link: 12345 })));
  });
}
