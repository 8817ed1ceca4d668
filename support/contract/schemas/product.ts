/**
 * Resources: Product (create/update and list shapes), Brand, Tag, Category, Pagination. Each resource
 * has its shape (the types the Resources table gives: what product.shape and list-products.item-shape
 * judge) and its full schema (the shape plus the forms the conventions fix: timestamps, absolute image
 * URLs, ratings null, identifier = id), built on it.
 */
import { z } from 'zod';
import { AbsoluteUrl, BilingualText, Integer, Timestamp } from './common.ts';

export const Tag = z.object({ id: Integer, tag_name: z.string() });
export type Tag = z.infer<typeof Tag>;

const BrandShape = z.object({
  id: Integer,
  title: z.string(),
  name: BilingualText,
  description: BilingualText,
  logo: z.string(),
  banner: z.string(),
});
export const Brand = BrandShape.extend({ logo: AbsoluteUrl, banner: AbsoluteUrl });
export type Brand = z.infer<typeof Brand>;

const CategoryShape = z.object({ id: Integer, name: BilingualText, description: BilingualText, image: z.string() });
export const Category = CategoryShape.extend({ image: AbsoluteUrl });
export type Category = z.infer<typeof Category>;

/** The Product fields of every response shape, with their types (product.shape). */
export const ProductShape = z.object({
  id: Integer,
  identifier: Integer,
  name: BilingualText,
  summary: BilingualText,
  description: BilingualText,
  type: z.string(),
  price: z.number(),
  sale_price: z.number(),
  is_refundable: z.boolean(),
  min_purchase: Integer,
  max_purchase: Integer.nullable(),
  image: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  brand: BrandShape.nullable(),
  tags: z.array(Tag),
  categories: z.array(CategoryShape),
});

/** The forms the conventions fix, over the shape. */
const productForms = {
  image: AbsoluteUrl,
  ratings: z.null(),
  created_at: Timestamp,
  updated_at: Timestamp,
  brand: Brand.nullable(),
  categories: z.array(Category),
};
/** `identifier` equals `id` in all responses (product.identifier-equals-id). */
const identifierIsId = (p: { id: number; identifier: number }) => p.id === p.identifier;
const identifierError = { error: 'identifier must equal id', path: ['identifier'] };

/** The Product of create and update responses: `type` is a code, `is_published` is present. */
export const Product = ProductShape.extend({
  ...productForms,
  type: z.enum(['booking', 'service']),
  is_published: z.boolean(),
}).refine(identifierIsId, identifierError);
export type Product = z.infer<typeof Product>;

/** A list item's shape (list-products.item-shape): the Product fields, a type label, and `sku`. */
export const ProductListItemShape = ProductShape.extend({ sku: z.string().nullable() });

/** A Product in the list: `type` is a localized label, `sku` is present (string or null). */
export const ProductListItem = ProductListItemShape.extend(productForms).refine(identifierIsId, identifierError);
export type ProductListItem = z.infer<typeof ProductListItem>;

export const Pagination = z.object({
  total: Integer.nonnegative(),
  current_page: Integer,
  last_page: Integer,
  per_page: Integer.positive(),
  next_page_url: z.string().nullable(),
  prev_page_url: z.string().nullable(),
});
export type Pagination = z.infer<typeof Pagination>;

/** List Products' `data`. */
export const ProductList = z.object({ products: z.array(ProductListItem), pagination: Pagination });
export type ProductList = z.infer<typeof ProductList>;
