/** Renders stored records into the response shapes of the spec (Resources), plus the variant's extra fields. */
import type { FaultSet } from './faults/index.ts';
import { formatDate, formatTimestamp } from './format.ts';
import type { ProductRecord, ProductType, Store, WebhookRecord } from './store.ts';
import type { ReferenceChoices } from './variants/index.ts';

export interface RenderContext {
  readonly store: Store;
  readonly faults: FaultSet;
  readonly choices: ReferenceChoices;
  /** Scheme, host and port the client reached us at: image URLs are absolute (Conventions). */
  readonly origin: string;
  readonly acceptLanguage: string | undefined;
}

const tools = (ctx: RenderContext) => ({
  timestamp: (date: Date) => formatTimestamp(date, ctx.faults),
  origin: ctx.origin,
});

export function renderWebhook(webhook: WebhookRecord, ctx: RenderContext) {
  const { extras } = ctx.choices;
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    method_type: webhook.method_type,
    status: ctx.faults.has('webhook-status-string') ? String(webhook.status) : webhook.status,
    created_at: formatTimestamp(webhook.created_at, ctx.faults),
    updated_at: formatTimestamp(webhook.updated_at, ctx.faults),
    events: webhook.events.map((e) => ({
      id: e.id,
      event_name: e.event_name,
      ...extras.registeredEvent(e, tools(ctx)),
    })),
    ...extras.webhook(webhook),
  };
}

/** The faults build image URLs from the path alone, forgetting the origin (Conventions: Image fields). */
const mediaUrl = (origin: string, id: number, faults: FaultSet) =>
  `${faults.has('product-image-relative') ? '' : origin}/media/${id}.jpg`;
const placeholderUrl = (origin: string, faults: FaultSet) =>
  faults.has('product-no-image-null')
    ? null
    : `${faults.has('product-placeholder-relative') ? '' : origin}/media/placeholder.png`;

function renderBrand(id: number | null, ctx: RenderContext) {
  // The fault looks the brand up by the id as a string key, which the map never holds.
  const brand = id === null || ctx.faults.has('product-brand-null') ? undefined : ctx.store.brands.get(id);
  if (!brand) return null;
  return {
    id: brand.id,
    title: '',
    name: brand.name,
    description: brand.description,
    logo: `${ctx.origin}/media/brands/${brand.id}/logo.png`,
    banner: `${ctx.origin}/media/brands/${brand.id}/banner.png`,
    ...ctx.choices.extras.brand(brand),
  };
}

function renderCategories(ids: readonly number[], ctx: RenderContext) {
  return ids.flatMap((id) => {
    const category = ctx.store.categories.get(id);
    if (!category) return [];
    return [
      {
        id: category.id,
        name: category.name,
        description: category.description,
        image: `${ctx.origin}/media/categories/${category.id}.png`,
        ...ctx.choices.extras.category(category),
      },
    ];
  });
}

export type ProductShape = 'detail' | 'list';

/** `detail`: create and update responses (`is_published`, `type` as a code); `list`: list items (`sku`, `type` as a label). */
export function renderProduct(product: ProductRecord, shape: ProductShape, ctx: RenderContext) {
  const { faults, choices } = ctx;
  const type: ProductType =
    product.type === 'service' && faults.has('create-service-type-booking') ? 'booking' : product.type;
  const common = {
    id: product.id,
    identifier: faults.has('product-identifier-off-by-one') ? product.id + 1 : product.id,
    name: product.name,
    summary: product.summary,
    description: faults.has('product-description-flat') ? product.description.en : product.description,
    type: shape === 'list' ? choices.list.typeLabel(type, ctx.acceptLanguage) : type,
    // A decimal column, rendered as the string the database driver gives.
    price: faults.has('product-price-string') ? product.price.toFixed(2) : product.price,
    sale_price: faults.has('product-sale-price-is-price') ? product.price : product.sale_price,
    is_refundable: product.is_refundable,
    min_purchase: product.min_purchase,
    max_purchase: faults.has('product-max-purchase-null') ? null : product.max_purchase,
    image:
      product.image_id === null ? placeholderUrl(ctx.origin, faults) : mediaUrl(ctx.origin, product.image_id, faults),
    ratings: faults.has('product-ratings-zero') ? 0 : null,
    created_at: faults.has('product-created-at-date-only')
      ? formatDate(product.created_at)
      : formatTimestamp(product.created_at, faults),
    updated_at: formatTimestamp(product.updated_at, faults),
    brand: renderBrand(product.brand_id, ctx),
    tags: product.tag_ids.map((id) => {
      const tagName = ctx.store.tags.get(id) ?? '';
      return faults.has('product-tags-as-names')
        ? tagName
        : { id, tag_name: tagName, ...choices.extras.tag(id, tagName) };
    }),
    categories: renderCategories(product.category_ids, ctx),
    ...choices.extras.product(product, tools(ctx)),
  };
  if (shape === 'list')
    return {
      ...common,
      sku: product.sku,
      ...(faults.has('list-item-is-published') ? { is_published: product.is_published } : {}),
    };
  // A database flag column (tinyint) rendered as is: 1 instead of true.
  return {
    ...common,
    ...(faults.has('product-sku-in-answer') ? { sku: product.sku } : {}),
    is_published: faults.has('product-is-published-flag') ? Number(product.is_published) : product.is_published,
  };
}
