/**
 * The instances a store can have, as the spec names them: the dimensions along which one rule applies on
 * several occasions (each kind of product, each event, each step of a resource's life, each value a field
 * takes, each bound of a range, each language). A test declares the instance it judges
 * (`cites(...).on({...})`, fixtures/cites.ts); docs/instances.md is generated from those declarations
 * (`npm run instances:docs`), and selftest/instances.spec.ts fails while a value of a dimension below has
 * no test, so an instance nobody made shows as missing rather than passing unseen.
 */
import { ProductTypeLabels } from './events.ts';

export const InstanceDimensions = {
  /** The kind of product: the two the spec lets a client create, and the two a store's catalogue holds besides. */
  kind: Object.keys(ProductTypeLabels) as (keyof typeof ProductTypeLabels)[],
  /** The events the suite causes: those a product's life emits. */
  event: ['product.created', 'product.updated'],
  /** A step of a resource's life: a product created, updated, updated again; a webhook registered, then each field updated. */
  step: [
    'created',
    'updated',
    'updated twice',
    'registered',
    'switched off',
    'switched on again',
    'secret changed',
    'method changed',
    'event added',
    'event removed',
    'url changed',
  ],
  /** A value a field takes besides the one the spec's sample shows. */
  value: [
    'method_type POST',
    'method_type PUT',
    'method_type PATCH',
    'status 1',
    'status 0',
    'secret of 32 characters',
    'secret of 64 characters',
    'secret of 100 characters',
    'is_refundable true',
    'is_refundable false',
    'two events',
    'three events',
  ],
  /** A range on its edge, a page, and how many values a filter carries. */
  bound: [
    'min_price at the price',
    'max_price at the price',
    'date_from on its own day',
    'date_to on its own day',
    'the first page',
    'a middle page',
    'the last page',
    'past the last page',
    'per_page 1',
    'one id',
    'two ids',
    'three ids',
    'over several pages',
  ],
  /** The languages the bilingual fields name. */
  language: ['ar', 'en'],
} as const;

export type InstanceDimension = keyof typeof InstanceDimensions;

/** What one test judges: a value (or several) of some dimensions; the operation is the one it cites. */
export type Instance = {
  readonly [D in InstanceDimension]?:
    (typeof InstanceDimensions)[D][number] | readonly (typeof InstanceDimensions)[D][number][];
};

/** An instance as its annotation writes it: `kind=booking; step=updated twice`. */
export function describeInstance(instance: Instance): string {
  return (Object.keys(InstanceDimensions) as InstanceDimension[])
    .flatMap((dimension) => {
      const value = instance[dimension];
      if (value === undefined) return [];
      const values: readonly string[] = typeof value === 'string' ? [value] : value;
      return [`${dimension}=${values.join(', ')}`];
    })
    .join('; ');
}

/** An annotation's description read back: each dimension with its values. */
export function parseInstance(description: string): Map<InstanceDimension, string[]> {
  const parsed = new Map<InstanceDimension, string[]>();
  for (const part of description.split('; ')) {
    const [dimension, values] = part.split('=');
    if (dimension && values && dimension in InstanceDimensions)
      parsed.set(dimension as InstanceDimension, values.split(', '));
  }
  return parsed;
}
