/**
 * The reference's request validation. The spec leaves required fields and most rules unshown; these
 * are the reference's own choices (some made by its variant), which the suite must not assert (a
 * vendor may choose otherwise).
 */
import { z } from 'zod';
import { EventNames, type EventName } from '../support/contract/events.ts';
import { isPublicHttps, resolves } from './destinations.ts';
import type { CategoryRecord } from './seed.ts';
import type { Store } from './store.ts';
import type { FieldErrors, ReferenceChoices } from './variants/index.ts';

/** An object of the fields listed for it: unlisted fields refused or dropped, as the variant chose. */
type ObjectOf = <S extends z.ZodRawShape>(shape: S) => z.ZodObject<S>;
const objectOf =
  (choices: ReferenceChoices): ObjectOf =>
  (shape) =>
    choices.bodies.unlistedFields === 'refuse' ? z.strictObject(shape) : z.object(shape);

const text = z.string().max(10_000);
const name = z.string().trim().min(1).max(255);
const id = z.int().positive();
const ids = z.array(id).max(100);
const money = z.number().nonnegative().max(1e9);
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** The webhook destinations the variant accepts. */
const destination = (choices: ReferenceChoices) => {
  switch (choices.webhooks.destinations) {
    case 'public-https':
      return httpUrl
        .refine(isPublicHttps, 'must be an https URL to a public host')
        .refine(resolves, 'must be a host that resolves');
    case 'resolvable':
      return httpUrl.refine(resolves, 'must be a host that resolves');
    case 'http-or-https':
      return httpUrl;
  }
};

/** Whether `name` is an event of the catalogue (Events). */
export const isEventName = (name: unknown): name is EventName => (EventNames as readonly unknown[]).includes(name);

/** A body validated: parsed, or not (`body` undefined), and what is wrong with it; it is taken when nothing is. */
export interface Validated<T> {
  readonly body: T | undefined;
  readonly fields: FieldErrors;
}

export function isAccepted<T>(validated: Validated<T>): validated is Validated<T> & { readonly body: T } {
  return validated.body !== undefined && Object.keys(validated.fields).length === 0;
}

export const WebhookBody = (choices: ReferenceChoices) =>
  objectOf(choices)({
    name,
    url: destination(choices),
    method_type: z.enum(choices.webhooks.methodTypes),
    events: z
      .array(z.string().min(1).max(255))
      .min(1)
      .max(EventNames.length)
      .superRefine((names, ctx) => {
        const unknown = names.filter((name) => !isEventName(name));
        if (unknown.length > 0)
          ctx.addIssue({ code: 'custom', message: `not in the event catalogue: ${unknown.join(', ')}` });
      }),
    secret: z.string().min(32).max(255).optional(),
    status: z
      .int()
      .refine((status) => choices.webhooks.statuses.includes(status), {
        message: `must be one of ${choices.webhooks.statuses.join(', ')}`,
      })
      .default(1),
  });
export type WebhookBody = z.infer<ReturnType<typeof WebhookBody>>;

const priceTable = z.record(z.string().max(255), z.number().min(-1e9).max(1e9));
const Weekday = z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);

function productOption(object: ObjectOf) {
  const bilingual = object({ ar: text, en: text });
  const table = object({ ar: priceTable, en: priceTable });
  return object({
    type: z.string().min(1).max(50),
    title: bilingual,
    subTitle: bilingual.optional(),
    isRequired: z.boolean(),
    multiSelect: z.boolean(),
    options: table.nullable(),
  }).superRefine((option, ctx) => {
    // The option types are an open set; only the two that need a price table are held to it.
    if (option.options === null && needsPriceTable(option.type))
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'needs an options table' });
  });
}

/** The option types whose `options` must be a price table (`text` takes null). */
export const needsPriceTable = (type: string) => type === 'radio' || type === 'checkbox';

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

