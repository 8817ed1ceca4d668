/**
 * The bodies of Create Booking Product, Create Service Product and Update Service Product, as the
 * reference's choices bound and read them (validation.ts). Which fields are required is not shown:
 * the names and the price are, by the reference's own choice.
 */
import { z } from 'zod';
import { bodyKit, HH_MM, isHttpUrl, isoDate, isWeekday, type BodyKit } from './validation.ts';
import type { ReferenceChoices } from './variants/index.ts';

function productOption(kit: BodyKit) {
  const priceTable = z.record(z.string().max(255), kit.number(z.number().min(-1e9).max(1e9)));
  const table = kit.object({ ar: priceTable, en: priceTable });
  return kit
    .object({
      type: z.string().min(1).max(50),
      title: kit.object({ ar: kit.title, en: kit.title }),
      subTitle: kit.object({ ar: kit.text, en: kit.text }).optional(),
      isRequired: kit.boolean(),
      multiSelect: kit.boolean(),
      options: table.nullable(),
    })
    .superRefine(
      // Reading: product-option.table-required
      (option, ctx) => {
        // The option types are an open set; only the two that need a price table are held to it.
        if (option.options === null && needsPriceTable(option.type))
          // Stryker disable next-line StringLiteral,ObjectLiteral,ArrayDeclaration: "Error codes, field-level messages and the conditions that give 422: not shown."
          ctx.addIssue({ code: 'custom', path: ['options'], message: 'needs an options table' });
      },
    );
}

/** The option types whose `options` must be a price table (`text` takes null). */
// Reading: product-option.table-required
export const needsPriceTable = (type: string) => type === 'radio' || type === 'checkbox';

interface Window {
  readonly start: string;
  readonly end: string;
}

// Which availability windows a store refuses is its own (docs/variants.md, `bodies`).
// Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."
const isWindow = (w: unknown): w is Window =>
  typeof w === 'object' &&
  w !== null &&
  typeof (w as Window).start === 'string' &&
  typeof (w as Window).end === 'string';

/** The problems of one day's windows, by the index of the window they are about. */
function windowProblems(windows: readonly Window[], bodies: ReferenceChoices['bodies']): [number, string][] {
  const ordered = bodies.windowsEndAfterStart || bodies.windowsDoNotOverlap;
  const problems: [number, string][] = [];
  windows.forEach((w, i) => {
    if (ordered && w.start >= w.end) problems.push([i, 'start must be before end']);
  });
  if (!bodies.windowsDoNotOverlap) return problems;
  windows.forEach((w, i) => {
    // Touching is fine: one window may end when the next starts.
    const other = windows.findIndex((o, j) => j < i && w.start < o.end && o.start < w.end);
    if (other >= 0) problems.push([i, `overlaps window ${other} of the same day`]);
  });
  return problems;
}
// Stryker restore all

function availability(kit: BodyKit, bodies: ReferenceChoices['bodies']) {
  // Stryker disable next-line StringLiteral: "Error codes, field-level messages and the conditions that give 422: not shown."
  const hhmm = z.string().regex(HH_MM, 'must be HH:MM');
  const window = kit.object({ start: hhmm, end: hhmm });
  // Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."
  return z.record(z.string(), z.array(window).max(24)).superRefine((days, ctx) => {
    const unknown = Object.keys(days).filter((day) => !isWeekday(day));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `not weekdays: ${unknown.join(', ')}` });
    // Run on a value that failed its own schema too (zod goes on past it): only well-formed windows are compared.
    for (const [day, windows] of Object.entries(days))
      for (const [i, message] of windowProblems(Array.isArray(windows) ? windows.filter(isWindow) : [], bodies))
        ctx.addIssue({ code: 'custom', path: [day, i, 'end'], message });
  });
  // Stryker restore all
}

