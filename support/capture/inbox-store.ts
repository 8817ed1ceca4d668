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

  constructor(
    readonly id: string,
    /** Who opened it (`<run id> shard i/n`), for the server's usage counts; '' when not said. */
    readonly label: string,
    /** When it was opened (performance.now()). */
    readonly openedAt: number,
  ) {}

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

/** What the server served one label (a run, a shard): inboxes opened and deliveries kept. */
export interface LabelUsage {
  readonly label: string;
  inboxes: number;
  deliveries: number;
}

/** Labels counted apart; past it they are counted together under OTHER_LABELS. */
const MAX_LABELS = 1_000;
const OTHER_LABELS = '(other labels)';

export class InboxStore {
  readonly #inboxes = new Map<string, InboxState>();
  readonly #usage = new Map<string, LabelUsage>();

  constructor(readonly limits: CaptureLimits) {}

  get size(): number {
    return this.#inboxes.size;
  }

  /**
   * A new inbox with a 128-bit random id: unguessable, so parallel tests (and shards, and machines
   * sharing one server) never see each other's deliveries. Inboxes older than `maxInboxAgeMs` go first.
   */
  open(label = ''): InboxState {
    this.#expire();
    if (this.#inboxes.size >= this.limits.maxInboxes)
      throw new InboxFullError(`${this.limits.maxInboxes} inboxes are open; close some first`);
    const inbox = new InboxState(randomBytes(16).toString('hex'), label, performance.now());
    this.#inboxes.set(inbox.id, inbox);
    this.#usageOf(label).inboxes++;
    return inbox;
  }

  /** Counts a delivery kept by `inbox` against its label. */
  counted(inbox: InboxState): void {
    this.#usageOf(inbox.label).deliveries++;
  }

  /** Inboxes opened and deliveries kept, per label, since the server started. */
  usage(): LabelUsage[] {
    return [...this.#usage.values()].map((u) => ({ ...u }));
  }

  #usageOf(label: string): LabelUsage {
    const key = this.#usage.has(label) || this.#usage.size < MAX_LABELS ? label : OTHER_LABELS;
    let usage = this.#usage.get(key);
    if (!usage) this.#usage.set(key, (usage = { label: key, inboxes: 0, deliveries: 0 }));
    return usage;
  }

  /** Closes the inboxes open longer than the limit (the map keeps opening order: oldest first). */
  #expire(): void {
    const oldest = performance.now() - this.limits.maxInboxAgeMs;
    for (const inbox of this.#inboxes.values()) {
      if (inbox.openedAt > oldest) return;
      this.delete(inbox.id);
    }
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
