/** Create Booking Product, Create Service Product, Update Service Product. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OperationId } from '../../support/contract/operations.ts';
import { renderProduct } from '../render.ts';
import { blankProduct, type ProductRecord, type ProductType } from '../store.ts';
import { BookingBody, ServiceBody, ServicePatch, type ProductBody } from '../product-bodies.ts';
import { productRuleErrors } from '../rules.ts';
import { fieldErrors, isAccepted, type Validated } from '../validation.ts';
import type { MessageKey } from '../variants/index.ts';
import { parseIdentifier, renderContext, type ReferenceContext } from './context.ts';

/** What a product answer is sent as: its event, message and status. */
interface Sent {
  readonly event: 'product.created' | 'product.updated';
  readonly message: MessageKey;
  readonly status: number;
}

/** Fields that have a place of their own in the record; the rest of the body is kept in `extra`. */
// Stryker disable all: equivalent: a modelled field kept in `extra` too is read by no answer (the record's own place is)
const MODELLED = new Set([
  'name_ar',
  'name_en',
  'summery_ar',
  'summery_en',
  'description_ar',
  'description_en',
  'price',
  'sale_price',
  'is_refundable',
  'min_purchase',
  'max_purchase',
  'image_id',
  'sku',
  'brand_id',
  'category',
  'tags',
]);
// Stryker restore all

export const productRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults, choices, respond } = ctx;
  const schemas = { booking: BookingBody(choices), service: ServiceBody(choices), patch: ServicePatch(choices) };
  const create = (operation: OperationId, type: ProductType, body: ProductBody): ProductRecord => {
    const now = ctx.now();
    return write(ctx, operation, blankProduct(store.nextProductId(), type, now), body, now);
  };

  app.post('/api/core/v1/products/booking', async (request, reply) => {
    // Stryker disable next-line StringLiteral: equivalent: the operation's name is told to the faults' hook points alone
    const body = validate(ctx, 'createBookingProduct', schemas.booking, request, reply);
    // Stryker disable next-line ConditionalExpression: equivalent: the refusal is sent, and what follows throws on the missing body before anything is stored
    if (!body) return reply;
    // Stryker disable next-line StringLiteral: equivalent: the operation's name is told to the faults' hook points alone
    const product = create('createBookingProduct', 'booking', body);
    return answer(ctx, request, reply, product, {
      // Reading: webhook.delivery-destination
      event: 'product.created',
      message: 'bookingCreated',
      status: 201,
    });
  });

  app.post('/api/core/v1/products/service', async (request, reply) => {
    // Stryker disable next-line StringLiteral: equivalent: the operation's name is told to the faults' hook points alone
    const body = validate(ctx, 'createServiceProduct', schemas.service, request, reply);
    // Stryker disable next-line ConditionalExpression: equivalent: the refusal is sent, and what follows throws on the missing body before anything is stored
    if (!body) return reply;
    // Stryker disable next-line StringLiteral: equivalent: the operation's name is told to the faults' hook points alone
    const product = create('createServiceProduct', 'service', body);
    return answer(ctx, request, reply, product, {
      // Reading: webhook.delivery-destination
      event: 'product.created',
      message: 'serviceCreated',
      status: 201,
    });
  });

  app.patch<{ Params: { identifier: string } }>('/api/core/v1/products/service/:identifier', async (request, reply) => {
    const { identifier } = request.params;
    const id = parseIdentifier(identifier);
    // Stryker disable next-line ConditionalExpression: equivalent: no product has the id undefined
    const stored = id === undefined ? undefined : store.products.get(id);
    const found = faults.bend('identify', stored?.type === 'service' ? stored : undefined, {
      ...ctx,
      resource: 'product',
      identifier,
      id,
    }) as ProductRecord | undefined;
    // Stryker disable next-line StringLiteral: "Shape of an error body: not shown."
    // Reading: update-service.unknown-id
    if (!found) return respond.unknownIdentifier(reply, 'service product', identifier);
    // Stryker disable next-line StringLiteral: equivalent: the operation's name is told to the faults' hook points alone
    const body = validate(ctx, 'updateServiceProduct', schemas.patch, request, reply, found);
    // Stryker disable next-line ConditionalExpression: equivalent: the refusal is sent, and what follows throws on the missing body before anything is stored
    if (!body) return reply;
    // The record is changed in place: what it was is kept for the emission's hook point (reference/hooks.ts).
    const before = structuredClone(found);
    // Stryker disable next-line StringLiteral: equivalent: the operation's name is told to the faults' hook points alone
    const product = write(ctx, 'updateServiceProduct', found, body);
    // Reading: webhook.delivery-destination
    const sent: Sent = { event: 'product.updated', message: 'serviceUpdated', status: 200 };
    return answer(ctx, request, reply, product, sent, before);
  });
};

