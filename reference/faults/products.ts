import type { FaultDefinition } from './definition.ts';

export const productFaults = {
  // --- status and type --------------------------------------------------------------------------
  'create-booking-200': {
    clause: 'create-booking.created',
    description: 'Create Booking Product answers 200 instead of 201.',
  },
  'create-booking-type-service': {
    clause: 'create-booking.created',
    description:
      'Create Booking Product answers with `type` = `service` (its answer is built by the service resource class).',
  },
  'create-service-200': {
    clause: 'create-service.created',
    description: 'Create Service Product answers 200 instead of 201.',
  },
  'create-service-type-booking': {
    clause: 'create-service.created',
    description: 'Create Service Product answers with `type` = `booking`.',
  },
  'update-service-201': {
    clause: 'update-service.ok',
    description: 'Update Service Product answers 201 instead of 200.',
  },
  'update-service-type-booking': {
    clause: 'update-service.ok',
    description:
      'Update Service Product answers with `type` = `booking` (its answer is built by the booking resource class).',
  },

  // --- the Product a create or update answers with ----------------------------------------------
  'product-identifier-off-by-one': {
    clause: 'product.identifier-equals-id',
    description: '`identifier` is rendered as `id + 1`.',
  },
  'product-name-languages-swapped': {
    clause: 'product.bilingual-mapping',
    description: '`name_ar` is stored as `name.en` and `name_en` as `name.ar`.',
  },
  'product-summary-misspelled': {
    clause: 'product.bilingual-mapping',
    description:
      'The summary is read from `summary_ar`/`summary_en` instead of `summery_ar`/`summery_en`, so it stays empty.',
  },
  'product-description-languages-swapped': {
    clause: 'product.bilingual-mapping',
    description: '`description_ar` is stored as `description.en` and `description_en` as `description.ar`.',
  },
  'product-description-en-in-both': {
    clause: 'product.bilingual-mapping',
    description: '`description_en` is stored in both `description.ar` and `description.en` (a single-language column).',
  },
  'update-service-summary-swapped': {
    clause: 'product.bilingual-mapping',
    description:
      'Update Service Product stores `summery_ar` as `summary.en` and `summery_en` as `summary.ar` (create maps them right).',
  },
  'product-sale-price-null-when-omitted': {
    clause: 'product.shape',
    description:
      'A product created without `sale_price` answers `sale_price: null` (a nullable column), where the Product resource gives a number.',
  },
  'product-description-html-stripped': {
    clause: 'product.description-html',
    description: 'HTML tags are stripped from `description_*`.',
  },
  'product-price-rounded': {
    clause: 'product.echo',
    description: '`price` is stored in an integer column: 49.95 comes back as 50.',
  },
  'product-sale-price-is-price': { clause: 'product.echo', description: '`sale_price` is rendered from `price`.' },
  'product-refundable-dropped': {
    clause: 'product.echo',
    description: '`is_refundable` is not stored: every product says false.',
  },
  'product-refundable-or-true': {
    clause: 'product.echo',
    description: '`is_refundable` defaults with `|| true`, so false comes back true.',
  },
  'product-min-purchase-ignored': {
    clause: 'product.echo',
    description: '`min_purchase` is not stored: every product says 1.',
  },
  'product-max-purchase-null': { clause: 'product.echo', description: '`max_purchase` is rendered as null.' },
  'product-is-published-flag': {
    clause: 'product.is-published',
    description: '`is_published` is rendered as the integer flag 1, not a boolean.',
  },
  'product-ratings-zero': { clause: 'product.ratings-null', description: '`ratings` is 0 instead of null.' },
  'list-item-is-published': {
    clause: 'product.is-published',
    description: 'List items carry `is_published` too (one renderer for every shape).',
  },
  'product-sku-in-answer': {
    clause: 'product.sku-list-only',
    description: 'Create and update answers carry `sku` too (one renderer for every shape).',
  },
  'product-price-string': {
    clause: 'product.shape',
    description: '`price` is rendered as the decimal string of its column ("49.90"), not a number.',
  },
  'product-description-flat': {
    clause: 'conventions.bilingual',
    description: '`description` is rendered as one string (the English one) instead of `{ar, en}`.',
  },
  'product-created-at-date-only': {
    clause: 'conventions.timestamps',
    description: '`created_at` is rendered as `YYYY-MM-DD`, without the time.',
  },
  'product-tags-as-names': {
    clause: 'product.tags-as-objects',
    description: '`tags` comes back as the names sent, not as Tag objects.',
  },
  'product-categories-first-only': {
    clause: 'product.categories',
    description: 'Only the first id of `category` is stored.',
  },
  'product-brand-null': {
    clause: 'product.brand',
    description: '`brand` is always null (the brand is looked up under the wrong key).',
  },
  'product-image-relative': {
    clause: 'conventions.image-absolute-url',
    description: '`image` is a path (`/media/101.jpg`), not an absolute URL.',
  },
  'product-no-image-null': {
    clause: 'conventions.image-placeholder',
    description: 'A product without image answers `image: null` instead of the placeholder URL.',
  },
  'product-placeholder-relative': {
    clause: 'conventions.image-placeholder',
    description: 'The placeholder image of a product without image is a path, not an absolute URL.',
  },

  // --- bodies the spec shows, rejected --------------------------------------------------------------
  'booking-availability-single-window': {
    clause: 'availability.several-windows',
    description: 'Create Booking Product rejects a day with more than one availability window.',
  },
  'product-option-text-needs-table': {
    clause: 'product-option.text-null',
    description: 'A `text` option whose `options` is null is rejected (every option must have a price table).',
  },
  'product-option-empty-subtitle-rejected': {
    clause: 'product-option.empty-subtitle',
    description: 'An option whose `subTitle` has empty strings is rejected.',
  },
  'product-gallery-repeats-rejected': {
    clause: 'product.gallery-repeats',
    description: 'A `product_gallery` that repeats a media id is rejected.',
  },

  'product-image-required': {
    clause: 'product.image-optional',
    description: 'A product body without `image_id` is refused with 422 (the column is NOT NULL).',
  },

  // --- invalid bodies, accepted ---------------------------------------------------------------------
  'product-option-null-table-accepted': {
    clause: 'product-option.table-required',
    description: 'A `radio` or `checkbox` option with `options` null is accepted.',
  },
  'booking-types-unchecked': {
    clause: 'create-booking.validation',
    description:
      'Create Booking Product only checks that the body is an object: field types and formats are not validated.',
  },
  'booking-availability-hour-unpadded': {
    clause: 'create-booking.validation',
    description: 'Availability times are matched with `\\d{1,2}:\\d{2}`, so "9:00" is accepted.',
  },
  'booking-availability-any-weekday': {
    clause: 'create-booking.validation',
    description: 'Availability keys are not checked: "funday" is accepted.',
  },
  'service-types-unchecked': {
    clause: 'create-service.validation',
    description:
      'Create Service Product only checks that the body is an object: field types and formats are not validated.',
  },
  'service-date-parse-500': {
    clause: 'create-service.validation',
    description:
      '`release_date`/`update_date` are parsed with `new Date(...)`: a date it cannot read throws and answers 500, one it can ("2026-1-5") is accepted.',
  },
  'service-preview-link-unchecked': {
    clause: 'create-service.validation',
    description: '`preview_link` is any string, not a URL.',
  },
  'update-service-types-unchecked': {
    clause: 'update-service.validation',
    description:
      'Update Service Product only checks that the body is an object: field types and formats are not validated.',
  },

  // --- Update Service Product -----------------------------------------------------------------------
  'update-service-new-id': {
    clause: 'update-service.returns-updated',
    description: 'PATCH saves a copy under a new id and answers with the copy.',
  },
  'update-service-price-ignored': {
    clause: 'update-service.applies-changes',
    description: 'PATCH does not apply `price` and `sale_price`.',
  },
  'update-service-tags-appended': {
    clause: 'update-service.applies-changes',
    description: 'PATCH adds the tags sent to the old ones instead of replacing them.',
  },
  'update-service-references-ignored': {
    clause: 'update-service.applies-changes',
    description: 'PATCH does not apply `brand_id` and `category`.',
  },
  'update-service-updated-at-behind': {
    clause: 'update-service.applies-changes',
    description: 'PATCH writes `updated_at` in server local time (UTC-3), so it reads earlier than `created_at`.',
  },
  'update-service-omitted-cleared': {
    clause: 'update-service.omitted-kept',
    description: 'PATCH behaves as PUT: fields not sent are reset to empty.',
  },
  'update-service-unknown-id-creates': {
    clause: 'update-service.unknown-id',
    description: 'PATCH on an unknown id creates a new service product and answers 200 (an upsert).',
  },
} as const satisfies Record<string, FaultDefinition>;
