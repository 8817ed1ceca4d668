/** Create Booking Product, Create Service Product, Update Service Product. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelope, errorBody } from '../format.ts';
import { renderProduct } from '../render.ts';
import type { ProductRecord, ProductType } from '../store.ts';
import { BookingBody, fieldErrors, referenceErrors, ServiceBody, ServicePatch } from '../validation.ts';
import { parseIdentifier, renderContext, type ReferenceContext } from './context.ts';

/** Any of the three bodies, after validation: every field may be absent (PATCH). */
type ProductBody = { [K in keyof (BookingBody & ServiceBody)]?: (BookingBody & ServiceBody)[K] | undefined };

/** Fields that have a place of their own in the record; the rest of the body is kept in `extra`. */
const MODELLED = new Set(['name_ar', 'name_en', 'summery_ar', 'summery_en', 'description_ar', 'description_en', 'price', 'sale_price',
  'is_refundable', 'min_purchase', 'max_purchase', 'image_id', 'sku', 'brand_id', 'category', 'tags']);

export const productRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults } = ctx;

  function validate(schema: z.ZodType<ProductBody>, request: FastifyRequest, reply: FastifyReply): ProductBody | undefined {
    const parsed = schema.safeParse(request.body);
    if (!parsed.success) {
      void reply.code(422).send(errorBody('The given data was invalid.', fieldErrors(parsed.error)));
      return undefined;
    }
    const errors = referenceErrors(parsed.data, store);
    if (Object.keys(errors).length > 0) {
      void reply.code(422).send(errorBody('The given data was invalid.', errors));
      return undefined;
    }
    return parsed.data;
  }

  function apply(product: ProductRecord, body: ProductBody): void {
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
    if (body.sku !== undefined) product.sku = body.sku;
    if (body.brand_id !== undefined) product.brand_id = body.brand_id;
    if (body.category !== undefined) product.category_ids = [...new Set(body.category)];
    if (body.tags !== undefined) product.tag_ids = store.tagIdsFor(body.tags);
    for (const [key, value] of Object.entries(body)) if (!MODELLED.has(key)) product.extra[key] = value;
  }

  function create(type: ProductType, body: ProductBody): ProductRecord {
    const now = ctx.now();
    const product: ProductRecord = {
      id: store.nextProductId(),
      type,
      name: { ar: '', en: '' },
      summary: { ar: '', en: '' },
      description: { ar: '', en: '' },
      price: 0,
      sale_price: 0,
      is_refundable: false,
      min_purchase: 1,
      max_purchase: null,
      image_id: null,
      sku: null,
      is_published: true,
      brand_id: null,
      category_ids: [],
      tag_ids: [],
      extra: {},
      created_at: now,
      updated_at: now,
    };
    apply(product, body);
    store.products.set(product.id, product);
    return product;
  }

  app.post('/api/core/v1/products/booking', async (request, reply) => {
    const body = validate(BookingBody, request, reply);
    if (!body) return reply;
    const product = create('booking', body);
    const data = renderProduct(product, 'detail', renderContext(ctx, request));
    ctx.deliveries.emit('product.created', data, store.webhooks.values());
    return reply.code(faults.has('create-booking-200') ? 200 : 201).send(envelope('Booking product created.', data, faults));
  });

  app.post('/api/core/v1/products/service', async (request, reply) => {
    const body = validate(ServiceBody, request, reply);
    if (!body) return reply;
    const product = create('service', body);
    const data = renderProduct(product, 'detail', renderContext(ctx, request));
    ctx.deliveries.emit('product.created', data, store.webhooks.values());
    return reply.code(201).send(envelope('Service product created.', data, faults));
  });

  app.patch<{ Params: { identifier: string } }>('/api/core/v1/products/service/:identifier', async (request, reply) => {
    const id = parseIdentifier(request.params.identifier);
    const product = id === undefined ? undefined : store.products.get(id);
    if (!product || product.type !== 'service') {
      return reply.code(404).send(errorBody(`No service product has the identifier ${JSON.stringify(request.params.identifier)}.`));
    }
    const body = validate(ServicePatch, request, reply);
    if (!body) return reply;
    apply(product, body);
    product.updated_at = ctx.now();
    const data = renderProduct(product, 'detail', renderContext(ctx, request));
    ctx.deliveries.emit('product.updated', data, store.webhooks.values());
    return reply.code(faults.has('update-service-201') ? 201 : 200).send(envelope('Service product updated.', data, faults));
  });
};
