/**
 * The named points where a fault may bend the reference (reference/faults/). At each point the app
 * holds the correct value and passes it through `faults.bend(point, value, context)`: with no fault on,
 * the value comes back as it went in, so a reader of the app sees only the correct behaviour.
 *
 * A fault declares, per point, a bend: `when` its bug shows (a guard on the value and the context),
 * and what it makes of the value. The guard is what the fault matrix traces: run against the clean
 * reference, every guard is evaluated and none applied, and a fault whose guard held while serving a
 * test's request could change what that test sees.
 */
import type { FastifyRequest } from 'fastify';
import type { EventName } from '../support/contract/events.ts';
import type { OperationId } from '../support/contract/operations.ts';
import type { Refusal, Responses } from './format.ts';
import type { Page } from './pagination.ts';
import type { ProductRecord, ProductType, Store, WebhookRecord } from './store.ts';
import type { ProductBody } from './product-bodies.ts';
import type { Validated, WebhookBody } from './validation.ts';
import type { ReferenceChoices } from './variants/index.ts';

/** What every hook of a request can reach: the store, the variant's choices and how it answers. */
export interface AppContext {
  readonly store: Store;
  readonly choices: ReferenceChoices;
  readonly respond: Responses;
  readonly now: () => Date;
}

/** What happens to a request before its route: it goes on, is answered in the route's place, or never answered. */
type RequestOutcome =
  | { readonly kind: 'pass' }
  | { readonly kind: 'answer'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'withhold' };

/** An answer about to be sent: its status, its body (parsed, when JSON) and headers to set on it. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

export interface AnswerContext extends AppContext {
  readonly request: FastifyRequest;
  readonly operation: OperationId | undefined;
  /** The kind of refusal the answer is, and the code of the client error that caused it (malformed JSON...). */
  readonly refusal: Refusal | undefined;
  /** A protected operation called without the token it needs (the correct check refused it). */
  readonly unauthenticated: boolean;
}

/** A product being written: the record, the (validated) body applied to it, and the time of the write. */
export interface ProductWrite {
  readonly product: ProductRecord;
  readonly body: ProductBody;
  readonly at: Date;
}

export type RenderedProduct = Readonly<Record<string, unknown>>;
export type RenderedWebhook = Readonly<Record<string, unknown>>;

/** A product as an answer or a delivery shows it: `detail` (create and update answers) or `list` (list items). */
interface ProductRenderContext {
  readonly product: ProductRecord;
  readonly shape: 'detail' | 'list';
  /** The list type label of a type, for this request. */
  readonly typeLabel: (type: ProductType) => string;
}

/** A filter of List Products, from its query parameter. */
export interface ListFilter {
  readonly param: string;
  readonly value: unknown;
  readonly keep: (product: ProductRecord) => boolean;
}

/** Which products List Products shows, and in which order. */
interface ListSelection {
  readonly filters: readonly ListFilter[];
  readonly order: (products: ProductRecord[]) => ProductRecord[];
}

export interface ListPageContext {
  readonly page: number;
  readonly perPage: number;
  /** How many products the filters keep. */
  readonly matching: number;
  readonly storeSize: number;
  /** The query gives a filter. */
  readonly filtered: boolean;
  /** The query parameters of the filters it gives (`search`, `tag_ids`...), in the order the route reads them. */
  readonly filters: readonly string[];
}

/** An event about to be delivered: its name, what its payload carries (`data`), and the webhooks it goes to. */
interface Emission {
  readonly event: EventName;
  readonly data: unknown;
  readonly webhooks: readonly WebhookRecord[];
}

/** What an emission can see: the webhooks, and the product as it was before the write that emits (an update's). */
interface EmissionContext {
  /** Every webhook, on or off. */
  readonly all: readonly WebhookRecord[];
  /** The webhooks that are on (status 1). */
  readonly active: readonly WebhookRecord[];
  /** The active webhooks subscribed to an event. */
  readonly recipients: (event: EventName) => WebhookRecord[];
  /** The product before the update, rendered as the payload renders it; none for a create. */
  readonly previous: (() => unknown) | undefined;
}

/**
 * What the dispatcher does once an attempt is answered (or fails): it is `done` (a 2xx, or a 4xx the
 * receiver meant), or it `retry`s later; `send-anew` (a bug) sends the event once more as a new message.
 */
type AttemptOutcome = 'done' | 'retry' | 'send-anew';

/** One attempt of a delivery as it goes out; the signature is computed over `signed`. */
export interface Outgoing {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly signed: string;
}