function commonFields(kit: BodyKit) {
  const { text, name, title, id, ids, money } = kit;
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
    // Stryker disable next-line MethodExpression: "Error codes, field-level messages and the conditions that give 422: not shown."
    tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    is_refundable: kit.boolean().optional(),
    policy_description: text.optional(),
    video_source: z.string().max(50).optional(),
    video_id: z.string().max(255).optional(),
    product_options: z.array(productOption(kit)).max(50).optional(),
    general_title: title.optional(),
    general_description: text.optional(),
    general_image: id.optional(),
    facebook_title: title.optional(),
    facebook_description: text.optional(),
    facebook_image: id.optional(),
    twitter_title: title.optional(),
    twitter_description: text.optional(),
    twitter_image: id.optional(),
    related_products: ids.optional(),
    sub_category: ids.optional(),
    child_category: ids.optional(),
  };
}

const bookingObject = (kit: BodyKit, choices: ReferenceChoices) =>
  kit.object({
    ...commonFields(kit),
    cost: kit.money.optional(),
    quantity: kit.int(0, 1e6).optional(),
    duration: kit.int(1, 10_000).optional(),
    // Stryker disable next-line MethodExpression: "Error codes, field-level messages and the conditions that give 422: not shown."
    duration_type: z.string().min(1).max(20).optional(),
    availability: availability(kit, choices.bodies).optional(),
    provider_required: kit.boolean().optional(),
    providers: kit.ids.optional(),
    is_enable_date_range: kit.boolean().optional(),
    is_enable_booking_same_date: kit.boolean().optional(),
    is_inventory_warning: kit.boolean().optional(),
    // Listed for Create Booking Product only (not among the common fields, nor for the service operations).
    min_purchase: kit.int(1, 1e6).optional(),
    max_purchase: kit.int(1, 1e6).optional(),
  });
/** The fields a date range requires (`date-range-fields-required`), listed when it does: a store asking for them takes them. */
type DateRangeFields = Partial<Record<'date_range_start' | 'date_range_end', string>>;
export type BookingBody = z.infer<ReturnType<typeof bookingObject>> & DateRangeFields;

export function BookingBody(choices: ReferenceChoices): z.ZodType<BookingBody> {
  const kit = bodyKit(choices);
  const object = bookingObject(kit, choices);
  const required = choices.bodies.dateRangeRequires;
  // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
  if (required.length === 0) return kit.body(object);
  const listed = Object.fromEntries(required.map((field) => [field, z.string().max(255).optional()]));
  return kit.body(object.extend(listed)) as unknown as z.ZodType<BookingBody>;
}

const serviceObject = (kit: BodyKit) =>
  kit.object({
    ...commonFields(kit),
    release_date: isoDate.optional(),
    update_date: isoDate.optional(),
    // Stryker disable next-line StringLiteral: "Error codes, field-level messages and the conditions that give 422: not shown."
    preview_link: z.string().refine(isHttpUrl, 'must be a URL').optional(),
  });
export type ServiceBody = z.infer<ReturnType<typeof serviceObject>>;

export const ServiceBody = (choices: ReferenceChoices): z.ZodType<ServiceBody> => {
  const kit = bodyKit(choices);
  return kit.body(serviceObject(kit));
};

/** The service body with every field optional, but those the choices require on PATCH too. */
export function ServicePatch(choices: ReferenceChoices): z.ZodType<ProductBody> {
  const kit = bodyKit(choices);
  const body = serviceObject(kit);
  const { patchRequires } = choices.bodies;
  // Which fields a PATCH must send is each store's own.
  // Stryker disable all: "Which body fields are required, and whether omitted fields keep their values: not shown."
  const unknown = patchRequires.filter((field) => !Object.hasOwn(body.shape, field));
  if (unknown.length > 0) throw new Error(`patchRequires names fields the service body lacks: ${unknown.join(', ')}`);
  return kit.body(
    body.partial().superRefine((patch, ctx) => {
      for (const field of patchRequires)
        if ((patch as Record<string, unknown>)[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: 'is required' });
    }),
  );
  // Stryker restore all
}

/** Any of the three product bodies after validation: every field may be absent (PATCH). */
export type ProductBody = { [K in keyof (BookingBody & ServiceBody)]?: (BookingBody & ServiceBody)[K] | undefined };
