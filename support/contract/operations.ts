/**
 * The documented operations (Endpoints table): the one place that says, per operation, its method and
 * path, its success status and what that answer carries, whether it needs the token, what body it takes,
 * what it creates, and which clause its status test cites. The API client, the security tests, the
 * created-resources journal, the webhook destination guard, the OpenAPI document and the self tests all
 * read it; selftest/contract.spec.ts fails while an operation lacks a file of CONTRIBUTING.md's "Adding
 * an operation" the compiler does not check.
 *
 * Paths are relative to the base URL; `{identifier}` is the integer id. The product list path comes
 * from configuration (PRODUCT_LIST_PATH, support/run/config.ts): the spec gives `/products` while its
 * pagination links point at `/api/core/v1/products`.
 */
import type { ClauseId } from './clauses.ts';

export type ResourceKind = 'product' | 'webhook';

/** What a request body of the operation is built from (fixtures/products.ts, fixtures/webhooks.ts). */
export type BodyKind = 'webhook' | 'booking' | 'service';

export interface OperationContract {
  readonly name: string;
  /** The tag its tests carry (`@register-webhook`), and the stem of its spec file. */
  readonly tag: `@${string}`;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  readonly path: string;
  readonly success: 200 | 201;
  /** What its success answer carries, in the spec's words (the OpenAPI document's description of it). */
  readonly answers: string;
  /** The clause the "answers <success>" test cites. */
  readonly successClause: ClauseId;
  /** `required`: the spec shows the bearer token; `not shown`: whether it is needed is not shown. */
  readonly auth: 'required' | 'not shown';
  readonly body?: BodyKind;
  /** The kind of resource a 2xx answer creates (recorded in the created-resources journal). */
  readonly creates?: ResourceKind;
  /** The kind of resource `{identifier}` names. */
  readonly identifies?: ResourceKind;
  /** The body carries a webhook destination `url` (checked by the destination guard before sending). */
  readonly webhookUrlInBody?: true;
  /**
   * The reading a refusal of the body (400, 409 or 422) contradicts, when a set-up or judged call gets
   * one though the operation's status test took a body like it: for webhooks, that several may share an
   * event (the status tests subscribe to events of their own). Absent: the success clause's.
   */
  readonly refusalReading?: ClauseId;
  /**
   * The spec files holding its own tests, under tests/ (the first its own, named by its tag; the others
   * shared with operations of one resource). Besides them only the concerns every operation shares hold
   * tests of it: conventions/, security/, generated/ (selftest/contract.spec.ts checks where each is).
   */
  readonly specFiles: readonly [string, ...string[]];
}

export const Operations = {
  registerWebhook: {
    name: 'Register Webhook',
    tag: '@register-webhook',
    method: 'POST',
    path: '/api/core/v1/webhooks',
    success: 201,
    answers:
      'Created: the envelope, with `data` = `{webhook: Webhook, plain_secret: string}`. When `secret` is supplied, `plain_secret` carries that value; it is returned only at this moment.',
    successClause: 'register-webhook.created',
    auth: 'required',
    body: 'webhook',
    creates: 'webhook',
    webhookUrlInBody: true,
    refusalReading: 'webhook.shared-events',
    specFiles: [
      'webhooks/register-webhook.spec.ts',
      'webhooks/webhook-validation.spec.ts',
      'webhooks/deliveries.spec.ts',
    ],
  },
  updateWebhook: {
    name: 'Update Webhook',
    tag: '@update-webhook',
    method: 'PUT',
    path: '/api/core/v1/webhooks/{identifier}',
    success: 200,
    answers:
      'The envelope, with `data` = Webhook (directly, not wrapped); `events` is an array of registered events, not names.',
    successClause: 'update-webhook.ok',
    auth: 'required',
    body: 'webhook',
    identifies: 'webhook',
    webhookUrlInBody: true,
    refusalReading: 'webhook.shared-events',
    specFiles: [
      'webhooks/update-webhook.spec.ts',
      'webhooks/webhook-validation.spec.ts',
      'webhooks/deliveries.spec.ts',
    ],
  },
  webhookEvents: {
    name: 'Webhook Events',
    tag: '@webhook-events',
    method: 'GET',
    path: '/api/core/v1/webhooks/events',
    success: 200,
    answers: 'The envelope, with `data` = the array of event catalogue entries.',
    successClause: 'webhook-events.ok',
    auth: 'required',
    specFiles: ['webhooks/webhook-events.spec.ts'],
  },
  createBookingProduct: {
    name: 'Create Booking Product',
    tag: '@create-booking-product',
    method: 'POST',
    path: '/api/core/v1/products/booking',
    success: 201,
    answers: 'Created: the envelope, with `data` = Product with `type` = `booking`.',
    successClause: 'create-booking.created',
    auth: 'required',
    body: 'booking',
    creates: 'product',
    specFiles: [
      'products/create-booking-product.spec.ts',
      'products/product-answers.spec.ts',
      'products/product-validation.spec.ts',
    ],
  },
  createServiceProduct: {
    name: 'Create Service Product',
    tag: '@create-service-product',
    method: 'POST',
    path: '/api/core/v1/products/service',
    success: 201,
    answers: 'Created: the envelope, with `data` = Product with `type` = `service`.',
    successClause: 'create-service.created',
    auth: 'required',
    body: 'service',
    creates: 'product',
    specFiles: [
      'products/create-service-product.spec.ts',
      'products/product-answers.spec.ts',
      'products/product-validation.spec.ts',
    ],
  },
  updateServiceProduct: {
    name: 'Update Service Product',
    tag: '@update-service-product',
    method: 'PATCH',
    path: '/api/core/v1/products/service/{identifier}',
    success: 200,
    answers: 'The envelope, with `data` = Product with `type` = `service`: the product updated.',
    successClause: 'update-service.ok',
    auth: 'required',
    body: 'service',
    identifies: 'product',
    specFiles: [
      'products/update-service-product.spec.ts',
      'products/service-product-life.spec.ts',
      'products/product-answers.spec.ts',
      'products/product-validation.spec.ts',
    ],
  },
  listProducts: {
    name: 'List Products',
    tag: '@list-products',
    method: 'GET',
    path: '/products',
    success: 200,
    answers: 'The envelope, with `data` = `{products: array of Product (list shape), pagination: Pagination}`.',
    successClause: 'list-products.ok',
    auth: 'not shown',
    specFiles: [
      'products/list-products.spec.ts',
      'products/list-products-filters.spec.ts',
      'products/list-products-pagination.spec.ts',
    ],
  },
} as const satisfies Record<string, OperationContract>;

export type OperationId = keyof typeof Operations;
export const OperationIds = Object.keys(Operations) as OperationId[];

/** The operations that need the bearer token (Authentication 1). */
export const ProtectedOperationIds = OperationIds.filter((id) => Operations[id].auth === 'required');
/** The operations that take a request body. */
export const OperationIdsWithBody = OperationIds.filter((id) => 'body' in Operations[id]);

/** The kind of resource a 2xx answer of this operation creates, if any. */
export function createdBy(id: OperationId): ResourceKind | undefined {
  const operation: OperationContract = Operations[id];
  return operation.creates;
}
