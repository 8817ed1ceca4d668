/** Create Booking Product, Create Service Product, Update Service Product. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FaultName } from '../faults/index.ts';
import { renderProduct } from '../render.ts';
import type { ProductRecord, ProductType } from '../store.ts';
import {
  BookingBody,
  fieldErrors,
  referenceErrors,
  ServiceBody,
  ServicePatch,
  variantErrors,
  type ProductBody,
} from '../validation.ts';
import { parseIdentifier, renderContext, type ReferenceContext } from './context.ts';

/** Fields that have a place of their own in the record; the rest of the body is kept in `extra`. */
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

/** The update faults' "local time": a server clock three hours behind UTC. */
const LOCAL_OFFSET_MS = 3 * 60 * 60 * 1000;

type Mode = 'create' | 'update';

/** A record with nothing set yet: what create starts from (and what the omitted-cleared fault resets to). */
function blankProduct(id: number, type: ProductType, now: Date): ProductRecord {
  return {
    id,
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
}

export const productRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, faults, choices, respond } = ctx;
  const schemas = {
    booking: BookingBody(faults, choices),
    service: ServiceBody(faults, choices),
    patch: ServicePatch(faults, choices),
  };

  /** The body validated, or undefined with the 422 sent. The faults are consulted only on a body they bend. */
  function validate(
    schema: z.ZodType<ProductBody>,
    typesUnchecked: FaultName,
    request: FastifyRequest,
    reply: FastifyReply,
    mode: Mode,
    self?: number,
  ): ProductBody | undefined {
    const parsed = schema.safeParse(request.body);
    const fields = parsed.success
      ? {
          ...referenceErrors(parsed.data, store, choices.bodies.categoryHierarchy),
          ...variantErrors(parsed.data, request.body, store, choices, self),
        }
      : fieldErrors(parsed.error);
    // Fault (creates): image_id required, although the spec returns a placeholder for a product without one.
    if (
      parsed.success &&
      mode === 'create' &&
      parsed.data.image_id === undefined &&
      faults.has('product-image-required')
    ) {
      fields.image_id = ['is required'];
    }
    if (parsed.success && Object.keys(fields).length === 0) return parsed.data;
    // The "types unchecked" faults take any JSON object as it is, without looking at its fields.
    const object = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body);
    if (object && faults.has(typesUnchecked)) return request.body as ProductBody;
    void respond.refuse(reply, 'validation', 'The given data was invalid.', { fields });
    return undefined;
  }

  function apply(product: ProductRecord, body: ProductBody, mode: Mode): void {
    const updating = mode === 'update';
    const swapped = faults.has('product-name-languages-swapped');
    const nameAr = swapped ? body.name_en : body.name_ar;
    const nameEn = swapped ? body.name_ar : body.name_en;
    if (nameAr !== undefined) product.name.ar = nameAr;
    if (nameEn !== undefined) product.name.en = nameEn;
    // The request spells it `summery_*`; the fault reads the dictionary spelling, which never comes.
    const raw = body as Record<string, unknown>;
    let summaryAr = faults.has('product-summary-misspelled') ? (raw.summary_ar as string | undefined) : body.summery_ar;
    let summaryEn = faults.has('product-summary-misspelled') ? (raw.summary_en as string | undefined) : body.summery_en;
    if (updating && faults.has('update-service-summary-swapped')) [summaryAr, summaryEn] = [summaryEn, summaryAr];
    if (summaryAr !== undefined) product.summary.ar = summaryAr;
    if (summaryEn !== undefined) product.summary.en = summaryEn;
    const html = (value: string) =>
      faults.has('product-description-html-stripped') ? value.replace(/<[^>]*>/g, '') : value;
    let descriptionAr = body.description_ar;
    let descriptionEn = body.description_en;
    if (faults.has('product-description-languages-swapped'))
      [descriptionAr, descriptionEn] = [descriptionEn, descriptionAr];
    if (faults.has('product-description-en-in-both')) descriptionAr = descriptionEn;
    if (descriptionAr !== undefined) product.description.ar = html(descriptionAr);
    if (descriptionEn !== undefined) product.description.en = html(descriptionEn);
    if (!(updating && faults.has('update-service-price-ignored'))) {
      if (body.price !== undefined)
        product.price = faults.has('product-price-rounded') ? Math.round(body.price) : body.price;
      if (body.sale_price !== undefined) product.sale_price = body.sale_price;
      // A nullable column read back empty: JSON has no NaN, so the answer says null.
      else if (!updating && faults.has('product-sale-price-null-when-omitted')) product.sale_price = Number.NaN;
    }
    if (faults.has('product-refundable-or-true')) product.is_refundable = body.is_refundable || true;
    else if (body.is_refundable !== undefined && !faults.has('product-refundable-dropped'))
      product.is_refundable = body.is_refundable;
    if (body.min_purchase !== undefined && !faults.has('product-min-purchase-ignored'))
      product.min_purchase = body.min_purchase;
    if (body.max_purchase !== undefined) product.max_purchase = body.max_purchase;
    if (body.image_id !== undefined) product.image_id = body.image_id;
    if (body.status_id !== undefined) product.is_published = !choices.unpublishedStatusIds.includes(body.status_id);
    if (body.sku !== undefined) product.sku = body.sku;
    if (!(updating && faults.has('update-service-references-ignored'))) {
      if (body.brand_id !== undefined) product.brand_id = body.brand_id;
      if (body.category !== undefined)
        product.category_ids = [...new Set(body.category)].slice(
          0,
          faults.has('product-categories-first-only') ? 1 : undefined,
        );
    }
    if (body.tags !== undefined) {
      const tagIds = store.tagIdsFor(body.tags);
      product.tag_ids =
        updating && faults.has('update-service-tags-appended') ? [...new Set([...product.tag_ids, ...tagIds])] : tagIds;
    }
    for (const [key, value] of Object.entries(body)) if (!MODELLED.has(key)) product.extra[key] = value;
  }

  function create(type: ProductType, body: ProductBody): ProductRecord {
    const product = blankProduct(store.nextProductId(), type, ctx.now());
    apply(product, body, 'create');
    store.products.set(product.id, product);
    return product;
  }

  /** PATCH: applies the body; the faults give PUT semantics, a copy under a new id, or a clock behind UTC. */
  function update(existing: ProductRecord, body: ProductBody): ProductRecord {
    const now = ctx.now();
    let product = existing;
    if (faults.has('update-service-new-id')) {
      product = { ...structuredClone(existing), id: store.nextProductId() };
      store.products.set(product.id, product);
    }
    if (faults.has('update-service-omitted-cleared'))
      Object.assign(product, blankProduct(product.id, product.type, product.created_at));
    apply(product, body, 'update');
    product.updated_at = faults.has('update-service-updated-at-behind')
      ? new Date(now.getTime() - LOCAL_OFFSET_MS)
      : now;
    return product;
  }

  app.post('/api/core/v1/products/booking', async (request, reply) => {
    const body = validate(schemas.booking, 'booking-types-unchecked', request, reply, 'create');
    if (!body) return reply;
    const product = create('booking', body);
    const data = renderProduct(product, 'detail', renderContext(ctx, request));
    ctx.deliveries.emit('product.created', data, store.webhooks.values());
    const answer = faults.has('create-booking-type-service') ? { ...data, type: 'service' } : data;
    return reply.code(faults.has('create-booking-200') ? 200 : 201).send(respond.envelope('bookingCreated', answer));
  });

  app.post('/api/core/v1/products/service', async (request, reply) => {
    const body = validate(schemas.service, 'service-types-unchecked', request, reply, 'create');
    if (!body) return reply;
    const product = create('service', body);
    const data = renderProduct(product, 'detail', renderContext(ctx, request));
    ctx.deliveries.emit('product.created', data, store.webhooks.values());
    return reply.code(faults.has('create-service-200') ? 200 : 201).send(respond.envelope('serviceCreated', data));
  });

  app.patch<{ Params: { identifier: string } }>('/api/core/v1/products/service/:identifier', async (request, reply) => {
    const id = parseIdentifier(request.params.identifier);
    const found = id === undefined ? undefined : store.products.get(id);
    const upsert = faults.has('update-service-unknown-id-creates') && id !== undefined && !found;
    if (!upsert && (!found || found.type !== 'service')) {
      return respond.unknownIdentifier(reply, 'service product', request.params.identifier);
    }
    const body = validate(schemas.patch, 'update-service-types-unchecked', request, reply, 'update', found?.id);
    if (!body) return reply;
    const product = found ? update(found, body) : create('service', body);
    const data = renderProduct(product, 'detail', renderContext(ctx, request));
    ctx.deliveries.emit('product.updated', data, store.webhooks.values());
    const answer = faults.has('update-service-type-booking') ? { ...data, type: 'booking' } : data;
    return reply.code(faults.has('update-service-201') ? 201 : 200).send(respond.envelope('serviceUpdated', answer));
  });
};
