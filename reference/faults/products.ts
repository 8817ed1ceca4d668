/** Faults of the product operations: what they store, how they render a product, which bodies they take. */
import type { OperationId } from '../../support/contract/operations.ts';
import { formatDate } from '../format.ts';
import type { AnswerContext, Bend, HookContext, ListFilter, ProductWrite } from '../hooks.ts';
import { blankProduct, type ProductRecord } from '../store.ts';
import { needsPriceTable, type ProductBody } from '../product-bodies.ts';
import { HH_MM, isHttpUrl, isIsoDate, isWeekday, type Validated } from '../validation.ts';
import { inArabic } from './conventions.ts';
import { isRecord, successData, successStatus, type FaultDefinition } from './definition.ts';

type WriteContext = HookContext<'productWrite'>;
type ValidationContext = HookContext<'validation'>;

const CREATES: readonly OperationId[] = ['createBookingProduct', 'createServiceProduct'];
const PRODUCT_OPERATIONS: readonly OperationId[] = [...CREATES, 'updateServiceProduct'];
const SERVICE_BODIES: readonly OperationId[] = ['createServiceProduct', 'updateServiceProduct'];

/** An hour without its leading zero ("9:00"), and the same padded. */
const H_MM = /^\d{1,2}:[0-5]\d$/;
const padHour = (time: unknown) => (typeof time === 'string' && H_MM.test(time) ? time.padStart(5, '0') : time);

/** The update faults' "local time": a server clock three hours behind UTC. */
const LOCAL_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The body a product is written with, changed by `map` where `when` holds. */
const writtenBody = (
  map: (body: ProductBody, write: ProductWrite, context: WriteContext) => ProductBody,
  when: (body: ProductBody, context: WriteContext) => boolean = () => true,
): Bend<'productWrite'> => ({
  when: (write, context) => when(write.body, context),
  bend: (write, context) => ({ ...write, body: map(write.body, write, context) }),
});

const updating = (context: { operation: OperationId }) => context.operation === 'updateServiceProduct';

/** A product render changed by `map` where `when` holds. */
const rendered = (
  map: (product: Readonly<Record<string, unknown>>, context: HookContext<'product'>) => Record<string, unknown>,
  when: (context: HookContext<'product'>) => boolean = () => true,
): Bend<'product'> => ({ when: (_, context) => when(context), bend: map });

const path = (url: unknown) => (typeof url === 'string' ? new URL(url).pathname : url);

/** The option objects a body sends. */
const optionsOf = (sent: unknown): Record<string, unknown>[] =>
  isRecord(sent) && Array.isArray(sent.product_options) ? sent.product_options.filter(isRecord) : [];

/** The availability a body sends, as days of windows. */
const availabilityOf = (sent: unknown): Record<string, unknown> =>
  isRecord(sent) && isRecord(sent.availability) ? sent.availability : {};

const windowTimes = (sent: unknown): string[] =>
  Object.values(availabilityOf(sent)).flatMap((windows) =>
    Array.isArray(windows)
      ? windows.filter(isRecord).flatMap((w) => [w.start, w.end].filter((t): t is string => typeof t === 'string'))
      : [],
  );

/** A body refused for one more reason, where `refused` names the field and says why. */
const refusedWhen = (
  operations: readonly OperationId[],
  refused: (sent: unknown, validated: Validated<unknown>) => Record<string, string[]> | undefined,
): Bend<'validation'> => ({
  when: (validated, { operation, sent }) => operations.includes(operation) && refused(sent, validated) !== undefined,
  bend: (validated, { sent }) => ({ ...validated, fields: { ...validated.fields, ...refused(sent, validated) } }),
});

/**
 * A body taken though one part of it is invalid, when the rest is valid: validated with that part made
 * valid (`fix`), then kept as sent (`restore`).
 */
const takenDespite = (
  operations: readonly OperationId[],
  invalidPart: (sent: unknown) => boolean,
  fix: (sent: Record<string, unknown>) => Record<string, unknown>,
  restore: (body: Record<string, unknown>, sent: Record<string, unknown>) => Record<string, unknown> = (b) => b,
): Bend<'validation'> => ({
  when: (_, { operation, sent }) => operations.includes(operation) && invalidPart(sent),
  bend: (validated, { sent, validate }: ValidationContext) => {
    const fixed = validate(fix(sent as Record<string, unknown>));
    const taken = fixed.body !== undefined && Object.keys(fixed.fields).length === 0;
    return taken
      ? { ...fixed, body: restore(fixed.body as Record<string, unknown>, sent as Record<string, unknown>) }
      : validated;
  },
});

/** Any JSON object taken as it is, without looking at its fields. */
const typesUnchecked = (operation: OperationId): Bend<'validation'> => ({
  when: (validated, context) =>
    context.operation === operation &&
    (validated.body === undefined || Object.keys(validated.fields).length > 0) &&
    isRecord(context.sent),
  bend: (_, { sent }) => ({ body: sent, fields: {} }),
});