function availability(object: ObjectOf) {
  const hhmm = z.string().regex(HH_MM, 'must be HH:MM');
  const window = object({ start: hhmm, end: hhmm }).refine((w) => w.start.padStart(5, '0') < w.end.padStart(5, '0'), {
    message: 'start must be before end',
    path: ['end'],
  });
  return z.record(z.string(), z.array(window).max(24)).superRefine((days, ctx) => {
    const unknown = Object.keys(days).filter((day) => !isWeekday(day));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `not weekdays: ${unknown.join(', ')}` });
  });
}

export const isWeekday = (day: string) => Weekday.safeParse(day).success;

/** `YYYY-MM-DD`. */
const isoDate = z.iso.date('must be a date YYYY-MM-DD');
export const isIsoDate = (value: unknown) => isoDate.safeParse(value).success;

/** A URL, http or https. */
export const isHttpUrl = (value: unknown) => httpUrl.safeParse(value).success;

function commonFields(object: ObjectOf) {
  return {
    name_ar: name,
    name_en: name,
    summery_ar: text.optional(),
    summery_en: text.optional(),
    description_ar: text.optional(),
    description_en: text.optional(),
    slug: z.string().max(255).optional(),
    status_id: id.optional(),
    sale_price: money.optional(),
    price: money,
    sku: z.string().max(255).optional(),
    image_id: id.optional(),
    product_gallery: ids.optional(),
    brand_id: id.optional(),
    badge_id: id.optional(),
    category: ids.optional(),
    tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    is_refundable: z.boolean().optional(),
    policy_description: text.optional(),
    video_source: z.string().max(50).optional(),
    video_id: z.string().max(255).optional(),
    product_options: z.array(productOption(object)).max(50).optional(),
    general_title: text.optional(),
    general_description: text.optional(),
    general_image: id.optional(),
    facebook_title: text.optional(),
    facebook_description: text.optional(),
    facebook_image: id.optional(),
    twitter_title: text.optional(),
    twitter_description: text.optional(),
    twitter_image: id.optional(),
    related_products: ids.optional(),
    sub_category: ids.optional(),
    child_category: ids.optional(),
  };
}

export const BookingBody = (choices: ReferenceChoices) =>
  objectOf(choices)({
    ...commonFields(objectOf(choices)),
    cost: money.optional(),
    quantity: z.int().min(0).max(1e6).optional(),
    duration: z.int().positive().max(10_000).optional(),
    duration_type: z.string().min(1).max(20).optional(),
    availability: availability(objectOf(choices)).optional(),
    provider_required: z.boolean().optional(),
    providers: ids.optional(),
    is_enable_date_range: z.boolean().optional(),
    is_enable_booking_same_date: z.boolean().optional(),
    is_inventory_warning: z.boolean().optional(),
    // Listed for Create Booking Product only (not among the common fields, nor for the service operations).
    min_purchase: z.int().min(1).max(1e6).optional(),
    max_purchase: z.int().min(1).max(1e6).optional(),
  });
export type BookingBody = z.infer<ReturnType<typeof BookingBody>>;

export const ServiceBody = (choices: ReferenceChoices) =>
  objectOf(choices)({
    ...commonFields(objectOf(choices)),
    release_date: isoDate.optional(),
    update_date: isoDate.optional(),
    preview_link: z.string().refine(isHttpUrl, 'must be a URL').optional(),
  });
export type ServiceBody = z.infer<ReturnType<typeof ServiceBody>>;
/** The service body with every field optional, but those the variant requires on PATCH too. */
export function ServicePatch(choices: ReferenceChoices) {
  const body = ServiceBody(choices);
  const { patchRequires } = choices.bodies;
  const unknown = patchRequires.filter((field) => !Object.hasOwn(body.shape, field));
  if (unknown.length > 0) throw new Error(`patchRequires names fields the service body lacks: ${unknown.join(', ')}`);
  return body.partial().superRefine((patch, ctx) => {
    for (const field of patchRequires)
      if ((patch as Record<string, unknown>)[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'is required' });
  });
}

