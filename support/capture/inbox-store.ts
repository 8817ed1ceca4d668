/**
 * The capture server's state: inboxes with their deliveries, their answer plans, and the waits held
 * open on them. A delivery wakes every wait on its inbox at once (no polling on either side).
 */
import { randomBytes } from 'node:crypto';
import type { AnswerPlan, CaptureLimits, DeliveryPage, DeliveryRecord } from './protocol.ts';

type Waker = () => void;

export class InboxState {
  readonly deliveries: DeliveryRecord[] = [];
  readonly #wakers = new Set<Waker>();
  #plan: { status: number; remaining: number } | undefined;
  dropped = 0;
  tooLarge = 0;
  closed = false;

  constructor(readonly id: string) {}

  /** The status to answer the next delivery with, consuming one use of the plan. */
  nextAnswer(): number {
    if (!this.#plan || this.#plan.remaining <= 0) return 200;
    this.#plan.remaining--;
    return this.#plan.status;
  }

  setPlan(plan: AnswerPlan): void {
    this.#plan = { status: plan.status, remaining: plan.times };
  }

  add(delivery: DeliveryRecord): void {
    this.deliveries.push(delivery);
    this.#wake();
  }

  page(after: number, size: number, timedOut: boolean): DeliveryPage {
    const deliveries = this.deliveries.slice(after, after + size);
    return {
      deliveries,
      next: after + deliveries.length,
      dropped: this.dropped,
      tooLarge: this.tooLarge,
      timedOut,
      closed: this.closed,
    };
  }

  /** Calls `waker` once, at the next delivery (or when the inbox is closed); returns a cancel function. */
  onNext(waker: Waker): () => void {
    this.#wakers.add(waker);
    return () => this.#wakers.delete(waker);
  }

  close(): void {
    this.closed = true;
    this.#wake();
  }

  #wake(): void {
    const wakers = [...this.#wakers];
    this.#wakers.clear();
    for (const wake of wakers) wake();
  }
}

export class InboxFullError extends Error {}

export class InboxStore {
  readonly #inboxes = new Map<string, InboxState>();

  constructor(readonly limits: CaptureLimits) {}

  get size(): number {
    return this.#inboxes.size;
  }

  /** A new inbox with a 128-bit random id: unguessable, so parallel tests never see each other's deliveries. */
  open(): InboxState {
    if (this.#inboxes.size >= this.limits.maxInboxes)
      throw new InboxFullError(`${this.limits.maxInboxes} inboxes are open; close some first`);
    const inbox = new InboxState(randomBytes(16).toString('hex'));
    this.#inboxes.set(inbox.id, inbox);
    return inbox;
  }

  get(id: string): InboxState | undefined {
    return this.#inboxes.get(id);
  }

  delete(id: string): boolean {
    const inbox = this.#inboxes.get(id);
    if (!inbox) return false;
    this.#inboxes.delete(id);
    inbox.close();
    return true;
  }

  closeAll(): void {
    for (const id of [...this.#inboxes.keys()]) this.delete(id);
  }
}
