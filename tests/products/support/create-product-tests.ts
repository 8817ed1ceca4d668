/**
 * The tests Create Booking Product and Create Service Product share, declared inside the caller's
 * `describe`: every created-product check and every invalid body of the operation's kind.
 */
import { checks, expect, test, type Make } from '../../../fixtures/index.ts';
import type { CommonProductBody } from '../../../support/api/bodies.ts';
import type { ClauseId } from '../../../support/spec/clauses.ts';
import { bodyFor, createdProductChecks } from './created-product-checks.ts';
import { invalidBodies, type BodyKind } from './invalid-bodies.ts';
import { Accepted } from './response-fields.ts';

interface CreateOperation {
  readonly kind: BodyKind;
  readonly validation: ClauseId;
  readonly valid: (make: Make) => CommonProductBody;
}

const createOperations = {
  createBookingProduct: { kind: 'booking', validation: 'create-booking.validation', valid: (make) => make.booking() },
  createServiceProduct: { kind: 'service', validation: 'create-service.validation', valid: (make) => make.service() },
} as const satisfies Record<string, CreateOperation>;

export function createProductTests(operation: keyof typeof createOperations): void {
  const { kind, validation, valid } = createOperations[operation];

  for (const check of createdProductChecks) {
    test(check.title, checks(operation, ...check.clauses), async ({ api, make }) => {
      const sent = bodyFor(valid(make), check, make.context);
      const response = await api.send(operation, { body: sent });
      expect(response).toHaveStatus(Accepted);
      check.verify?.(response, sent);
    });
  }

  // Exactly 422, the documented validation status: a 5xx is never how invalid input is rejected (the
  // 500 documented for Create Service Product is a server error).
  for (const invalid of invalidBodies(kind)) {
    test(`answers 422 when ${invalid.title}`, checks(operation, validation, ...invalid.clauses), async ({ api, make }) => {
      const response = await api.send(operation, { body: { ...valid(make), ...invalid.change(make.context) } });
      expect(response).toHaveStatus(422);
    });
  }
}
