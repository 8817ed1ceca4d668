/**
 * Request bodies as the spec documents them (Register Webhook, Common product body fields, Create
 * Booking/Service Product, List Products query). Every field is optional: which are required is not shown.
 */

export interface WebhookBody {
  name?: string;
  url?: string;
  method_type?: string;
  /** Event names from the catalogue (any string, so tests can send names that are not). */
  events?: string[];
  secret?: string;
  status?: number;
}

export interface Bilingual {
  ar: string;
  en: string;
}

export interface ProductOption {
  type: string;
  title: Bilingual;
  subTitle: Bilingual;
  isRequired: boolean;
  multiSelect: boolean;
  options: { ar: Record<string, number>; en: Record<string, number> } | null;
}

export interface TimeWindow {
  start: string;
  end: string;
}

export interface CommonProductBody {
  name_ar?: string;
  name_en?: string;
  summery_ar?: string;
  summery_en?: string;
  description_ar?: string;
  description_en?: string;
  slug?: string;
  status_id?: number;
  sale_price?: number;
  price?: number;
  sku?: string;
  image_id?: number;
  product_gallery?: number[];
  brand_id?: number;
  badge_id?: number;
  category?: number[];
  tags?: string[];
  is_refundable?: boolean;
  policy_description?: string;
  video_source?: string;
  video_id?: string;
  product_options?: ProductOption[];
  general_title?: string;
  general_description?: string;
  general_image?: number;
  facebook_title?: string;
  facebook_description?: string;
  facebook_image?: number;
  twitter_title?: string;
  twitter_description?: string;
  twitter_image?: number;
  related_products?: number[];
}

/** Create Booking Product: the common fields plus these (the only operation that lists `min_purchase` and `max_purchase`). */
export interface BookingProductBody extends CommonProductBody {
  sub_category?: number[];
  child_category?: number[];
  min_purchase?: number;
  max_purchase?: number;
  cost?: number;
  quantity?: number;
  duration?: number;
  duration_type?: string;
  availability?: Partial<Record<string, TimeWindow[]>>;
  provider_required?: boolean;
  providers?: number[];
  is_enable_date_range?: boolean;
  is_enable_booking_same_date?: boolean;
  is_inventory_warning?: boolean;
}

/** Create Service Product, and the PATCH of Update Service Product: the common fields plus these. */
export interface ServiceProductBody extends CommonProductBody {
  sub_category?: number[];
  child_category?: number[];
  release_date?: string;
  update_date?: string;
  preview_link?: string;
}

/** A type, not an interface: it is passed where a record of query values is expected. */
export type ListProductsQuery = {
  page?: number;
  per_page?: number;
  search?: string;
  sku?: string;
  is_published?: number;
  'tag_ids[]'?: number[];
  'brand_ids[]'?: number[];
  'category_ids[]'?: number[];
  min_price?: number;
  max_price?: number;
  date_from?: string;
  date_to?: string;
};
