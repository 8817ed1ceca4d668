/**
 * The spec's words that leave the reference's choices open, each quoted exactly from spec/store-api.md
 * (selftest/reference-choices.spec.ts checks every quote is in it).
 */
export const SpecWords = {
  identifier: '`{identifier}` is the integer id of the webhook or product.',
  listOpen: 'Default page size, which date the date filters apply to, and how filters combine: not shown.',
  maxPerPage: 'Maximum `per_page`: not shown.',
  pagination:
    'The `total` in pagination counts all matching products and `last_page` the number of pages at `per_page`.',
  listData: 'Response 200: the envelope, `data` = `{products: array of Product (list shape), pagination: Pagination}`.',
  listToken: 'Whether List Products requires the token: not shown.',
  typeLabels:
    'In the product list the type is a localized label: `مادي` (physical), `رقمي` (digital), `حجز` (booking), `خدمة` (service).',
  languages: '`Accept-Language` is sent on every request. Allowed values: not shown.',
  envelope:
    'Success responses are an object: `status` (string, `success`), `message` (string, human-readable), `data` (object or array).',
  errorShape: 'Shape of an error body: not shown.',
  conditions422: 'Error codes, field-level messages and the conditions that give 422: not shown.',
  otherStatuses: 'Statuses for authentication failure, missing resources and other cases: not shown.',
  sizeLimits: 'Size limits for media, galleries, tags and option lists: not shown.',
  productRequired: 'Which body fields are required: not shown.',
  patchOmitted: 'Which body fields are required, and whether omitted fields keep their values: not shown.',
  subCategory: '| sub_category | array of integer | |',
  childCategory: '| child_category | array of integer | |',
  tagNames: '| tags | array of string | Tag names; the response returns them as Tag objects. |',
  slug: '| slug | string | |',
  sku: '| sku | string | |',
  dateRange: '| is_enable_date_range | boolean | |',
  money: '| sale_price, price | number | |',
  minPurchase: '| min_purchase | integer | |',
  maxPurchase: '| max_purchase | integer | |',
  releaseDate: '| release_date | string | Date `YYYY-MM-DD`. |',
  updateDate: '| update_date | string | Date `YYYY-MM-DD`. |',
  windows:
    'Each value is an array of windows `{start: string "HH:MM", end: string "HH:MM"}`. A day may have several windows.',
  providerRequired: '| provider_required | boolean | |',
  providers: '| providers | array of integer | Provider ids. |',
  videoSource: '| video_source | string | `youtube` is used. Other values: not shown. |',
  videoId: '| video_id | string | Id of the video at the source. |',
  methodType: 'HTTP method used for delivery; the value POST is used. Other allowed values: not shown.',
  webhookStatus: '1 appears. Meaning of any other value: not shown.',
  eventNames: '| events | array of string | Event names from the catalogue. |',
  webhookRequired: 'Which body fields are required on register and update: not shown.',
  destination: 'Destination URL for notifications.',
  updateBody: 'Body: the same fields as in registration (`name`, `url`, `method_type`, `status`, `events`, `secret`).',
  refreshSecret: 'The Refresh Secret operation exists; its details: not shown.',
  secret: 'Optional. The custom secret; the sample indicates a minimum length of 32 characters.',
  secretOmitted: "When it is omitted, how the secret is produced: stated nowhere in the interface's sample.",
  delivery: 'Delivery request headers, signature computation and retry behaviour: not shown.',
  rateLimits: 'Rate limits: not shown.',
} as const;

export type SpecWord = (typeof SpecWords)[keyof typeof SpecWords];
