/**
 * Fields the spec does not list, on every object the reference answers: none, or those of a store that
 * adds its own (`extra-fields`). A target may add any field, never a secret.
 */
import { randomUUID } from 'node:crypto';
import type { ExtraFields } from './choices.ts';

const none = () => ({});
export const noExtras: ExtraFields = {
  envelope: none,
  product: none,
  webhook: none,
  registeredEvent: none,
  catalogueEntry: none,
  pagination: none,
  tag: none,
  brand: none,
  category: none,
};

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const storeExtras: ExtraFields = {
  envelope: () => ({ meta: { request_id: randomUUID() } }),
  product: (product, { origin }) => {
    const slug = typeof product.extra.slug === 'string' ? product.extra.slug : slugOf(product.name.en);
    return { slug, currency: 'SAR', store_url: `${origin}/p/${product.id}`, rating_count: 0 };
  },
  webhook: (webhook) => ({ deliveries_count: webhook.deliveries }),
  registeredEvent: (event, { timestamp }) => ({ created_at: timestamp(event.created_at) }),
  catalogueEntry: (value) => ({ group: value.split('.')[0] }),
  pagination: ({ from, to, path }) => ({ from, to, path }),
  tag: (_id, name) => ({ slug: slugOf(name) }),
  brand: (brand) => ({ slug: slugOf(brand.name.en) }),
  category: (category) => ({ slug: `category-${category.id}`, level: category.level }),
};