/** The success `data` of the product operations' answers under Arabic, changed by `map`. */
const productAnswerInArabic = (map: (data: Record<string, unknown>) => Record<string, unknown>): Bend<'answer'>[] =>
  PRODUCT_OPERATIONS.map((operation) => successData(operation, map, (_, context) => inArabic(context)));

/** Western digits written as Arabic-Indic ones (٠ to ٩). */
const arabicDigits = (text: unknown) =>
  typeof text === 'string' ? text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))) : text;

// A product's life: what an update knows of the product it changes, and what a fault keeps of it.

/** The product was written since it was created: an update of it is its second or a later one. */
const updatedBefore = (product: ProductRecord) => product.updated_at.getTime() > product.created_at.getTime();

/** An update that sends no name: a field group alone (its tags, its dates, its prices), not the product whole. */
const sendsNoName = (body: ProductBody) => body.name_ar === undefined && body.name_en === undefined;

/**
 * What a fault of a product's life remembers of a product record, kept beside it: a fault's own state,
 * filled by its bends (so a traced run, which applies none, fills none), and gone with the record.
 */
const remembered = <T>() => new WeakMap<ProductRecord, T>();

/** The record an update's answer is about. */
const recordOf = (data: Record<string, unknown>, { store }: AnswerContext) =>
  typeof data.id === 'number' ? store.products.get(data.id) : undefined;

/** Each filter of `param` given a `keep` of its own. */
const rekept = (filters: readonly ListFilter[], param: string, keep: (filter: ListFilter) => ListFilter['keep']) =>
  filters.map((f) => (f.param === param ? { ...f, keep: keep(f) } : f));

// What the faults of a life remember, each its own.
const revised = new WeakSet<ProductRecord>();
const listedAsFirstUpdateLeftIt = remembered<ProductRecord>();
const tagsAsLastSaved = remembered<readonly number[]>();
const priceAsLastSaved = remembered<number>();
const asCreated = remembered<ProductRecord>();