/** Any of the three product bodies after validation: every field may be absent (PATCH). */
export type ProductBody = { [K in keyof (BookingBody & ServiceBody)]?: (BookingBody & ServiceBody)[K] | undefined };

/**
 * Ids a product body refers to must exist (an unknown brand, category or sub-category is a validation
 * error), and under a `checked` hierarchy each sub-category and child category must sit under one sent with it.
 */
export function referenceErrors(
  body: ProductBody,
  store: Store,
  hierarchy: ReferenceChoices['bodies']['categoryHierarchy'],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const check = (
    field: string,
    values: readonly number[] | undefined,
    exists: (id: number) => boolean,
    problem = 'unknown id(s)',
  ) => {
    const missing = (values ?? []).filter((v) => !exists(v));
    if (missing.length > 0) errors[field] = [`${problem}: ${missing.join(', ')}`];
  };
  if (hierarchy === 'checked') {
    const under = (level: CategoryRecord['level'], parents: readonly number[] | undefined) => (id: number) => {
      const category = store.categories.get(id);
      return category?.level === level && category.parent !== undefined && (parents ?? []).includes(category.parent);
    };
    check('sub_category', body.sub_category, under('sub', body.category), 'not a sub-category of a category sent');
    check(
      'child_category',
      body.child_category,
      under('child', body.sub_category),
      'not a child category of a sub-category sent',
    );
  } else {
    check('sub_category', body.sub_category, (v) => store.categories.has(v));
    check('child_category', body.child_category, (v) => store.categories.has(v));
  }
  check('brand_id', body.brand_id === undefined ? undefined : [body.brand_id], (v) => store.brands.has(v));
  check('category', body.category, (v) => store.categories.has(v));
  check('image_id', body.image_id === undefined ? undefined : [body.image_id], (v) => store.media.has(v));
  check('product_gallery', body.product_gallery, (v) => store.media.has(v));
  check('status_id', body.status_id === undefined ? undefined : [body.status_id], (v) => store.statuses.has(v));
  check('badge_id', body.badge_id === undefined ? undefined : [body.badge_id], (v) => store.badges.has(v));
  check('providers', body.providers, (v) => store.providers.has(v));
  if (body.min_purchase !== undefined && body.max_purchase !== undefined && body.max_purchase < body.min_purchase) {
    errors.max_purchase = ['must not be less than min_purchase'];
  }
  return errors;
}

/**
 * What the variant's own rules refuse in a valid product body: tag names no tag has (when only existing
 * tags are taken), a slug or sku another product has (when they are unique), and the fields it requires
 * beside `is_enable_date_range: true`. `raw` is the body as sent (a field the spec does not list may be
 * dropped from `body`); `self` is the product an update changes, which may keep its own slug and sku.
 */
export function variantErrors(
  body: ProductBody,
  raw: unknown,
  store: Store,
  { bodies }: ReferenceChoices,
  self?: number,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (bodies.tags === 'existing-only') {
    const unknown = (body.tags ?? []).filter((name) => store.tagIdOf(name) === undefined);
    if (unknown.length > 0)
      errors.tags = [`no tag has the name(s) ${unknown.map((n) => JSON.stringify(n)).join(', ')}`];
  }
  if (bodies.uniqueSlugAndSku) {
    const others = [...store.products.values()].filter((product) => product.id !== self);
    if (body.sku !== undefined && others.some((product) => product.sku === body.sku))
      errors.sku = ['has already been taken'];
    if (body.slug !== undefined && others.some((product) => product.extra.slug === body.slug))
      errors.slug = ['has already been taken'];
  }
  const sent = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  if (body.is_enable_date_range === true)
    for (const field of bodies.dateRangeRequires)
      if (typeof sent[field] !== 'string') errors[field] = ['is required when is_enable_date_range is true'];
  return errors;
}

/** zod issues as `{ field: [messages] }`, the reference's 422 body. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(body)';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
