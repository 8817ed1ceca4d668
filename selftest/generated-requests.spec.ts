/**
 * An integer of the contract is the spec's, one at any size: in the response schemas, and for the
 * generator, which reads from the request schemas which fields are integers.
 */
import { expect, test } from './fixtures.ts';
import { shapeOf } from '../fixtures/generated/shapes.ts';
import { BookingProductBody, ListProductsQuery } from '../support/contract/schemas/bodies.ts';
import { Integer } from '../support/contract/schemas/common.ts';
import { Pagination } from '../support/contract/schemas/product.ts';

test('an integer is one at any size: the schema takes 1e20 and refuses a fraction, saying so', () => {
  expect(Integer.safeParse(1e20).success).toBe(true);
  expect(Integer.safeParse(-(2 ** 64)).success).toBe(true);
  expect(Integer.safeParse(1.5).error?.issues[0]?.message).toBe('expected an integer, got 1.5');
  const page = { total: 3, current_page: 1e20, last_page: 1, per_page: 1e20, next_page_url: null, prev_page_url: null };
  expect(Pagination.safeParse(page).success).toBe(true);
});

test('the generator reads the contract integers as integers, and numbers as numbers', () => {
  const booking = shapeOf(BookingProductBody);
  const list = shapeOf(ListProductsQuery);
  if (booking.kind !== 'object' || list.kind !== 'object') throw new Error('object schemas');
  expect(booking.fields.quantity).toEqual({ kind: 'number', integer: true });
  expect(booking.fields.product_gallery).toEqual({ kind: 'array', element: { kind: 'number', integer: true } });
  expect(booking.fields.price).toEqual({ kind: 'number', integer: false });
  expect(list.fields.per_page).toEqual({ kind: 'number', integer: true });
});
