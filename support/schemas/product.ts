/** Resources: Product (create/update and list shapes), Brand, Tag, Category. */
import { z } from 'zod';
import { ProductTypeLabels } from '../contract/events.ts';
import { AbsoluteUrl, BilingualText, Timestamp } from './common.ts';

export const Brand = z.object({
  id: z.int(),
  title: z.string(),
  name: BilingualText,
  description: BilingualText,
  logo: AbsoluteUrl,
  banner: AbsoluteUrl,
});
export type Brand = z.infer<typeof Brand>;

export const Tag = z.object({ id: z.int(), tag_name: z.string() });
export type Tag = z.infer<typeof Tag>;

export const Category = z.object({ id: z.int(), name: BilingualText, description: BilingualText, image: AbsoluteUrl });
export type Category = z.infer<typeof Category>;

const productFields = {
  id: z.int(),
  identifier: z.int(),
  name: BilingualText,
  summary: BilingualText,
  description: BilingualText,
  price: z.number(),
  sale_price: z.number(),
  is_refundable: z.boolean(),
  min_purchase: z.int(),
  max_purchase: z.int().nullable(),
  image: AbsoluteUrl,
  ratings: z.null(),
  created_at: Timestamp,
  updated_at: Timestamp,
  brand: Brand.nullable(),
  tags: z.array(Tag),
  categories: z.array(Category),
};

/** `identifier` equals `id` in all responses. */
const identifierIsId = (p: { id: number; identifier: number }) => p.id === p.identifier;
const identifierError = { error: 'identifier must equal id', path: ['identifier'] };

/**
 * The fields of a create/update Product without the cross-field rule, so a check can `.pick()` the
 * fields it is about and stay green when some other field deviates (zod refuses to pick from a refined object).
 */
export const ProductFields = z.object({
  ...productFields,
  type: z.enum(['booking', 'service']),
  is_published: z.boolean(),
});

/** The Product of create and update responses: `type` is a code, `is_published` is present. */
export const Product = ProductFields.refine(identifierIsId, identifierError);
export type Product = z.infer<typeof Product>;

/** A Product in the list: `type` is a localized label, `sku` is present (string or null). */
export const ProductListItem = z
  .object({
    ...productFields,
    type: z.enum(Object.values(ProductTypeLabels) as [string, ...string[]]),
    sku: z.string().nullable(),
  })
  .refine(identifierIsId, identifierError);
export type ProductListItem = z.infer<typeof ProductListItem>;

export const Pagination = z.object({
  total: z.int().nonnegative(),
  current_page: z.int(),
  last_page: z.int(),
  per_page: z.int().positive(),
  next_page_url: z.string().nullable(),
  prev_page_url: z.string().nullable(),
});
export type Pagination = z.infer<typeof Pagination>;

export const ProductList = z.object({ products: z.array(ProductListItem), pagination: Pagination });
export type ProductList = z.infer<typeof ProductList>;
