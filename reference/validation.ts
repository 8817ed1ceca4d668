/**
 * The reference's request validation. The spec leaves required fields and most rules unshown; these
 * are the reference's own choices (some made by its choices object), which the suite must not assert (a
 * vendor may choose otherwise). The product bodies are in product-bodies.ts, the rules between fields
 * and against the store in rules.ts.
 */
import { z } from 'zod';
import { EventNames, type EventName } from '../support/contract/events.ts';
import { isPublicHttps, resolves } from './destinations.ts';
import { inputReading, type InputReading } from './input.ts';
import type { FieldErrors, ReferenceChoices } from './variants/index.ts';

/** An object of the fields listed for it: unlisted fields refused or dropped, as the choices say. */
type ObjectOf = <S extends z.ZodRawShape>(shape: S) => z.ZodObject<S>;

// Which destinations a store takes is its own (docs/variants.md, `destinations`): the suite parks or skips where refused.
// Stryker disable next-line ObjectLiteral,Regex: "Error codes, field-level messages and the conditions that give 422: not shown."
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** The pieces of one reference's body schemas, as its choices read and bound them. */
export interface BodyKit extends InputReading {
  readonly object: ObjectOf;
  /** Free text (HTML descriptions, summaries). */
  readonly text: z.ZodString;
  /** A name: trimmed, not empty, at most 255 characters. */
  readonly name: z.ZodString;
  /** A title: free text, or at most 255 characters (`strings-at-most-255`). */
  readonly title: z.ZodString;
  readonly id: z.ZodType<number>;
  readonly ids: z.ZodArray<z.ZodType<number>>;
  readonly money: z.ZodType<number>;
  readonly int: (min: number, max: number) => z.ZodType<number>;
}

export function bodyKit(choices: ReferenceChoices): BodyKit {
  const reading = inputReading(choices);
  const text = z.string().max(10_000);
  const id = reading.number(z.int().positive());
  return {
    ...reading,
    // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
    object: (shape) => (choices.bodies.unlistedFields === 'refuse' ? z.strictObject(shape) : z.object(shape)),
    text,
    // Whether a store trims a name is its own; the suite's names have no white space at either end.
    // Stryker disable next-line MethodExpression: "Error codes, field-level messages and the conditions that give 422: not shown."
    name: z.string().trim().min(1).max(255),
    // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
    title: choices.bodies.titlesAtMost255 ? z.string().max(255) : text,
    id,
    ids: z.array(id).max(100),
    money: reading.number(z.number().nonnegative().max(1e9)),
    int: (min, max) => reading.number(z.int().min(min).max(max)),
  };
}

/** The webhook destinations the choices accept. */
// Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."
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
// Stryker restore all

/** Whether `name` is an event of the catalogue (Events). */
export const isEventName = (name: unknown): name is EventName => (EventNames as readonly unknown[]).includes(name);

/** A body validated: parsed, or not (`body` undefined), and what is wrong with it; it is taken when nothing is. */
export interface Validated<T> {
  readonly body: T | undefined;
  readonly fields: FieldErrors;
}

export function isAccepted<T>(validated: Validated<T>): validated is Validated<T> & { readonly body: T } {
  // Reading: register-webhook.validation, update-webhook.validation, create-booking.validation, create-service.validation, update-service.validation
  // A body that fits its schema has field errors only under a choice's rules (rules.ts): which it refuses is its own.
  // Stryker disable next-line LogicalOperator,ConditionalExpression: "Error codes, field-level messages and the conditions that give 422: not shown."
  return validated.body !== undefined && Object.keys(validated.fields).length === 0;
}

const webhookObject = (choices: ReferenceChoices) => {
  const kit = bodyKit(choices);
  return kit.object({
    name: kit.name,
    url: destination(choices),
    method_type: z.enum(choices.webhooks.methodTypes),
    // Reading: register-webhook.validation, update-webhook.validation
    // Stryker disable next-line MethodExpression: "Error codes, field-level messages and the conditions that give 422: not shown."
    events: z
      .array(z.string().min(1).max(255))
      .min(1)
      .max(EventNames.length)
      .superRefine((names, ctx) => {
        const unknown = names.filter((name) => !isEventName(name));
        if (unknown.length > 0)
          // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
          ctx.addIssue({ code: 'custom', message: `not in the event catalogue: ${unknown.join(', ')}` });
      }),
    // Reading: webhook.secret-min-length, register-webhook.validation, update-webhook.validation
    // Stryker disable next-line MethodExpression: "the sample indicates a minimum length of 32 characters"
    secret: z.string().min(32).max(255).optional(),
    status: kit
      .number(
        // Stryker disable next-line ObjectLiteral: "Error codes, field-level messages and the conditions that give 422: not shown."
        z.int().refine((status) => choices.webhooks.statuses.includes(status), {
          // Stryker disable next-line all: "Error codes, field-level messages and the conditions that give 422: not shown."
          message: `must be one of ${choices.webhooks.statuses.join(', ')}`,
        }),
      )
      .default(1),
  });
};
export type WebhookBody = z.infer<ReturnType<typeof webhookObject>>;

export const WebhookBody = (choices: ReferenceChoices): z.ZodType<WebhookBody> =>
  bodyKit(choices).body(webhookObject(choices));

// Which times, days and dates a store refuses in a booking's availability and a service's dates is its own.
// Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const Weekday = z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
export const isWeekday = (day: string) => Weekday.safeParse(day).success;

/** `YYYY-MM-DD`. */
export const isoDate = z.iso.date('must be a date YYYY-MM-DD');
export const isIsoDate = (value: unknown) => isoDate.safeParse(value).success;
// Stryker restore all

/** A URL, http or https. */
export const isHttpUrl = (value: unknown) => httpUrl.safeParse(value).success;

/** zod issues as `{ field: [messages] }`, the reference's 422 body. */
// Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(body)';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
// Stryker restore all
