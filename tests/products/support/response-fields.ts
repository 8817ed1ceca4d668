/**
 * Reading one field of a product response, with failure messages that name the field path and the
 * request (the full exchange, as a curl line, is attached to a failed test by the `failureEvidence` fixture).
 * Each check reads only the fields it is about, so one deviation fails one check, not all of them.
 */
import type { z } from 'zod';
import { expect, expectShape, Statuses } from '../../../fixtures/index.ts';
import type { ApiResponse } from '../../../support/api/response.ts';
import { valueAt } from '../../../support/matchers.ts';
import { Envelope, ProductFields } from '../../../support/schemas/index.ts';

/** Any 2xx: checks of a created product's fields leave the exact status to its own test. */
export const Accepted = Statuses.success;

/** Where a value was read, for assertion messages: `data.price in the answer to POST …/products/booking → 201`. */
export function inAnswer(response: ApiResponse, path: string): string {
  return `${path} in the answer to ${response.describe()}`;
}

/** `expect` on the value at a dotted path of the response body (`data.name.en`), labelled with the path and request. */
export function field(response: ApiResponse, path: string) {
  return expect(valueAt(response.json(), path.split('.')), inAnswer(response, path));
}

type ProductFieldName = keyof typeof ProductFields.shape;
type ProductFieldValues = z.infer<typeof ProductFields>;

/** Asserts the envelope and just these Product fields against the spec's shape, and returns `data` typed. */
export function productFields<K extends ProductFieldName>(
  response: ApiResponse,
  ...keys: [K, ...K[]]
): Pick<ProductFieldValues, K> {
  const mask: Partial<Record<ProductFieldName, true>> = Object.fromEntries(keys.map((key) => [key, true]));
  const { data } = expectShape(
    response,
    Envelope(ProductFields.pick(mask)),
    inAnswer(response, `data.{${keys.join(', ')}}`),
  );
  return data;
}
