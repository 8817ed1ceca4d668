/**
 * Webhook deliveries: sent after the response, never awaited by it; signed with Standard Webhooks
 * over the exact body bytes; retried with backoff; bounded so a dead endpoint cannot pile up work.
 */
import { randomUUID } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { EventName } from '../support/spec/events.ts';
import type { FaultSet } from './faults.ts';
import type { WebhookRecord } from './store.ts';

export interface DeliveryOptions {
  /** Attempts per delivery, the first included. */
  readonly maxAttempts: number;
  /** Delay before the second attempt; each later one waits four times longer. */
  readonly firstRetryDelayMs: number;
  readonly attemptTimeoutMs: number;
  /** Deliveries queued or in flight at once; past it new ones are dropped (and counted). */
  readonly maxPending: number;
}

export const defaultDeliveryOptions: DeliveryOptions = { maxAttempts: 4, firstRetryDelayMs: 250, attemptTimeoutMs: 5_000, maxPending: 1_000 };

export class DeliveryDispatcher {
  #pending = 0;
  #dropped = 0;
  #closed = false;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<AbortController>();

  constructor(
    private readonly faults: FaultSet,
    private readonly options: DeliveryOptions = defaultDeliveryOptions,
  ) {}

  get dropped(): number {
    return this.#dropped;
  }

  /** Queues one delivery per active webhook subscribed to the event. Returns at once. */
  emit(event: EventName, data: unknown, webhooks: Iterable<WebhookRecord>): void {
    if (this.faults.has('delivery-never-sent')) return;
    for (const webhook of webhooks) {
      if (webhook.status !== 1) continue;
      if (!webhook.events.some((e) => e.event_name === event)) continue;
      if (this.#closed) return;
      if (this.#pending >= this.options.maxPending) {
        this.#dropped++;
        continue;
      }
      this.#pending++;
      const body = JSON.stringify({ id: randomUUID(), event, created_at: new Date().toISOString(), data });
      this.#attempt(webhook, `msg_${randomUUID()}`, body, 1);
    }
  }

  #attempt(webhook: WebhookRecord, messageId: string, body: string, attempt: number): void {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.attemptTimeoutMs);
    this.#inFlight.add(controller);
    const timestamp = new Date();
    const signer = new StandardWebhook(webhook.secret, { format: 'raw' });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'store-api-reference/1',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signer.sign(messageId, timestamp, body),
    };
    void fetch(webhook.url, { method: webhook.method_type, headers, body, signal: controller.signal, redirect: 'manual' })
      .then(async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        return response.ok;
      })
      .catch(() => false)
      .then((ok) => {
        clearTimeout(timer);
        this.#inFlight.delete(controller);
        if (ok || this.#closed || attempt >= this.options.maxAttempts) {
          this.#pending--;
          return;
        }
        const retry = setTimeout(() => {
          this.#timers.delete(retry);
          this.#attempt(webhook, messageId, body, attempt + 1);
        }, this.options.firstRetryDelayMs * 4 ** (attempt - 1));
        this.#timers.add(retry);
      });
  }

  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    for (const controller of this.#inFlight) controller.abort();
    this.#timers.clear();
  }
}
