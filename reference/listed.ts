/**
 * What List Products shows of the store's products. At once, by default; under `list-shows-writes-late`
 * each write shows only after a delay drawn per write, as a list read from a search index that a queue
 * feeds: until then a created product is not listed, an updated one is listed as it was. Writes show in
 * the order they were made, as a queue delivers them. A deleted product leaves the list at once.
 */
import type { ProductRecord, Store } from './store.ts';
import type { ReferenceChoices } from './variants/index.ts';

// How soon the list shows a write is each store's own (docs/variants.md, `list-shows-writes-late`): the spec
// states what the list holds, never when.
// Stryker disable all: "Response 200: the envelope, `data` = `{products: array of Product (list shape), pagination: Pagination}`."

interface Version {
  /** When the list shows it (epoch ms). */
  readonly from: number;
  readonly product: ProductRecord;
}

export class ListedProducts {
  readonly #versions = new Map<number, Version[]>();

  constructor(
    private readonly store: Store,
    private readonly delay: ReferenceChoices['list']['writesShowAfterMs'],
    private readonly random: () => number = Math.random,
  ) {}

  /** A product was created or updated at `now`. */
  written(product: ProductRecord, now: Date): void {
    if (this.delay === null) return;
    const versions = this.#versions.get(product.id) ?? [];
    const { min, max } = this.delay;
    const due = now.getTime() + min + this.random() * (max - min);
    versions.push({ from: Math.max(due, versions.at(-1)?.from ?? 0), product: structuredClone(product) });
    this.#versions.set(product.id, versions);
  }

  /** The products the list shows at `now`, each as the list has it. */
  shown(now: Date): ProductRecord[] {
    const products = [...this.store.products.values()];
    if (this.delay === null) return products;
    return products.flatMap((product) => {
      const versions = this.#versions.get(product.id);
      // A product never written through the API (the seed) is listed from the start.
      if (versions === undefined) return [product];
      const shownFrom = versions.findLastIndex((version) => version.from <= now.getTime());
      // The versions before the one shown are never shown again.
      if (shownFrom > 0) versions.splice(0, shownFrom);
      return shownFrom < 0 ? [] : [versions[0]?.product ?? product];
    });
  }
}