/** The body validated, or undefined with the 422 sent. `self` is the product an update changes. */
// Reading: register-webhook.validation, update-webhook.validation, create-booking.validation, create-service.validation, update-service.validation
function validate(
  ctx: ReferenceContext,
  operation: OperationId,
  schema: z.ZodType<ProductBody>,
  request: FastifyRequest,
  reply: FastifyReply,
  self?: ProductRecord,
): ProductBody | undefined {
  const validateBody = (sent: unknown): Validated<ProductBody> => {
    const parsed = schema.safeParse(sent);
    // Stryker disable next-line ObjectLiteral: "Error codes, field-level messages and the conditions that give 422: not shown."
    if (!parsed.success) return { body: undefined, fields: fieldErrors(parsed.error) };
    return { body: parsed.data, fields: productRuleErrors(parsed.data, ctx.store, ctx.choices, self) };
  };
  const validated = ctx.faults.bend('validation', validateBody(request.body), {
    operation,
    sent: request.body,
    validate: validateBody,
  }) as Validated<ProductBody>;
  if (isAccepted(validated)) return validated.body;
  // Stryker disable next-line StringLiteral,ObjectLiteral: "Error codes, field-level messages and the conditions that give 422: not shown."
  void ctx.respond.refuse(reply, 'validation', 'The given data was invalid.', { fields: validated.fields });
  return undefined;
}

/** Applies the body's fields to the record: those it sends, the others kept. */
// Reading: product.echo, product.brand, product.categories, update-service.applies-changes, update-service.omitted-kept, list-products.item-matches-product
function apply({ store, choices }: ReferenceContext, product: ProductRecord, body: ProductBody): void {
  if (body.name_ar !== undefined) product.name.ar = body.name_ar;
  if (body.name_en !== undefined) product.name.en = body.name_en;
  if (body.summery_ar !== undefined) product.summary.ar = body.summery_ar;
  if (body.summery_en !== undefined) product.summary.en = body.summery_en;
  if (body.description_ar !== undefined) product.description.ar = body.description_ar;
  if (body.description_en !== undefined) product.description.en = body.description_en;
  if (body.price !== undefined) product.price = body.price;
  if (body.sale_price !== undefined) product.sale_price = body.sale_price;
  if (body.is_refundable !== undefined) product.is_refundable = body.is_refundable;
  if (body.min_purchase !== undefined) product.min_purchase = body.min_purchase;
  if (body.max_purchase !== undefined) product.max_purchase = body.max_purchase;
  if (body.image_id !== undefined) product.image_id = body.image_id;
  // Which statuses leave a product unpublished is each store's own (docs/variants.md).
  // Stryker disable next-line all: "Other product states: not shown."
  if (body.status_id !== undefined) product.is_published = !choices.unpublishedStatusIds.includes(body.status_id);
  if (body.sku !== undefined) product.sku = body.sku;
  if (body.brand_id !== undefined) product.brand_id = body.brand_id;
  if (body.category !== undefined) product.category_ids = [...new Set(body.category)];
  if (body.tags !== undefined) product.tag_ids = store.tagIdsFor(body.tags);
  // What a store keeps of the fields it does not answer with shows only to its own rules and extra fields.
  // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown." "Success responses are an object: `status` (string, `success`), `message` (string, human-readable), `data` (object or array)."
  for (const [key, value] of Object.entries(body)) if (!MODELLED.has(key)) product.extra[key] = value;
}

/** Writes the body into the record and stores it. */
function write(
  ctx: ReferenceContext,
  operation: OperationId,
  product: ProductRecord,
  body: ProductBody,
  at = ctx.now(),
): ProductRecord {
  // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
  const written = ctx.faults.bend('productWrite', { product, body, at }, { ...ctx, operation });
  apply(ctx, written.product, written.body);
  written.product.updated_at = written.at;
  ctx.store.products.set(written.product.id, written.product);
  // When the list shows a write is each store's own (docs/variants.md, `list-shows-writes-late`).
  // Stryker disable next-line all: "Response 200: the envelope, `data` = `{products: array of Product (list shape), pagination: Pagination}`."
  ctx.listed.written(written.product, ctx.now());
  return written.product;
}

/** Answers with the product, and emits its event. `before` is the product as it was before an update. */
function answer(
  ctx: ReferenceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  product: ProductRecord,
  sent: Sent,
  before?: ProductRecord,
) {
  // Stryker disable next-line StringLiteral: equivalent: every shape but 'list' renders as a create or update answers
  const data = renderProduct(product, 'detail', renderContext(ctx, request));
  // Stryker disable next-line all: equivalent: the product as it was is handed to the emission's hook point alone
  const previous = before && (() => renderProduct(before, 'detail', renderContext(ctx, request)));
  // Reading: webhook.delivery-destination
  ctx.deliveries.emit(sent.event, data, ctx.store.webhooks.values(), previous);
  return reply.code(sent.status).send(ctx.respond.envelope(sent.message, data));
}
