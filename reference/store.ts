/** The reference's in-memory state: webhooks, products, tags, and the seeded reference data. */
import type { EventName } from '../support/contract/events.ts';
import {
  seedBrands,
  seedCategories,
  seedMediaIds,
  type Bilingual,
  type BrandRecord,
  type CategoryRecord,
} from './seed.ts';

export type ProductType = 'physical' | 'digital' | 'booking' | 'service';

export interface WebhookRecord {
  id: number;
  name: string;
  url: string;
  method_type: string;
  status: number;
  /** Kept for signing deliveries; never rendered into a response after registration. */
  secret: string;
  events: { id: number; event_name: EventName }[];
  created_at: Date;
  updated_at: Date;
}

export interface ProductRecord {
  id: number;
  type: ProductType;
  name: Bilingual;
  summary: Bilingual;
  description: Bilingual;
  price: number;
  sale_price: number;
  is_refundable: boolean;
  min_purchase: number;
  max_purchase: number | null;
  image_id: number | null;
  sku: string | null;
  is_published: boolean;
  brand_id: number | null;
  category_ids: number[];
  tag_ids: number[];
  /** Every other field of the request body, kept as sent (slug, availability, options...). */
  extra: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export class Store {
  readonly webhooks = new Map<number, WebhookRecord>();
  readonly products = new Map<number, ProductRecord>();
  readonly brands = new Map<number, BrandRecord>(seedBrands.map((b) => [b.id, b]));
  readonly categories = new Map<number, CategoryRecord>(seedCategories.map((c) => [c.id, c]));
  readonly media = new Set<number>(seedMediaIds);
  readonly tags = new Map<number, string>();
  #nextWebhookId = 1;
  #nextRegisteredEventId = 1;
  #nextProductId = 1;
  #nextTagId = 1;

  nextWebhookId(): number {
    return this.#nextWebhookId++;
  }
  nextRegisteredEventId(): number {
    return this.#nextRegisteredEventId++;
  }
  nextProductId(): number {
    return this.#nextProductId++;
  }

  /** Tags are created from names on first use (Common product body fields: `tags`). */
  tagIdsFor(names: readonly string[]): number[] {
    return [...new Set(names)].map((name) => {
      for (const [id, existing] of this.tags) if (existing === name) return id;
      const id = this.#nextTagId++;
      this.tags.set(id, name);
      return id;
    });
  }
}

/** A few products of all four types, so every list label appears, one of them unpublished. */
export function seedProducts(store: Store, now: Date): void {
  const base = (type: ProductType, en: string, ar: string, price: number, isPublished: boolean): ProductRecord => ({
    id: store.nextProductId(),
    type,
    name: { ar, en },
    summary: { ar: `ملخص ${ar}`, en: `${en} summary` },
    description: { ar: `<p>${ar}</p>`, en: `<p>${en}</p>` },
    price,
    sale_price: 0,
    is_refundable: true,
    min_purchase: 1,
    max_purchase: null,
    image_id: null,
    sku: `SEED-${type.toUpperCase()}`,
    is_published: isPublished,
    brand_id: seedBrands[0]?.id ?? null,
    category_ids: [],
    tag_ids: [],
    extra: {},
    created_at: now,
    updated_at: now,
  });
  for (const product of [
    base('physical', 'Seed physical product', 'منتج مادي', 120, true),
    base('digital', 'Seed digital product', 'منتج رقمي', 15, true),
    base('booking', 'Seed booking product', 'منتج حجز', 60, true),
    base('service', 'Seed service product', 'منتج خدمة', 45, false),
  ])
    store.products.set(product.id, product);
}
