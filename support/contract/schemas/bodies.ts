/**
 * Request bodies as the spec documents them (Register Webhook, Common product body fields, Create
 * Booking/Service Product, List Products query), as zod schemas with same-named types: the builders and
 * tests type what they send with them, and the OpenAPI document (support/report/openapi/document.ts) publishes
 * them as its request bodies and query parameters. Every field is optional: which are required is not shown.
 *
 * The schemas hold the forms the spec gives a field (an event name from the catalogue, `HH:MM`, a
 * `YYYY-MM-DD` date, a URL), and the sample's 32-character secret as an assumed reading. Those checks
 * are refinements that leave a field's type as it is (`events` stays `string[]`): the suite sends
 * names outside the catalogue on purpose, to see them refused. An integer is the spec's, of any size
 * (`Integer`), as in the responses: the suite's valid bodies hold small ones, but the document publishes
 * these schemas as the spec's request bodies, and the generated requests read from them which fields
 * are integers.
 */
import { z } from 'zod';
import { EventNames } from '../events.ts';
import type { ClauseId } from '../clauses.ts';
import { BilingualText, Integer } from './common.ts';

/** JSON Schema annotations of a field the suite reads rather than the spec states (see the README, "The OpenAPI contract"). */
const assumedBy = (...clauses: ClauseId[]) => ({
  'x-conformance-level': 'assumed',
  'x-conformance-clauses': clauses,
});

/** A name of the event catalogue (Events), still typed as a string; the JSON Schema lists the names. */
const EventNameText = z
  .string()
  .refine((name) => (EventNames as readonly string[]).includes(name), {
    error: (issue) => `expected an event name from the catalogue, got ${JSON.stringify(issue.input)}`,
  })
  .meta({ enum: [...EventNames], description: 'An event name from the catalogue (Events).' });

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const WebhookBody = z
  .object({
    name: z.string(),
    url: z.url().describe('Destination URL for notifications.'),
    method_type: z.string().describe('Delivery method; the value POST is used. Other allowed values: not shown.'),
    events: z
      .array(EventNameText)
      .describe('Event names from the catalogue; other webhooks may have them too (a reading).')
      .meta(assumedBy('webhook.shared-events')),
    secret: z
      .string()
      .min(32)
      .describe('Optional. The custom secret; the sample indicates a minimum length of 32 characters.')
      .meta(assumedBy('webhook.secret-min-length', 'register-webhook.validation')),
    status: Integer.describe('The value 1 is used for a webhook that is set on.'),
  })
  .partial()
  .meta({ description: 'Register Webhook and Update Webhook. Which fields are required: not shown.' });
export type WebhookBody = z.infer<typeof WebhookBody>;

/** `{ar, en}`: the same object as in responses. */
const Bilingual = BilingualText;
type Bilingual = BilingualText;

/** `{ar: {<label>: <price_delta>}, en: {<label>: <price_delta>}}`, each delta a number (0: no extra cost). */
export const PriceTable = z.object({ ar: z.record(z.string(), z.number()), en: z.record(z.string(), z.number()) });
export type PriceTable = z.infer<typeof PriceTable>;

export const ProductOption = z
  .object({
    type: z.string().describe('Values used: radio, checkbox, text. Complete set: not shown.'),
    title: Bilingual,
    subTitle: Bilingual,
    isRequired: z.boolean(),
    multiSelect: z.boolean().describe('true is used with checkbox, false with radio and text.'),
    options: PriceTable.nullable().describe('For radio and checkbox: the price table. For text: null.'),
  })
  .meta({ description: 'Product option (request element, `product_options`); `subTitle` may hold empty strings.' });
export type ProductOption = z.infer<typeof ProductOption>;

export const TimeWindow = z.object({
  start: z.string().regex(HH_MM).describe('HH:MM'),
  end: z.string().regex(HH_MM).describe('HH:MM'),
});
export type TimeWindow = z.infer<typeof TimeWindow>;

