/** How the reference renders values the spec fixes the form of, and its envelopes and error bodies. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  errorBody,
  messageOf,
  type ErrorKind,
  type FieldErrors,
  type MessageKey,
  type ReferenceChoices,
} from './variants/index.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS`, in UTC (Conventions: Timestamps). */
export function formatTimestamp(date: Date): string {
  // Reading: list-products.filter-dates-inclusive
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** `YYYY-MM-DD` of a date, in UTC: what the list's date filters compare. */
// Reading: list-products.filter-dates, list-products.filter-dates-inclusive
export function formatDate(date: Date): string {
  // Reading: list-products.filter-dates, list-products.filter-dates-inclusive
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export interface Envelope<T> {
  status: string;
  message?: string;
  data: T;
  [extra: string]: unknown;
}

/** What kind of refusal an answer is, and the code of the client error behind it (malformed JSON...). */
export interface Refusal {
  readonly kind: ErrorKind;
  readonly code: string | undefined;
}

/** The reference's answers, in the words and shapes its variant chose. */
export class Responses {
  readonly #refusals = new WeakMap<FastifyRequest, Refusal>();

  constructor(private readonly choices: ReferenceChoices) {}

  /** A success envelope (Conventions: Response envelope). */
  envelope<T>(message: MessageKey, data: T): Envelope<T> {
    return { status: 'success', message: messageOf(this.choices, message), data, ...this.choices.extras.envelope() };
  }

  /** The status the variant gives a kind of refusal. */
  // Reading: register-webhook.validation, update-webhook.validation, create-booking.validation, create-service.validation, update-service.validation, update-webhook.unknown-id, update-service.unknown-id, auth.bearer-required
  statusOf(kind: ErrorKind): number {
    return this.choices.errors.statuses[kind];
  }

  /** The body of a refusal. */
  // Stryker disable next-line all: "Shape of an error body: not shown."
  errorBody(kind: ErrorKind, detail: string, fields?: FieldErrors): unknown {
    return errorBody(this.choices, kind, detail, fields);
  }

  /** Sends a refusal with the status the variant gives its kind (or `status`: a client error's own). */
  // Reading: register-webhook.validation, update-webhook.validation, create-booking.validation, create-service.validation, update-service.validation, update-webhook.unknown-id, update-service.unknown-id, auth.bearer-required
  refuse(
    reply: FastifyReply,
    kind: ErrorKind,
    detail: string,
    options: { fields?: FieldErrors | undefined; status?: number | undefined; code?: string | undefined } = {},
  ): FastifyReply {
    // Reading: register-webhook.validation, update-webhook.validation, create-booking.validation, create-service.validation, update-service.validation, update-webhook.unknown-id, update-service.unknown-id, auth.bearer-required
    // Stryker disable next-line all: equivalent: the refusal is told to the faults' hook points alone; no answer reads it.
    this.#refusals.set(reply.request, { kind, code: options.code });
    // Reading: register-webhook.validation, update-webhook.validation, create-booking.validation, create-service.validation, update-service.validation, update-webhook.unknown-id, update-service.unknown-id, auth.bearer-required
    return reply.code(options.status ?? this.statusOf(kind)).send(this.errorBody(kind, detail, options.fields));
  }

  /** The refusal the answer to `request` is, if it is one. */
  // Stryker disable next-line all: equivalent: read by the faults' hook points alone.
  refusalOf(request: FastifyRequest): Refusal | undefined {
    return this.#refusals.get(request);
  }

  /** Refuses an `{identifier}` that names no `resource`. */
  // Reading: update-webhook.unknown-id, update-service.unknown-id
  unknownIdentifier(reply: FastifyReply, resource: string, identifier: string): FastifyReply {
    // Reading: update-webhook.unknown-id, update-service.unknown-id
    // Stryker disable next-line all: "Shape of an error body: not shown."
    return this.refuse(reply, 'unknown-identifier', `No ${resource} has the identifier ${JSON.stringify(identifier)}.`);
  }
}