export const productFaults = {
  // --- status and type --------------------------------------------------------------------------
  'create-booking-200': {
    clause: 'create-booking.created',
    description: 'Create Booking Product answers 200 instead of 201.',
    bends: { answer: successStatus('createBookingProduct', 200) },
  },
  'create-booking-type-service': {
    clause: 'create-booking.created',
    description:
      'Create Booking Product answers with `type` = `service` (its answer is built by the service resource class).',
    bends: { answer: successData('createBookingProduct', (product) => ({ ...product, type: 'service' })) },
  },
  'create-service-200': {
    clause: 'create-service.created',
    description: 'Create Service Product answers 200 instead of 201.',
    bends: { answer: successStatus('createServiceProduct', 200) },
  },
  'create-service-type-booking': {
    clause: 'create-service.created',
    description: 'Create Service Product answers with `type` = `booking`.',
    bends: {
      product: rendered(
        (product, { shape, typeLabel }) => ({ ...product, type: shape === 'list' ? typeLabel('booking') : 'booking' }),
        ({ product }) => product.type === 'service',
      ),
    },
  },
  'update-service-201': {
    clause: 'update-service.ok',
    description: 'Update Service Product answers 201 instead of 200.',
    bends: { answer: successStatus('updateServiceProduct', 201) },
  },
  'update-service-type-booking': {
    clause: 'update-service.ok',
    description:
      'Update Service Product answers with `type` = `booking` (its answer is built by the booking resource class).',
    bends: { answer: successData('updateServiceProduct', (product) => ({ ...product, type: 'booking' })) },
  },

  // --- the Product a create or update answers with ----------------------------------------------
  'product-identifier-off-by-one': {
    clause: 'product.identifier-equals-id',
    description: '`identifier` is rendered as `id + 1`.',
    bends: { product: rendered((product, { product: record }) => ({ ...product, identifier: record.id + 1 })) },
  },
  'product-name-languages-swapped': {
    clause: 'product.bilingual-mapping',
    description: '`name_ar` is stored as `name.en` and `name_en` as `name.ar`.',
    bends: { productWrite: writtenBody((body) => ({ ...body, name_ar: body.name_en, name_en: body.name_ar })) },
  },
  'product-summary-misspelled': {
    clause: 'product.bilingual-mapping',
    description:
      'The summary is read from `summary_ar`/`summary_en` instead of `summery_ar`/`summery_en`, so it stays empty.',
    bends: {
      productWrite: writtenBody((body) => {
        // The request spells it `summery_*`; the fault reads the dictionary spelling, which never comes.
        const raw = body as Record<string, unknown>;
        return {
          ...body,
          summery_ar: raw.summary_ar as string | undefined,
          summery_en: raw.summary_en as string | undefined,
        };
      }),
    },
  },
  'product-description-languages-swapped': {
    clause: 'product.bilingual-mapping',
    description: '`description_ar` is stored as `description.en` and `description_en` as `description.ar`.',
    bends: {
      productWrite: writtenBody((body) => ({
        ...body,
        description_ar: body.description_en,
        description_en: body.description_ar,
      })),
    },
  },
  'product-description-en-in-both': {
    clause: 'product.bilingual-mapping',
    description: '`description_en` is stored in both `description.ar` and `description.en` (a single-language column).',
    bends: { productWrite: writtenBody((body) => ({ ...body, description_ar: body.description_en })) },
  },
  'update-service-summary-swapped': {
    clause: 'product.bilingual-mapping',
    description:
      'Update Service Product stores `summery_ar` as `summary.en` and `summery_en` as `summary.ar` (create maps them right).',
    bends: {
      productWrite: writtenBody(
        (body) => ({ ...body, summery_ar: body.summery_en, summery_en: body.summery_ar }),
        (_, context) => updating(context),
      ),
    },
  },
  'product-sale-price-null-when-omitted': {
    clause: 'product.shape',
    description:
      'A product created without `sale_price` answers `sale_price: null` (a nullable column), where the Product resource gives a number.',
    bends: {
      productWrite: writtenBody(
        // A nullable column read back empty: JSON has no NaN, so the answer says null.
        (body) => ({ ...body, sale_price: Number.NaN }),
        (body, context) => !updating(context) && body.sale_price === undefined,
      ),
    },
  },
  'product-description-html-stripped': {
    clause: 'product.description-html',
    description: 'HTML tags are stripped from `description_*`.',
    bends: {
      productWrite: writtenBody(
        (body) => {
          const strip = (html: string | undefined) => html?.replace(/<[^>]*>/g, '');
          return { ...body, description_ar: strip(body.description_ar), description_en: strip(body.description_en) };
        },
        (body) => body.description_ar !== undefined || body.description_en !== undefined,
      ),
    },
  },
  'product-price-rounded': {
    clause: 'product.echo',
    description: '`price` is stored in an integer column: 49.95 comes back as 50.',
    bends: {
      productWrite: writtenBody(
        (body) => ({ ...body, price: Math.round(body.price ?? 0) }),
        (body) => body.price !== undefined,
      ),
    },
  },
  'product-sale-price-is-price': {
    clause: 'product.echo',
    description: '`sale_price` is rendered from `price`.',
    bends: { product: rendered((product, { product: record }) => ({ ...product, sale_price: record.price })) },
  },
  'product-refundable-dropped': {
    clause: 'product.echo',
    description: '`is_refundable` is not stored: every product says false.',
    bends: {
      productWrite: writtenBody(
        (body) => ({ ...body, is_refundable: undefined }),
        (body) => body.is_refundable !== undefined,
      ),
    },
  },
  'product-refundable-or-true': {
    clause: 'product.echo',
    description: '`is_refundable` defaults with `|| true`, so false comes back true.',
    bends: { productWrite: writtenBody((body) => ({ ...body, is_refundable: body.is_refundable || true })) },
  },
  'product-min-purchase-ignored': {
    clause: 'product.echo',
    description: '`min_purchase` is not stored: every product says 1.',
    bends: {
      productWrite: writtenBody(
        (body) => ({ ...body, min_purchase: undefined }),
        (body) => body.min_purchase !== undefined,
      ),
    },
  },
  'product-max-purchase-null': {
    clause: 'product.echo',
    description: '`max_purchase` is rendered as null.',
    bends: { product: rendered((product) => ({ ...product, max_purchase: null })) },
  },
  'product-is-published-flag': {
    clause: 'product.is-published',
    description: '`is_published` is rendered as the integer flag 1, not a boolean.',
    bends: {
      // A database flag column (tinyint) rendered as is: 1 instead of true.
      product: rendered(
        (product, { product: record }) => ({ ...product, is_published: Number(record.is_published) }),
        ({ shape }) => shape === 'detail',
      ),
    },
  },
  'product-unpublished-is-published-null': {
    clause: 'product.is-published',
    description:
      'A product that is not published answers `is_published: null` (the flag read from a nullable `published_at`), not false.',
    bends: {
      product: rendered(
        (product) => ({ ...product, is_published: null }),
        ({ product, shape }) => shape === 'detail' && !product.is_published,
      ),
    },
  },
  'product-ratings-zero': {
    clause: 'product.ratings-null',
    description: '`ratings` is 0 instead of null.',
    bends: { product: rendered((product) => ({ ...product, ratings: 0 })) },
  },
  'list-item-is-published': {
    clause: 'product.is-published',
    description: 'List items carry `is_published` too (one renderer for every shape).',
    bends: {
      product: rendered(
        (product, { product: record }) => ({ ...product, is_published: record.is_published }),
        ({ shape }) => shape === 'list',
      ),
    },
  },
  'product-sku-in-answer': {
    clause: 'product.sku-list-only',
    description: 'Create and update answers carry `sku` too (one renderer for every shape).',
    bends: {
      product: rendered(
        (product, { product: record }) => ({ ...product, sku: record.sku }),
        ({ shape }) => shape === 'detail',
      ),
    },
  },
  'product-price-string': {
    clause: 'product.shape',
    description: '`price` is rendered as the decimal string of its column ("49.90"), not a number.',
    bends: { product: rendered((product, { product: record }) => ({ ...product, price: record.price.toFixed(2) })) },
  },
  'product-description-flat': {
    clause: 'conventions.bilingual',
    description: '`description` is rendered as one string (the English one) instead of `{ar, en}`.',
    bends: {
      product: rendered((product, { product: record }) => ({ ...product, description: record.description.en })),
    },
  },
  'product-created-at-date-only': {
    clause: 'conventions.timestamps',
    description: '`created_at` is rendered as `YYYY-MM-DD`, without the time.',
    bends: {
      product: rendered((product, { product: record }) => ({ ...product, created_at: formatDate(record.created_at) })),
    },
  },
  'product-tags-as-names': {
    clause: 'product.tags-as-objects',
    description: '`tags` comes back as the names sent, not as Tag objects.',
    bends: {
      product: rendered(
        (product) => ({ ...product, tags: (product.tags as { tag_name: string }[]).map((tag) => tag.tag_name) }),
        ({ product }) => product.tag_ids.length > 0,
      ),
    },
  },
  'update-service-tags-as-names': {
    clause: 'product.tags-as-objects',
    description:
      'Update Service Product answers `tags` as the names of its tags, not as Tag objects (its resource plucks the names); the create answers give Tag objects.',
    bends: {
      answer: successData(
        'updateServiceProduct',
        (product) => ({ ...product, tags: (product.tags as { tag_name: string }[]).map((tag) => tag.tag_name) }),
        (product) => Array.isArray(product.tags) && product.tags.length > 0,
      ),
    },
  },
  'product-single-tag-as-object': {
    clause: 'product.tags-as-objects',
    description:
      'A product of one tag answers `tags` as that Tag object itself, not an array of one (a serializer that unwraps a collection of one).',
    bends: {
      product: rendered(
        (product) => ({ ...product, tags: (product.tags as unknown[])[0] }),
        ({ product, shape }) => shape === 'detail' && product.tag_ids.length === 1,
      ),
    },
  },
  'product-categories-first-only': {
    clause: 'product.categories',
    description: 'Only the first id of `category` is stored.',
    bends: {
      productWrite: writtenBody(
        (body) => ({ ...body, category: [...new Set(body.category)].slice(0, 1) }),
        (body) => body.category !== undefined,
      ),
    },
  },
  'product-brand-null': {
    clause: 'product.brand',
    description: '`brand` is always null (the brand is looked up under the wrong key).',
    bends: {
      product: rendered(
        (product) => ({ ...product, brand: null }),
        ({ product }) => product.brand_id !== null,
      ),
    },
  },
  'product-image-relative': {
    clause: 'conventions.image-absolute-url',
    description: '`image` is a path (`/media/101.jpg`), not an absolute URL.',
    bends: {
      product: rendered(
        (product) => ({ ...product, image: path(product.image) }),
        ({ product }) => product.image_id !== null,
      ),
    },
  },
  'product-image-given-placeholder': {
    clause: 'product.image-given',
    description:
      'A product created with an image answers the placeholder all the same (the image is stored, but the answer reads an image relation it never loaded).',
    bends: {
      product: rendered(
        (product) => ({
          ...product,
          image: String(product.image).replace(/\/media\/[^/]+$/, '/media/placeholder.png'),
        }),
        ({ product }) => product.image_id !== null,
      ),
    },
  },
  'product-no-image-null': {
    clause: 'conventions.image-placeholder',
    description: 'A product without image answers `image: null` instead of the placeholder URL.',
    bends: {
      product: rendered(
        (product) => ({ ...product, image: null }),
        ({ product }) => product.image_id === null,
      ),
    },
  },
  'product-placeholder-relative': {
    clause: 'conventions.image-placeholder',
    description: 'The placeholder image of a product without image is a path, not an absolute URL.',
    bends: {
      product: rendered(
        (product) => ({ ...product, image: path(product.image) }),
        ({ product }) => product.image_id === null,
      ),
    },
  },

  // --- the conventions of a Product answer, under Accept-Language: ar ------------------------------
  'product-timestamps-arabic-digits': {
    clause: 'conventions.timestamps',
    description:
      'Under `Accept-Language: ar` the product answers write their timestamps with the locale-aware formatter, in Arabic-Indic digits (٢٠٢٦-٠١-٠٢ ٠٣:٠٤:٠٥).',
    bends: {
      answer: productAnswerInArabic((product) => ({
        ...product,
        created_at: arabicDigits(product.created_at),
        updated_at: arabicDigits(product.updated_at),
      })),
    },
  },
  'product-texts-in-requested-language': {
    clause: 'conventions.bilingual',
    description:
      'Under `Accept-Language: ar` the product answers give `name`, `summary` and `description` as the Arabic text alone, not `{ar, en}` (translatable attributes cast to the request locale).',
    bends: {
      answer: productAnswerInArabic((product) => {
        const arabic = (text: unknown) => (isRecord(text) ? text.ar : text);
        return {
          ...product,
          name: arabic(product.name),
          summary: arabic(product.summary),
          description: arabic(product.description),
        };
      }),
    },
  },
  'product-image-localized-path': {
    clause: 'conventions.image-absolute-url',
    description:
      'Under `Accept-Language: ar` the product answers build `image` with the localized route helper, which gives a path under `/ar` (`/ar/media/101.jpg`), not an absolute URL.',
    bends: {
      answer: productAnswerInArabic((product) => ({ ...product, image: `/ar${String(path(product.image))}` })),
    },
  },

  // --- bodies the spec shows, rejected --------------------------------------------------------------
  'booking-availability-single-window': {
    clause: 'availability.several-windows',
    description: 'Create Booking Product rejects a day with more than one availability window.',
    bends: {
      validation: refusedWhen(['createBookingProduct'], (sent) => {
        const days = Object.entries(availabilityOf(sent)).filter(([, w]) => Array.isArray(w) && w.length > 1);
        return days.length === 0
          ? undefined
          : Object.fromEntries(days.map(([day]) => [`availability.${day}`, ['one window a day']]));
      }),
    },
  },
  'product-option-text-needs-table': {
    clause: 'product-option.text-null',
    description: 'A `text` option whose `options` is null is rejected (every option must have a price table).',
    bends: {
      validation: refusedWhen(PRODUCT_OPERATIONS, (sent) => {
        const at = optionsOf(sent).flatMap((o, i) =>
          o.options === null && !needsPriceTable(String(o.type)) ? [`product_options.${i}.options`] : [],
        );
        return at.length === 0 ? undefined : Object.fromEntries(at.map((key) => [key, ['needs an options table']]));
      }),
    },
  },
  'product-option-empty-subtitle-rejected': {
    clause: 'product-option.empty-subtitle',
    description: 'An option whose `subTitle` has empty strings is rejected.',
    bends: {
      validation: refusedWhen(PRODUCT_OPERATIONS, (sent) => {
        const at = optionsOf(sent).flatMap((o, i) =>
          isRecord(o.subTitle) && (o.subTitle.ar === '' || o.subTitle.en === '')
            ? [`product_options.${i}.subTitle`]
            : [],
        );
        return at.length === 0 ? undefined : Object.fromEntries(at.map((key) => [key, ['must not be empty']]));
      }),
    },
  },
  'product-gallery-repeats-rejected': {
    clause: 'product.gallery-repeats',
    description: 'A `product_gallery` that repeats a media id is rejected.',
    bends: {
      validation: refusedWhen(PRODUCT_OPERATIONS, (sent) => {
        const gallery = isRecord(sent) && Array.isArray(sent.product_gallery) ? sent.product_gallery : [];
        return new Set(gallery).size === gallery.length
          ? undefined
          : { product_gallery: ['must not repeat a media id'] };
      }),
    },
  },

  'product-image-required': {
    clause: 'product.image-optional',
    description: 'A product body without `image_id` is refused with 422 (the column is NOT NULL).',
    bends: {
      validation: refusedWhen(CREATES, (_, { body }) =>
        isRecord(body) && body.image_id === undefined ? { image_id: ['is required'] } : undefined,
      ),
    },
  },

  // --- invalid bodies, accepted ---------------------------------------------------------------------
  'product-option-null-table-accepted': {
    clause: 'product-option.table-required',
    description: 'A `radio` or `checkbox` option with `options` null is accepted.',
    bends: {
      validation: takenDespite(
        PRODUCT_OPERATIONS,
        (sent) => optionsOf(sent).some((o) => o.options === null && needsPriceTable(String(o.type))),
        (sent) => ({
          ...sent,
          product_options: (sent.product_options as unknown[]).map((o) =>
            isRecord(o) && o.options === null ? { ...o, options: { ar: {}, en: {} } } : o,
          ),
        }),
        (body, sent) => ({ ...body, product_options: sent.product_options }),
      ),
    },
  },
  'booking-types-unchecked': {
    clause: 'create-booking.validation',
    description:
      'Create Booking Product only checks that the body is an object: field types and formats are not validated.',
    bends: { validation: typesUnchecked('createBookingProduct') },
  },
  'booking-availability-hour-unpadded': {
    clause: 'create-booking.validation',
    description: 'Availability times are matched with `\\d{1,2}:\\d{2}`, so "9:00" is accepted.',
    bends: {
      validation: takenDespite(
        ['createBookingProduct'],
        (sent) => windowTimes(sent).some((t) => !HH_MM.test(t) && H_MM.test(t)),
        (sent) => ({
          ...sent,
          availability: Object.fromEntries(
            Object.entries(availabilityOf(sent)).map(([day, windows]) => [
              day,
              Array.isArray(windows)
                ? (windows as unknown[]).map((w) =>
                    isRecord(w) ? { ...w, start: padHour(w.start), end: padHour(w.end) } : w,
                  )
                : windows,
            ]),
          ),
        }),
        (body, sent) => ({ ...body, availability: sent.availability }),
      ),
    },
  },
  'booking-availability-any-weekday': {
    clause: 'create-booking.validation',
    description: 'Availability keys are not checked: "funday" is accepted.',
    bends: {
      validation: takenDespite(
        ['createBookingProduct'],
        (sent) => Object.keys(availabilityOf(sent)).some((day) => !isWeekday(day)),
        (sent) => ({
          ...sent,
          availability: Object.fromEntries(Object.entries(availabilityOf(sent)).filter(([day]) => isWeekday(day))),
        }),
        (body, sent) => ({ ...body, availability: sent.availability }),
      ),
    },
  },
  'service-types-unchecked': {
    clause: 'create-service.validation',
    description:
      'Create Service Product only checks that the body is an object: field types and formats are not validated.',
    bends: { validation: typesUnchecked('createServiceProduct') },
  },
  'service-date-parse-500': {
    clause: 'create-service.validation',
    description:
      '`release_date`/`update_date` are parsed with `new Date(...)`: a date it cannot read throws and answers 500, one it can ("2026-1-5") is accepted.',
    bends: {
      validation: takenDespite(
        SERVICE_BODIES,
        (sent) =>
          isRecord(sent) && [sent.release_date, sent.update_date].some((d) => typeof d === 'string' && !isIsoDate(d)),
        // `new Date` throws on what it cannot read: the 500.
        (sent) => ({
          ...sent,
          ...Object.fromEntries(
            (['release_date', 'update_date'] as const)
              .filter((key) => typeof sent[key] === 'string' && !isIsoDate(sent[key]))
              .map((key) => [key, new Date(sent[key] as string).toISOString().slice(0, 10)]),
          ),
        }),
      ),
    },
  },
  'service-preview-link-unchecked': {
    clause: 'create-service.validation',
    description: '`preview_link` is any string, not a URL.',
    bends: {
      validation: takenDespite(
        SERVICE_BODIES,
        (sent) => isRecord(sent) && typeof sent.preview_link === 'string' && !isHttpUrl(sent.preview_link),
        ({ preview_link: _link, ...sent }) => sent,
        (body, sent) => ({ ...body, preview_link: sent.preview_link }),
      ),
    },
  },
  'update-service-types-unchecked': {
    clause: 'update-service.validation',
    description:
      'Update Service Product only checks that the body is an object: field types and formats are not validated.',
    bends: { validation: typesUnchecked('updateServiceProduct') },
  },

  // --- Update Service Product -----------------------------------------------------------------------
  'update-service-new-id': {
    clause: 'update-service.returns-updated',
    description: 'PATCH saves a copy under a new id and answers with the copy.',
    bends: {
      productWrite: {
        when: (_, context) => updating(context),
        bend: (write, { store }) => {
          const copy = { ...structuredClone(write.product), id: store.nextProductId() };
          store.products.set(copy.id, copy);
          return { ...write, product: copy };
        },
      },
    },
  },
  'update-service-price-ignored': {
    clause: 'update-service.applies-changes',
    description: 'PATCH does not apply `price` and `sale_price`.',
    bends: {
      productWrite: writtenBody(
        (body) => ({ ...body, price: undefined, sale_price: undefined }),
        (_, context) => updating(context),
      ),
    },
  },
  'update-service-tags-appended': {
    clause: 'update-service.applies-changes',
    description: 'PATCH adds the tags sent to the old ones instead of replacing them.',
    bends: {
      productWrite: writtenBody(
        (body, { product }, { store }) => ({
          ...body,
          tags: [...product.tag_ids.map((id) => store.tags.get(id) ?? ''), ...(body.tags ?? [])],
        }),
        (body, context) => updating(context) && body.tags !== undefined,
      ),
    },
  },
  'update-service-references-ignored': {
    clause: 'update-service.applies-changes',
    description: 'PATCH does not apply `brand_id` and `category`.',
    bends: {
      productWrite: writtenBody(
        (body) => ({ ...body, brand_id: undefined, category: undefined }),
        (_, context) => updating(context),
      ),
    },
  },
  'update-service-updated-at-behind': {
    clause: 'update-service.updated-at-order',
    description: 'PATCH writes `updated_at` in server local time (UTC-3), so it reads earlier than `created_at`.',
    bends: {
      productWrite: {
        when: (_, context) => updating(context),
        bend: (write) => ({ ...write, at: new Date(write.at.getTime() - LOCAL_OFFSET_MS) }),
      },
    },
  },
  'update-service-omitted-cleared': {
    clause: 'update-service.omitted-kept',
    description: 'PATCH behaves as PUT: fields not sent are reset to empty.',
    bends: {
      productWrite: {
        when: (_, context) => updating(context),
        bend: (write) => {
          const { product } = write;
          Object.assign(product, blankProduct(product.id, product.type, product.created_at));
          return write;
        },
      },
    },
  },
  // --- a life: a second update, a field group alone, the list and the deliveries after one --------
  'update-service-revised-type-booking': {
    clause: 'update-service.ok',
    description:
      'An update of a product updated before answers `type` = `booking`: the first update made it a revision, whose answers go through the generic product resource, and its type defaults to booking.',
    bends: {
      productWrite: {
        when: (write, context) => updating(context) && updatedBefore(write.product),
        bend: (write) => {
          revised.add(write.product);
          return write;
        },
      },
      answer: successData(
        'updateServiceProduct',
        (product) => ({ ...product, type: 'booking' }),
        (data, context) => {
          const record = recordOf(data, context);
          return record !== undefined && revised.has(record);
        },
      ),
    },
  },
  'update-service-revision-new-id': {
    clause: 'update-service.returns-updated',
    description:
      "An update of a product updated before saves the change as a new revision row and answers that row: `data.id` is the revision's id (the first update answers the product).",
    bends: {
      productWrite: {
        when: (write, context) => updating(context) && updatedBefore(write.product),
        bend: (write, { store }) => {
          const copy = { ...structuredClone(write.product), id: store.nextProductId() };
          store.products.set(copy.id, copy);
          return { ...write, product: copy };
        },
      },
    },
  },
  'update-service-partial-no-categories': {
    clause: 'product.shape',
    description:
      'An update that sends no `category` answers without `categories`: the resource renders only the relations the update loaded (`whenLoaded`), and a PATCH of its tags, dates or prices alone loads none of the categories.',
    bends: {
      answer: successData(
        'updateServiceProduct',
        ({ categories: _, ...product }) => product,
        (_, { request }) => isRecord(request.body) && request.body.category === undefined,
      ),
    },
  },
  'update-service-tags-need-name': {
    clause: 'update-service.applies-changes',
    description:
      'PATCH syncs `tags` inside the block that saves the names: an update of its tags alone keeps the old tags.',
    bends: {
      productWrite: writtenBody(
        (body) => ({ ...body, tags: undefined }),
        (body, context) => updating(context) && body.tags !== undefined && sendsNoName(body),
      ),
    },
  },
  'update-service-second-reverts-first': {
    clause: 'update-service.omitted-kept',
    description:
      "An update of a product updated before starts from the revision its first update archived (the product as created), then applies its own fields: the first update's changes are lost.",
    bends: {
      productWrite: [
        {
          when: (write, context) => updating(context) && !updatedBefore(write.product) && sendsNoName(write.body),
          bend: (write) => {
            asCreated.set(write.product, structuredClone(write.product));
            return write;
          },
        },
        {
          when: (write, context) => updating(context) && asCreated.has(write.product),
          bend: (write) => {
            const { product } = write;
            const { id, created_at, updated_at } = product;
            Object.assign(product, structuredClone(asCreated.get(product)), { id, created_at, updated_at });
            return write;
          },
        },
      ],
    },
  },
  'update-service-partial-moves-created-at': {
    clause: 'update-service.created-at-kept',
    description:
      'An update of a field group alone (no name sent) saves the whole row back, `created_at` as it read it: a server local time (UTC-3) taken for UTC, so `created_at` moves three hours back.',
    bends: {
      productWrite: {
        when: (write, context) => updating(context) && sendsNoName(write.body),
        bend: (write) => {
          write.product.created_at = new Date(write.product.created_at.getTime() - LOCAL_OFFSET_MS);
          return write;
        },
      },
    },
  },
  'update-service-revised-updated-at-behind': {
    clause: 'update-service.updated-at-order',
    description:
      'An update of a product updated before stamps `updated_at` from the revision table, kept in server local time (UTC-3): it reads earlier than the update before it, and than `created_at`.',
    bends: {
      productWrite: {
        when: (write, context) => updating(context) && updatedBefore(write.product),
        bend: (write) => ({ ...write, at: new Date(write.at.getTime() - LOCAL_OFFSET_MS) }),
      },
    },
  },
  'update-service-unpublished-is-published-dropped': {
    clause: 'product.is-published',
    description:
      "Update Service Product answers `is_published` only when it is true (the update resource's `when($this->is_published, …)`): a product updated to a status that does not publish answers without it.",
    bends: {
      answer: successData(
        'updateServiceProduct',
        ({ is_published: _, ...product }) => product,
        (product) => product.is_published === false,
      ),
    },
  },
  'list-index-refreshed-once': {
    clause: 'list-products.item-matches-product',
    description:
      "List Products reads a search index that a job unique per product refreshes, and its lock is released only by the product's first update: after a second update the list shows the product as its first update left it.",
    bends: {
      productWrite: {
        when: (write, context) =>
          updating(context) && updatedBefore(write.product) && !listedAsFirstUpdateLeftIt.has(write.product),
        bend: (write) => {
          listedAsFirstUpdateLeftIt.set(write.product, structuredClone(write.product));
          return write;
        },
      },
      listSelection: {
        when: (_, { store }) => [...store.products.values()].some((p) => listedAsFirstUpdateLeftIt.has(p)),
        bend: (selection) => ({
          ...selection,
          order: (products) => selection.order(products).map((p) => listedAsFirstUpdateLeftIt.get(p) ?? p),
        }),
      },
    },
  },
  'list-tags-filter-stale-after-tags-alone': {
    clause: 'list-products.filter-tags',
    description:
      '`tag_ids[]` reads a denormalised column of tag ids that only a save of the whole product rewrites: after an update of its tags alone, the product is kept by the tags it had and dropped by its new one.',
    bends: {
      productWrite: {
        when: (write, context) => updating(context) && write.body.tags !== undefined && sendsNoName(write.body),
        bend: (write) => {
          if (!tagsAsLastSaved.has(write.product)) tagsAsLastSaved.set(write.product, [...write.product.tag_ids]);
          return write;
        },
      },
      listSelection: {
        when: ({ filters }, { store }) =>
          filters.some((f) => f.param === 'tag_ids') &&
          [...store.products.values()].some((p) => tagsAsLastSaved.has(p)),
        bend: (selection) => ({
          ...selection,
          filters: rekept(selection.filters, 'tag_ids', (f) => (p) => {
            const ids = Array.isArray(f.value) ? (f.value as unknown[]) : [];
            return (tagsAsLastSaved.get(p) ?? p.tag_ids).some((id) => ids.includes(id));
          }),
        }),
      },
    },
  },
  'list-price-filter-stale-after-prices-alone': {
    clause: 'list-products.filter-price',
    description:
      '`min_price` and `max_price` read a denormalised search price that only a save of the whole product rewrites: after an update of its prices alone, the product is filtered by the price it had.',
    bends: {
      productWrite: {
        when: (write, context) => updating(context) && write.body.price !== undefined && sendsNoName(write.body),
        bend: (write) => {
          if (!priceAsLastSaved.has(write.product)) priceAsLastSaved.set(write.product, write.product.price);
          return write;
        },
      },
      listSelection: {
        when: ({ filters }, { store }) =>
          filters.some((f) => f.param === 'min_price' || f.param === 'max_price') &&
          [...store.products.values()].some((p) => priceAsLastSaved.has(p)),
        bend: (selection) => {
          const price = (p: ProductRecord) => priceAsLastSaved.get(p) ?? p.price;
          const atLeast = rekept(selection.filters, 'min_price', (f) => (p) => price(p) >= Number(f.value));
          return { ...selection, filters: rekept(atLeast, 'max_price', (f) => (p) => price(p) <= Number(f.value)) };
        },
      },
    },
  },
  'update-event-on-name-or-price-only': {
    clause: 'webhook.delivery-destination',
    description:
      "`product.updated` is emitted only when an update changes the product's name or price (the observer's `wasChanged` list misses the tags and dates): an update of its tags or dates alone notifies no one.",
    bends: {
      emit: {
        when: ({ event, data }, { previous }) => {
          if (event !== 'product.updated' || previous === undefined || !isRecord(data)) return false;
          const before = previous();
          return (
            isRecord(before) && JSON.stringify(before.name) === JSON.stringify(data.name) && before.price === data.price
          );
        },
        bend: (emission) => ({ ...emission, webhooks: [] }),
      },
    },
  },
  'update-event-original-when-name-kept': {
    clause: 'webhook.delivery-update-values',
    description:
      "`product.updated` of an update that keeps the product's name carries the product as it was before the update: the listener serialises the model's original attributes unless the name is dirty.",
    bends: {
      emit: {
        when: ({ event, data, webhooks }, { previous }) => {
          if (event !== 'product.updated' || webhooks.length === 0 || previous === undefined || !isRecord(data))
            return false;
          const before = previous();
          return isRecord(before) && JSON.stringify(before.name) === JSON.stringify(data.name);
        },
        bend: (emission, { previous }) => ({ ...emission, data: previous?.() }),
      },
    },
  },
  'update-service-unknown-id-creates': {
    clause: 'update-service.unknown-id',
    description: 'PATCH on an unknown id creates a new service product and answers 200 (an upsert).',
    bends: {
      identify: {
        when: (found, { resource, id, store }) =>
          resource === 'product' && id !== undefined && found === undefined && !store.products.has(id),
        bend: (_, { store, now }) => blankProduct(store.nextProductId(), 'service', now()),
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