/** Keys are lowercase weekday names; each day an array of windows (a day may have several). */
export const Availability = z
  .partialRecord(z.enum(WEEKDAYS), z.array(TimeWindow))
  .meta({ description: 'Availability (booking products): weekday name to its windows.' });
export type Availability = z.infer<typeof Availability>;

const ids = z.array(Integer);

/** Common product body fields (booking and service). */
const CommonProductBody = z
  .object({
    name_ar: z.string(),
    name_en: z.string(),
    summery_ar: z.string().describe('Spelled exactly so.'),
    summery_en: z.string().describe('Spelled exactly so.'),
    description_ar: z.string().describe('HTML.'),
    description_en: z.string().describe('HTML.'),
    slug: z.string(),
    status_id: Integer,
    sale_price: z.number(),
    price: z.number(),
    sku: z.string(),
    image_id: Integer.describe('Id of an uploaded media item.'),
    product_gallery: ids.describe('Media ids; repeats occur in samples.'),
    brand_id: Integer,
    badge_id: Integer,
    category: ids.describe('Category ids.'),
    tags: z.array(z.string()).describe('Tag names; the response returns them as Tag objects.'),
    is_refundable: z.boolean(),
    policy_description: z.string(),
    video_source: z.string().describe('youtube is used. Other values: not shown.'),
    video_id: z.string().describe('Id of the video at the source.'),
    product_options: z.array(ProductOption),
    general_title: z.string(),
    general_description: z.string(),
    general_image: Integer.describe('Media id.'),
    facebook_title: z.string(),
    facebook_description: z.string(),
    facebook_image: Integer.describe('Media id.'),
    twitter_title: z.string(),
    twitter_description: z.string(),
    twitter_image: Integer.describe('Media id.'),
    related_products: ids.describe('Product ids.'),
  })
  .partial();
type CommonProductBody = z.infer<typeof CommonProductBody>;

/** Create Booking Product: the common fields plus these (the only operation that lists `min_purchase` and `max_purchase`). */
export const BookingProductBody = CommonProductBody.extend(
  z
    .object({
      sub_category: ids,
      child_category: ids,
      min_purchase: Integer,
      max_purchase: Integer,
      cost: z.number(),
      quantity: Integer,
      duration: Integer,
      duration_type: z.string().describe('h is used. Other values: not shown.'),
      availability: Availability,
      provider_required: z.boolean(),
      providers: ids.describe('Provider ids.'),
      is_enable_date_range: z.boolean(),
      is_enable_booking_same_date: z.boolean(),
      is_inventory_warning: z.boolean(),
    })
    .partial().shape,
).meta({ description: 'Create Booking Product: the common product fields plus these. Which are required: not shown.' });
export type BookingProductBody = z.infer<typeof BookingProductBody>;

/** Create Service Product, and the PATCH of Update Service Product: the common fields plus these. */
export const ServiceProductBody = CommonProductBody.extend(
  z
    .object({
      sub_category: ids,
      child_category: ids,
      release_date: z.iso.date().describe('Date YYYY-MM-DD.'),
      update_date: z.iso.date().describe('Date YYYY-MM-DD.'),
      preview_link: z.url(),
    })
    .partial().shape,
).meta({
  description:
    'Create Service Product, and Update Service Product (PATCH, the same fields): the common product fields plus these. Which are required, and whether omitted fields keep their values: not shown.',
});
export type ServiceProductBody = z.infer<typeof ServiceProductBody>;

/** List Products' query parameters; an array parameter is repeated (`tag_ids[]=1&tag_ids[]=2`). */
export const ListProductsQuery = z
  .object({
    page: Integer,
    per_page: Integer,
    search: z.string(),
    sku: z.string(),
    is_published: Integer.describe('Integer flag (1 is used).'),
    'tag_ids[]': ids,
    'brand_ids[]': ids,
    'category_ids[]': ids,
    min_price: z.number(),
    max_price: z.number(),
    date_from: z.iso.date(),
    date_to: z.iso.date(),
  })
  .partial();
/** A type alias (as z.infer gives it), so it is passed where a record of query values is expected. */
export type ListProductsQuery = z.infer<typeof ListProductsQuery>;
