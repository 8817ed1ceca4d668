/**
 * The generated tests fail a 2xx only for a value no careful store takes (fixtures/generated/readings.ts):
 * what each field kind takes besides its own type, and what it never takes, as docs/generated.md tables it;
 * and an integer of the contract is one at any size, in the response schemas and for the generator.
 */
import { expect, test } from './fixtures.ts';
import { takeable } from '../fixtures/generated/readings.ts';
import { shapeOf, type Shape } from '../fixtures/generated/shapes.ts';
import { BookingProductBody, ListProductsQuery } from '../support/contract/schemas/bodies.ts';
import { Integer } from '../support/contract/schemas/common.ts';
import { Pagination } from '../support/contract/schemas/product.ts';

const STRING: Shape = { kind: 'string', form: 'plain' };
const NUMBER: Shape = { kind: 'number', integer: true };
const BOOLEAN: Shape = { kind: 'boolean' };
const IDS: Shape = { kind: 'array', element: NUMBER };
const TITLE: Shape = { kind: 'object', fields: { ar: STRING, en: STRING } };

/** What may be read as the field left out, for a field of any kind. */
const ABSENT = [null, '', ' ', ' \t\n', '\u0000', '\u00a0'];

test('null and text empty once trimmed may be read as absent, for a field of any kind', () => {
  for (const shape of [STRING, NUMBER, BOOLEAN, IDS, TITLE])
    for (const value of ABSENT) expect(takeable(value, shape), `${JSON.stringify(value)} for ${shape.kind}`).toBe(true);
});

test('a string takes any scalar, and no list or map', () => {
  for (const value of ['text', 12, 1.5, true, false]) expect(takeable(value, STRING), JSON.stringify(value)).toBe(true);
  for (const value of [[], ['a'], {}, { a: 1 }]) expect(takeable(value, STRING), JSON.stringify(value)).toBe(false);
});

test('a number takes numbers, numeric text in any script and booleans, and no other text, list or map', () => {
  const taken = [0, -1, 1.5, 1e20, true, false, '12.5', '3', ' 3 ', '-3', '+3', '.5', '1e3', '0x1A', '٣', '３'];
  for (const value of taken) expect(takeable(value, NUMBER), JSON.stringify(value)).toBe(true);
  for (const value of ['text', '12abc', 'null', 'true', 'NaN', 'Infinity', '1,5', [], [1], {}, { a: 1 }])
    expect(takeable(value, NUMBER), JSON.stringify(value)).toBe(false);
});

test('a boolean takes booleans, 1 and 0, and the words of a switch, and nothing else', () => {
  const taken = [true, false, 1, 0, '1', '0', 'true', 'FALSE', ' on ', 'off', 'Yes', 'no', 't', 'f', 'y', 'n'];
  for (const value of taken) expect(takeable(value, BOOLEAN), JSON.stringify(value)).toBe(true);
  for (const value of [-1, 1.5, 2, 'text', 'null', '2', 'truthy', [], [true], {}])
    expect(takeable(value, BOOLEAN), JSON.stringify(value)).toBe(false);
});

test('a list takes lists and maps (one value in PHP), and no lone scalar', () => {
  for (const value of [[], [1], ['3'], {}, { '0': 1 }]) expect(takeable(value, IDS), JSON.stringify(value)).toBe(true);
  for (const value of ['text', '1', '1,2', 0, 1, true, false])
    expect(takeable(value, IDS), JSON.stringify(value)).toBe(false);
});

test('an object field is judged on nothing, and a nullable one as its inner kind', () => {
  for (const value of ['text', 1, true, [], ['a'], {}])
    expect(takeable(value, TITLE), JSON.stringify(value)).toBe(true);
  const nullableNumber: Shape = { kind: 'nullable', inner: NUMBER };
  expect(takeable(null, nullableNumber)).toBe(true);
  expect(takeable('text', nullableNumber)).toBe(false);
});

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
