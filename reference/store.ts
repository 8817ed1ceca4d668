/** The reference's in-memory state: webhooks, products, tags, the event catalogue, and the seeded reference data. */
import { EventCatalogue, type EventName } from '../support/contract/events.ts';
import type { Bilingual, BrandRecord, CategoryRecord, SeedData } from './seed.ts';

export type ProductType = 'physical' | 'digital' | 'booking' | 'service';

export interface RegisteredEventRecord {
  id: number;
  event_name: EventName;
  created_at: Date;
}

export interface WebhookRecord {
  id: number;
  name: string;
  url: string;
  method_type: string;
  status: number;
  /** Kept for signing deliveries; never rendered into a response after registration. */
  secret: string;
  events: RegisteredEventRecord[];
  /** Deliveries sent to it (each attempt counted once). */
  deliveries: number;
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

/** A record with nothing set yet: what a created product starts from. */
export function blankProduct(id: number, type: ProductType, now: Date): ProductRecord {
  return {
    id,
    type,
    // What a product holds of a field its create did not send is each store's own.
    // Stryker disable all: "Which body fields are required: not shown."
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
    // Stryker restore all
    created_at: now,
    updated_at: now,
  };
}

/** An entry of the event catalogue Webhook Events answers. */
export interface CatalogueEntry {
  readonly value: string;
  readonly label: string;
}

/** A product the reference starts with. */
export interface SeedProduct {
  readonly type: ProductType;
  readonly name: Bilingual;
  readonly price: number;
  readonly sku: string;
  readonly is_published: boolean;
}

/** A seed product named `[ar, en]`, published unless told otherwise, its sku `SEED-<TYPE>` unless given. */
export function seedProduct(
  type: ProductType,
  [ar, en]: readonly [ar: string, en: string],
  price: number,
  // Stryker disable next-line all: equivalent: the seed's own values, as every store has its own catalogue; the list's tests read whichever it has.
  { published = true, sku = `SEED-${type.toUpperCase()}` }: { published?: boolean; sku?: string } = {},
): SeedProduct {
  return { type, name: { ar, en }, price, sku, is_published: published };
}

/** Where a kind of id starts, and how far apart two consecutive ids are. */
export interface IdChoice {
  readonly first: number;
  readonly step: number;
}

class IdSequence {
  #next: number;
  constructor(private readonly choice: IdChoice) {
    this.#next = choice.first;
  }
  next(): number {
    const id = this.#next;
    this.#next += this.choice.step;
    return id;
  }
}

export class Store {
  readonly webhooks = new Map<number, WebhookRecord>();
  readonly products = new Map<number, ProductRecord>();
  readonly brands: ReadonlyMap<number, BrandRecord>;
  readonly categories: ReadonlyMap<number, CategoryRecord>;
  readonly media: ReadonlySet<number>;
  readonly badges: ReadonlySet<number>;
  readonly providers: ReadonlySet<number>;
  readonly statuses: ReadonlySet<number>;
  readonly tags = new Map<number, string>();
  /** The catalogue is fixed (Events): the routes never write it. */
  catalogue: CatalogueEntry[] = EventCatalogue.map(({ value, label }) => ({ value, label }));
  readonly #webhookIds: IdSequence;
  readonly #registeredEventIds: IdSequence;
  readonly #productIds: IdSequence;
  readonly #tagIds: IdSequence;

  constructor(seed: SeedData, ids: IdChoice) {
    this.brands = new Map(seed.brands.map((b) => [b.id, b]));
    this.categories = new Map(seed.categories.map((c) => [c.id, c]));
    this.media = new Set(seed.mediaIds);
    this.badges = new Set(seed.badgeIds);
    this.providers = new Set(seed.providerIds);
    this.statuses = new Set(seed.statusIds);
    this.#webhookIds = new IdSequence(ids);
    this.#registeredEventIds = new IdSequence(ids);
    this.#productIds = new IdSequence(ids);
    this.#tagIds = new IdSequence(ids);
    // Stryker disable next-line all: equivalent: the seed's own tags, as every store has its own
    for (const name of seed.tagNames) this.tags.set(this.#tagIds.next(), name);
  }

  /** The id of the tag of this name, if there is one. */
  // Whether a store gives a tag name it has seen its old id or a new one is its own: the spec shows a tag's shape alone.
  // Stryker disable all: "Tag: `id` (integer), `tag_name` (string)."
  tagIdOf(name: string): number | undefined {
    for (const [id, existing] of this.tags) if (existing === name) return id;
    return undefined;
  }
  // Stryker restore all

  nextWebhookId(): number {
    return this.#webhookIds.next();
  }
  nextRegisteredEventId(): number {
    return this.#registeredEventIds.next();
  }
  nextProductId(): number {
    return this.#productIds.next();
  }

  /** The ids of the tags of these names; a name no tag has yet creates one (a variant that refuses it validated first). */
  tagIdsFor(names: readonly string[]): number[] {
    return [...new Set(names)].map((name) => {
      const existing = this.tagIdOf(name);
      // Stryker disable next-line ConditionalExpression: "Tag: `id` (integer), `tag_name` (string)."
      if (existing !== undefined) return existing;
      const id = this.#tagIds.next();
      this.tags.set(id, name);
      return id;
    });
  }
}

/**
 * The variant's seed products, as a store in use has them: each of a brand, in a top-level category, and
 * with two of the tags the store starts with (when it has any), taken in turn, so that every brand,
 * category and tag shows in the product list (`npm run profile -- discover` reads them there).
 */
/**
 * When the seed products were made: before any run, as a store in use made its own, on a date and time whose
 * every part is one digit (the list's own items then show whether a timestamp pads them to two).
 */
const SEEDED_AT = Date.UTC(2025, 0, 2, 3, 4, 5);

// The catalogue a store starts with is its own: the list's tests read whichever it has.
// Stryker disable all: equivalent: another seed makes another store, and no rule of the spec names a store's own products
export function seedProducts(store: Store, products: readonly SeedProduct[]): void {
  const brands = [...store.brands.keys()];
  const categories = [...store.categories.values()].filter((c) => c.level === 'category').map((c) => c.id);
  const tags = [...store.tags.keys()];
  const inTurn = <T>(items: readonly T[], i: number): T[] => (items.length === 0 ? [] : [items[i % items.length] as T]);
  for (const [i, seed] of products.entries()) {
    const product: ProductRecord = {
      id: store.nextProductId(),
      type: seed.type,
      name: { ...seed.name },
      summary: { ar: `ملخص ${seed.name.ar}`, en: `${seed.name.en} summary` },
      description: { ar: `<p>${seed.name.ar}</p>`, en: `<p>${seed.name.en}</p>` },
      price: seed.price,
      sale_price: 0,
      is_refundable: true,
      min_purchase: 1,
      max_purchase: null,
      image_id: null,
      sku: seed.sku,
      is_published: seed.is_published,
      brand_id: inTurn(brands, i)[0] ?? null,
      category_ids: inTurn(categories, i),
      tag_ids: tags.length < 2 ? [] : [...inTurn(tags, i), ...inTurn(tags, i + 1)],
      extra: {},
      created_at: new Date(SEEDED_AT),
      updated_at: new Date(SEEDED_AT),
    };
    store.products.set(product.id, product);
  }
}
// Stryker restore all
