/**
 * Webhook deliveries: sent after the response, never awaited by it; signed over the exact body bytes
 * (Standard Webhooks by default, or the scheme the run is configured for); retried with backoff on a
 * 5xx, a timeout or a refused connection, not on a 4xx the receiver meant (it will not change its mind);
 * bounded so a dead endpoint cannot pile up work.
 */
import { randomUUID } from 'node:crypto';
import { httpRequest } from '../support/client/http.ts';
import { signatureHeaders, type SignedMessage } from '../support/capture/signature/sign.ts';
import type { SignatureConfig } from '../support/capture/signature/verify.ts';
import type { EventName } from '../support/contract/events.ts';
import type { Bends, Outgoing } from './hooks.ts';
import type { WebhookRecord } from './store.ts';

export interface DeliveryOptions {
  /** Attempts per delivery, the first included. */
  readonly maxAttempts: number;
  /** Delay before the second attempt; each later one waits four times longer. */
  readonly firstRetryDelayMs: number;
  readonly attemptTimeoutMs: number;
  /** Deliveries queued or in flight at once; past it new ones are dropped (and counted). */
  readonly maxPending: number;
  /** How deliveries are signed. */
  readonly signature: SignatureConfig;
  /** Put before the value of an `hmac-sha256` signature header (`sha256=`), or nothing. */
  readonly signaturePrefix: string;
  /** How long after the write a delivery leaves (drawn per delivery), or null: at once. */
  readonly leaveAfterMs: { readonly min: number; readonly max: number } | null;
}

/** The dispatcher's own bounds; the variant's choices (attempts, signature) and the caller's options go over them. */
// The variant's and the run's options go over these (reference/app.ts): a store's own.
// Stryker disable all: "Delivery request headers, signature computation and retry behaviour: not shown."
export const defaultDeliveryOptions: DeliveryOptions = {
  maxAttempts: 4,
  firstRetryDelayMs: 250,
  attemptTimeoutMs: 5_000,
  maxPending: 1_000,
  signature: { scheme: 'standard-webhooks', header: 'x-signature', encoding: 'hex' },
  signaturePrefix: '',
  leaveAfterMs: null,
};
// Stryker restore all

/** A 4xx means the receiver refused this delivery for good, except these, which ask to try again. */
// Stryker disable next-line all: "Delivery request headers, signature computation and retry behaviour: not shown."
const RETRYABLE_CLIENT_ERRORS = new Set([408, 425, 429]);

interface Message {
  readonly id: string;
  readonly event: EventName;
  readonly data: unknown;
  readonly body: string;
  /** The event sent once more as a new message after it was delivered (a fault's bug, never the correct path). */
  readonly sentAnew: boolean;
}

// Stryker disable all: "Delivery request headers, signature computation and retry behaviour: not shown."
/** The status of an answer, its body read to the end (the connection is then free). */
async function statusOf(response: Awaited<ReturnType<typeof httpRequest>>): Promise<number> {
  await response.text().catch(() => undefined);
  return response.status;
}
// Stryker restore all

export class DeliveryDispatcher {
  #pending = 0;
  #dropped = 0;
  // Reading: webhook.delivery-destination
  #closed = false;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<AbortController>();

  constructor(
    private readonly faults: Bends,
    private readonly options: DeliveryOptions = defaultDeliveryOptions,
  ) {}

  // Stryker disable next-line all: equivalent: a count no answer shows
  get dropped(): number {
    return this.#dropped;
  }

  // Under the checkUrlOnRegister choice alone, as routes/webhooks.ts says.
  // Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."
  /**
   * A GET to a url being registered, before the registration is answered, as a store that checks its
   * webhooks' urls does: whatever comes back (or nothing), the registration goes on.
   */
  async checkUrl(url: string): Promise<void> {
    try {
      await httpRequest(url, { method: 'GET', signal: AbortSignal.timeout(1_000) });
    } catch {
      // An unreachable url is the registration's concern, not the check's.
    }
  }
  // Stryker restore all

  /**
   * Queues one delivery per active webhook subscribed to the event. Returns at once. `previous` renders
   * the product as it was before the update that emits (none for a create): the correct payload never uses it.
   */
  // Reading: webhook.delivery-destination, webhook.delivery-subscription, webhook.delivery-json, webhook.delivery-names-event, webhook.delivery-once, webhook.delivery-signature
  emit(emitted: EventName, data: unknown, webhooks: Iterable<WebhookRecord>, previous?: () => unknown): void {
    const all = [...webhooks];
    // Reading: webhook.delivery-status-off
    const active = all.filter((webhook) => webhook.status === 1);
    // Reading: webhook.delivery-subscription
    const recipients = (event: EventName) => active.filter((w) => w.events.some((e) => e.event_name === event));
    const emission = this.faults.bend(
      // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
      'emit',
      { event: emitted, data, webhooks: recipients(emitted) },
      { all, active, recipients, previous },
    );
    // Stryker disable next-line BooleanLiteral: equivalent: whether a message is sent anew is read by the faults' hook point alone
    for (const webhook of emission.webhooks) this.#send(webhook, this.#message(emission.event, emission.data, false));
  }

