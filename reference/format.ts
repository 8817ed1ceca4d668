/** How the reference renders values the spec fixes the form of, and its envelopes and error bodies. */
import type { FastifyReply } from 'fastify';
import type { FaultSet } from './faults/index.ts';
import type { ErrorKind, FieldErrors, MessageKey, ReferenceChoices } from './variants/index.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS`, in UTC (Conventions: Timestamps). */
export function formatTimestamp(date: Date, faults: FaultSet): string {
  if (faults.has('timestamps-iso')) return date.toISOString();
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** `YYYY-MM-DD` of a date, in UTC: what the list's date filters compare. */
export function formatDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export interface Envelope<T> {
  status: string;
  message?: string;
  data: T;
  [extra: string]: unknown;
}

/** The reference's answers, in the words and shapes its variant chose. */
export class Responses {
  constructor(
    private readonly choices: ReferenceChoices,
    private readonly faults: FaultSet,
  ) {}

  /** A success envelope (Conventions: Response envelope). */
  envelope<T>(message: MessageKey, data: T): Envelope<T> {
    const body: Envelope<T> = {
      status: this.faults.has('envelope-status-ok') ? 'ok' : 'success',
      message: this.choices.messages[message],
      data,
      ...this.choices.extras.envelope(),
    };
    if (this.faults.has('envelope-no-message')) delete body.message;
    return body;
  }

  /** The status the variant gives a kind of refusal. */
  statusOf(kind: ErrorKind): number {
    return this.choices.errors.status(kind);
  }

  /** The body of a refusal. */
  errorBody(kind: ErrorKind, detail: string, fields?: FieldErrors): unknown {
    return this.choices.errors.body(kind, detail, fields);
  }

  /** Sends a refusal with the status the variant gives its kind (or `status`, where a fault bends it). */
  refuse(
    reply: FastifyReply,
    kind: ErrorKind,
    detail: string,
    options: { fields?: FieldErrors | undefined; status?: number | undefined } = {},
  ): FastifyReply {
    return reply.code(options.status ?? this.statusOf(kind)).send(this.errorBody(kind, detail, options.fields));
  }

  /** Refuses an `{identifier}` that names no `resource`. */
  unknownIdentifier(reply: FastifyReply, resource: string, identifier: string): FastifyReply {
    return this.refuse(reply, 'unknown-identifier', `No ${resource} has the identifier ${JSON.stringify(identifier)}.`);
  }
}
