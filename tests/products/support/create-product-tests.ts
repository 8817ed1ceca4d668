/**
 * The bodies of the tests Create Booking Product and Create Service Product share. The spec files declare
 * the tests (`test(...)` must be called in the spec file: the test list the fault matrix runs names it).
 */
import { expect, type Make } from '../../../fixtures/index.ts';
import type { StoreApi } from '../../../support/api/store-api.ts';
import { bodyFor, type CreatedProductCheck } from './created-product-checks.ts';
import type { InvalidBodyCase } from './invalid-bodies.ts';
import { Accepted } from './response-fields.ts';

type CreateOperation = 'createBookingProduct' | 'createServiceProduct';

const validBody = (operation: CreateOperation, make: Make) =>
  operation === 'createBookingProduct' ? make.booking() : make.service();

/** Creates a product from a valid body changed as the check says, and verifies the answer. */
export function createdProductTest(operation: CreateOperation, check: CreatedProductCheck) {
  return async ({ api, make }: { api: StoreApi; make: Make }) => {
    const sent = bodyFor(validBody(operation, make), check, make.context);
    const response = await api.send(operation, { body: sent });
    expect(response).toHaveStatus(Accepted);
    check.verify?.(response, sent);
  };
}

/**
 * Sends a valid body with the invalid change and expects exactly 422, the documented validation status:
 * a 5xx is never how invalid input is rejected (the 500 documented for Create Service Product is a server error).
 */
export function invalidBodyTest(operation: CreateOperation, invalid: InvalidBodyCase) {
  return async ({ api, make }: { api: StoreApi; make: Make }) => {
    const response = await api.send(operation, {
      body: { ...validBody(operation, make), ...invalid.change(make.context) },
    });
    expect(response).toHaveStatus(422);
  };
}