interface Point<Value, Context> {
  readonly value: Value;
  readonly context: Context;
}

/** The hook points, each with the value it bends and what a bend can see there. */
interface HookPoints {
  /** Before the route, its body parsed. */
  request: Point<
    RequestOutcome,
    AppContext & { readonly request: FastifyRequest; readonly operation: OperationId | undefined }
  >;
  /** Whether the request carries the token (protected operations). */
  authorize: Point<
    boolean,
    { readonly header: string | undefined; readonly carriesToken: (token: string | undefined) => boolean }
  >;
  /** The record an `{identifier}` names. */
  identify: Point<
    ProductRecord | WebhookRecord | undefined,
    AppContext & {
      readonly resource: 'product' | 'webhook';
      readonly identifier: string;
      readonly id: number | undefined;
    }
  >;
  /** A request body, validated. */
  validation: Point<
    Validated<unknown>,
    {
      readonly operation: OperationId;
      readonly sent: unknown;
      /** The correct validation of another body. */
      readonly validate: (body: unknown) => Validated<unknown>;
    }
  >;
  /** A product created or updated. */
  productWrite: Point<ProductWrite, AppContext & { readonly operation: OperationId }>;
  /** A webhook registered or updated: the fields it is given. */
  webhookWrite: Point<
    WebhookBody,
    AppContext & { readonly operation: OperationId; readonly webhook: WebhookRecord | undefined }
  >;
  product: Point<RenderedProduct, ProductRenderContext>;
  webhook: Point<RenderedWebhook, { readonly webhook: WebhookRecord }>;
  listSelection: Point<ListSelection, AppContext>;
  listPage: Point<Page, ListPageContext>;
  /** An event emitted (deliveries): who gets it. */
  emit: Point<Emission, EmissionContext>;
  /** One attempt of a delivery: what it sends, to which webhook, of which event, about what (the event's `data`). */
  delivery: Point<Outgoing, { readonly webhook: WebhookRecord; readonly event: EventName; readonly data: unknown }>;
  /** The key one attempt of a delivery is signed with: the webhook's secret. */
  signingSecret: Point<string, { readonly webhook: WebhookRecord; readonly event: EventName }>;
  /** An attempt answered: the receiver's status (none when it did not answer), and whether the message is itself sent anew. */
  settle: Point<
    AttemptOutcome,
    {
      readonly webhook: WebhookRecord;
      readonly event: EventName;
      /** The event's `data`: what the delivery is about. */
      readonly data: unknown;
      readonly status: number | undefined;
      readonly sentAnew: boolean;
    }
  >;
  /** An answer about to be sent. */
  answer: Point<Answer, AnswerContext>;
}

export type HookName = keyof HookPoints;
export type HookValue<K extends HookName> = HookPoints[K]['value'];
export type HookContext<K extends HookName> = HookPoints[K]['context'];

/** How one fault bends one point: when its bug shows, and what it makes of the value then. */
export interface Bend<K extends HookName> {
  readonly when?: (value: HookValue<K>, context: HookContext<K>) => boolean;
  readonly bend: (value: HookValue<K>, context: HookContext<K>) => HookValue<K>;
}

/** A fault's bend at one point, as the fault set lists it. */
export interface FaultBend<K extends HookName> extends Bend<K> {
  readonly fault: string;
  /** The fault bends one request of the app's life, then never again. */
  readonly once: boolean;
}

/** Which bends the app evaluates, and which of those whose guard holds it applies (reference/faults/index.ts). */
export interface BendSource {
  bendsAt<K extends HookName>(point: K): readonly FaultBend<K>[];
  /** A bend's guard held: whether to apply it (a traced set records the consultation and applies none). */
  consult(fault: string): boolean;
}

/** The hook points of one app. */
export class Bends {
  readonly #source: BendSource;
  readonly #spent = new Set<string>();

  constructor(source: BendSource) {
    this.#source = source;
  }

  /** Whether any fault may bend this point (the app installs the hooks it needs only). */
  any(point: HookName): boolean {
    return this.#source.bendsAt(point).length > 0;
  }

  /** `value` as the faults leave it: each bend whose guard holds, in turn. */
  bend<K extends HookName>(point: K, value: HookValue<K>, context: HookContext<K>): HookValue<K> {
    let bent = value;
    for (const { fault, once, when, bend } of this.#source.bendsAt(point)) {
      if (this.#spent.has(fault)) continue;
      if (when && !when(bent, context)) continue;
      if (!this.#source.consult(fault)) continue;
      bent = bend(bent, context);
      if (once) this.#spent.add(fault);
    }
    return bent;
  }
}