  // Reading: webhook.delivery-destination, webhook.delivery-subscription, webhook.delivery-json, webhook.delivery-names-event, webhook.delivery-once, webhook.delivery-signature
  #send(webhook: WebhookRecord, message: Message): void {
    // Stryker disable all: equivalent: a dispatcher closes only as its app stops, and no run has the deliveries pending at once its bound counts.
    if (this.#closed) return;
    if (this.#pending >= this.options.maxPending) {
      this.#dropped++;
      return;
    }
    this.#pending++;
    // Stryker restore all
    const queued = this.options.leaveAfterMs;
    // Stryker disable next-line ConditionalExpression: "Delivery request headers, signature computation and retry behaviour: not shown."
    if (queued === null) return this.#attempt(webhook, message, 1);
    // When a delivery leaves is each store's own (docs/variants.md, `deliveries-from-a-queue`).
    // Stryker disable all: "Delivery request headers, signature computation and retry behaviour: not shown."
    const leaves = setTimeout(
      () => {
        this.#timers.delete(leaves);
        this.#attempt(webhook, message, 1);
      },
      queued.min + Math.random() * (queued.max - queued.min),
    );
    this.#timers.add(leaves);
    // Stryker restore all
  }

  // What a notification carries beside the resource, and the message id its headers name, are each store's own.
  // Stryker disable all: "Payload shapes of event notifications: not shown." "Delivery request headers, signature computation and retry behaviour: not shown."
  #message(event: EventName, data: unknown, sentAnew: boolean): Message {
    const payload = { id: randomUUID(), event, created_at: new Date().toISOString(), data };
    return { id: `msg_${randomUUID()}`, event, data, body: JSON.stringify(payload), sentAnew };
  }
  // Stryker restore all

  // Reading: webhook.delivery-destination, webhook.delivery-subscription, webhook.delivery-json, webhook.delivery-names-event, webhook.delivery-once, webhook.delivery-signature
  #attempt(webhook: WebhookRecord, message: Message, attempt: number): void {
    // Stryker disable all: "Delivery request headers, signature computation and retry behaviour: not shown."
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.attemptTimeoutMs);
    this.#inFlight.add(controller);
    // Stryker restore all
    const outgoing: Outgoing = this.faults.bend(
      // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
      'delivery',
      {
        method: webhook.method_type,
        url: webhook.url,
        // Stryker disable next-line all: "Delivery request headers, signature computation and retry behaviour: not shown."
        headers: { 'content-type': 'application/json', 'user-agent': 'store-api-reference/1' },
        body: message.body,
        signed: message.body,
      },
      { webhook, event: message.event, data: message.data },
    );
    // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
    const secret = this.faults.bend('signingSecret', webhook.secret, { webhook, event: message.event });
    const headers = {
      ...outgoing.headers,
      ...this.#signatureHeaders(secret, { id: message.id, timestamp: new Date(), body: outgoing.signed }),
    };
    // Stryker disable next-line all: equivalent: a count the extra-fields choice shows, never the correct answer.
    webhook.deliveries++;
    // Not the global fetch: it refuses "bad ports" (6000, …) where a receiver may well listen.
    const answered = httpRequest(outgoing.url, {
      method: outgoing.method,
      headers,
      signal: controller.signal,
      // Stryker disable next-line ConditionalExpression: equivalent: a body undefined is sent as none
      ...(outgoing.body === undefined ? {} : { body: outgoing.body }),
    })
      .then(statusOf)
      .catch(() => undefined);
    // Stryker disable next-line all: "Delivery request headers, signature computation and retry behaviour: not shown."
    void answered.then((status) => this.#settle(webhook, message, attempt, { timer, controller, status }));
  }

  // Which answers are retried, how often and after how long is the dispatcher's own: the suite reads only that a
  // 2xx ends it (webhook.delivery-once, a reading, proven by its faults).
  // Stryker disable all: "Delivery request headers, signature computation and retry behaviour: not shown."
  /** After an attempt: done on a 2xx (or a 4xx the receiver meant), else tried again later, up to maxAttempts. */
  #settle(
    webhook: WebhookRecord,
    message: Message,
    attempt: number,
    { timer, controller, status }: { timer: NodeJS.Timeout; controller: AbortController; status: number | undefined },
  ): void {
    clearTimeout(timer);
    this.#inFlight.delete(controller);
    const done =
      status !== undefined &&
      ((status >= 200 && status < 300) || (status >= 400 && status < 500 && !RETRYABLE_CLIENT_ERRORS.has(status)));
    const outcome = this.faults.bend('settle', done ? 'done' : 'retry', {
      webhook,
      event: message.event,
      data: message.data,
      status,
      sentAnew: message.sentAnew,
    });
    if (outcome !== 'retry' || this.#closed || attempt >= this.options.maxAttempts) {
      this.#pending--;
      if (outcome === 'send-anew') this.#send(webhook, this.#message(message.event, message.data, true));
      return;
    }
    const retry = setTimeout(
      () => {
        this.#timers.delete(retry);
        this.#attempt(webhook, message, attempt + 1);
      },
      this.options.firstRetryDelayMs * 4 ** (attempt - 1),
    );
    this.#timers.add(retry);
  }
  // Stryker restore all

  // Reading: webhook.delivery-signature
  #signatureHeaders(secret: string, message: SignedMessage): Record<string, string> {
    const { signature, signaturePrefix } = this.options;
    const headers = signatureHeaders(signature, secret, message);
    const value = headers[signature.header];
    // A prefix before an hmac-sha256 value is a variant's (`sha256=`): the suite's scheme reads either.
    // Stryker disable next-line all: "Delivery request headers, signature computation and retry behaviour: not shown."
    if (signature.scheme === 'hmac-sha256' && value !== undefined) headers[signature.header] = signaturePrefix + value;
    return headers;
  }

  // Stryker disable all: equivalent: a dispatcher closes only as its app stops, after the run's last answer
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    for (const controller of this.#inFlight) controller.abort();
    this.#timers.clear();
  }
  // Stryker restore all
}
