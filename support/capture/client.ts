/**
 * The workers' side of the capture server: open an inbox, give its URL to the target, and wait for
 * what arrives there. Waiting is a long poll the server answers the moment a delivery lands, so a
 * test resumes within milliseconds of arrival and never sleeps.
 */
import { httpRequest, type HttpResponse } from '../client/http.ts';
import { redact, registerSecret } from '../redaction/redact.ts';
import { Delivery, matches, type DeliveryMatcher } from './delivery.ts';
import {
  CONTROL_PREFIX,
  epochNow,
  MAX_LABEL_LENGTH,
  type AnswerPlan,
  type DeliveryPage,
  type InboxCreated,
} from './protocol.ts';

/** Extra time a control call may take beyond the wait it asked for, before the client gives up. */
const CONTROL_SLACK_MS = 10_000;

export class CaptureError extends Error {
  override name = 'CaptureError';
}

/**
 * A wait that ended with nothing the matcher accepts arrived in time: what the target did (or did not
 * do). Every other CaptureError is the capture server's own failure, or the test's end.
 */
export class NothingArrived extends CaptureError {
  override name = 'NothingArrived';
}

/** Where a run's capture server is: set by global setup (support/capture/start.ts) for the workers. */
export interface CaptureEndpoint {
  /** Address the workers reach the server's control API at: loopback, or CAPTURE_URL for a shared server. */
  readonly localUrl: string;
  /** Address the target is told (CAPTURE_PUBLIC_URL, or the local one). */
  readonly publicUrl: string;
  readonly controlToken: string;
}

export class CaptureClient {
  readonly #control: string;

  /**
   * `label` names who opens inboxes (`<run id> shard i/n`): a capture server shared by several runs or
   * shards counts its inboxes and deliveries per label.
   */
  constructor(
    readonly endpoint: CaptureEndpoint,
    readonly label?: string,
  ) {
    registerSecret(endpoint.controlToken);
    this.#control = `${endpoint.localUrl}${CONTROL_PREFIX}/${endpoint.controlToken}`;
  }

  /** Calls the control API; any answer but the expected one is a CaptureError naming the call. */
  async call<T>(
    method: string,
    path: string,
    options: { body?: unknown; signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<T> {
    const signals = [
      AbortSignal.timeout((options.timeoutMs ?? 0) + CONTROL_SLACK_MS),
      ...(options.signal ? [options.signal] : []),
    ];
    let response: HttpResponse;
    try {
      response = await httpRequest(`${this.#control}${path}`, {
        method,
        signal: AbortSignal.any(signals),
        ...(options.body === undefined
          ? {}
          : { body: JSON.stringify(options.body), headers: { 'content-type': 'application/json' } }),
      });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw new CaptureError(
        redact(
          `capture server: ${method} ${path} failed (${(error as Error).message}). Is the run's capture server up?`,
        ),
      );
    }
    const text = await response.text();
    if (!response.ok)
      throw new CaptureError(
        redact(`capture server: ${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`),
      );
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  async openInbox(ended: AbortSignal = new AbortController().signal): Promise<Inbox> {
    const body = this.label === undefined ? {} : { body: { label: this.label.slice(0, MAX_LABEL_LENGTH) } };
    const created = await this.call<InboxCreated>('POST', '/inboxes', { signal: ended, ...body });
    return new Inbox(this, created, ended);
  }
}

export class Inbox {
  readonly id: string;
  /** The URL to register as a webhook's `url`: where the target delivers. */
  readonly url: string;
  /** The same inbox on the loopback address, for the suite's own requests. */
  readonly localUrl: string;

  constructor(
    private readonly client: CaptureClient,
    created: InboxCreated,
    private readonly ended: AbortSignal,
  ) {
    this.id = created.id;
    this.url = `${client.endpoint.publicUrl}${created.path}`;
    this.localUrl = `${client.endpoint.localUrl}${created.path}`;
  }

  /** Resolves with the first delivery (since the inbox opened) the matcher accepts; fails at the timeout, listing what did arrive. */
  waitFor(matcher: DeliveryMatcher, options: { timeoutMs: number }): Promise<Delivery> {
    return handled(
      this.#scan(matcher, options.timeoutMs).then(({ found, seen, page }) => {
        if (found) return found;
        throw new NothingArrived(
          `No delivery matching ${matcher.description} arrived at ${this.url} within ${options.timeoutMs} ms.\n${describeSeen(seen, page)}`,
        );
      }),
    );
  }

  /** Fails if a delivery the matcher accepts arrives within the window; returns once it has passed. */
  expectNone(matcher: DeliveryMatcher, options: { withinMs: number }): Promise<void> {
    return handled(
      this.#scan(matcher, options.withinMs).then(({ found }) => {
        if (found)
          throw new CaptureError(
            `Expected no delivery matching ${matcher.description} at ${this.url} within ${options.withinMs} ms, but one arrived:\n  ${found.describe()}`,
          );
      }),
    );
  }

  /**
   * Every delivery the matcher accepts, since the inbox opened and until `untilEpochMs` (epoch ms, as
   * `receivedAt`): a bounded watch that ends at that time whatever arrives, woken by each arrival.
   * Called after that time it returns at once with what arrived before: several inboxes watched until
   * one time are collected one after the other.
   */
  async collect(matcher: DeliveryMatcher, options: { untilEpochMs: number }): Promise<Delivery[]> {
    const found: Delivery[] = [];
    for (let after = 0; ;) {
      const remaining = Math.max(0, Math.ceil(options.untilEpochMs - epochNow()));
      const page = await this.client.call<DeliveryPage>(
        'GET',
        `/inboxes/${this.id}/wait?after=${after}&timeoutMs=${remaining}`,
        { signal: this.ended, timeoutMs: remaining },
      );
      found.push(...page.deliveries.map((record) => new Delivery(record)).filter((d) => matches(matcher, d)));
      after = page.next;
      if (page.closed)
        throw new CaptureError(`The inbox ${this.url} was closed while watching for ${matcher.description}.`);
      // Past the time, every page still there is read; then an empty page ends the watch.
      if (page.deliveries.length === 0 && (remaining === 0 || page.timedOut)) return found;
    }
  }

  /** Every delivery so far, oldest first. */
  async received(): Promise<Delivery[]> {
    const out: Delivery[] = [];
    for (let after = 0; ;) {
      const page = await this.client.call<DeliveryPage>('GET', `/inboxes/${this.id}/deliveries?after=${after}`, {
        signal: this.ended,
      });
      out.push(...page.deliveries.map((record) => new Delivery(record)));
      if (page.deliveries.length === 0) return out;
      after = page.next;
    }
  }

  /** Answers the next `times` deliveries with `status` (then 200): to watch a target retry. */
  async answer(plan: AnswerPlan): Promise<void> {
    await this.client.call('PUT', `/inboxes/${this.id}/answer`, { body: plan, signal: this.ended });
  }

  async close(): Promise<void> {
    await this.client.call('DELETE', `/inboxes/${this.id}`).catch(() => undefined);
  }

  async #scan(
    matcher: DeliveryMatcher,
    timeoutMs: number,
  ): Promise<{ found: Delivery | undefined; seen: Delivery[]; page: DeliveryPage | undefined }> {
    const deadline = performance.now() + timeoutMs;
    const seen: Delivery[] = [];
    let page: DeliveryPage | undefined;
    for (let after = 0; ; after = page.next) {
      const remaining = Math.max(0, Math.ceil(deadline - performance.now()));
      try {
        page = await this.client.call<DeliveryPage>(
          'GET',
          `/inboxes/${this.id}/wait?after=${after}&timeoutMs=${remaining}`,
          { signal: this.ended, timeoutMs: remaining },
        );
      } catch (error) {
        if (!this.ended.aborted) throw error;
        throw new CaptureError(
          `The test ended while waiting for a delivery matching ${matcher.description} at ${this.url}.\n${describeSeen(seen, page)}`,
        );
      }
      for (const record of page.deliveries) {
        const delivery = new Delivery(record);
        seen.push(delivery);
        if (matches(matcher, delivery)) return { found: delivery, seen, page };
      }
      if (page.closed)
        throw new CaptureError(
          `The inbox ${this.url} was closed while waiting for a delivery matching ${matcher.description}.`,
        );
      if (page.deliveries.length === 0 && (page.timedOut || remaining === 0)) return { found: undefined, seen, page };
    }
  }
}

/**
 * A wait a test started but has not awaited yet (it acts first, then awaits) may be rejected by the
 * test's end before anyone listens; that must not count as an unhandled rejection. Whoever awaits
 * the returned promise still gets the rejection.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** What a wait that saw nothing adds: the likely cause when the target runs where loopback is not this machine. */
const NOTHING_ARRIVED_HINT =
  'If the target runs in a container or on another host, it cannot reach the capture server on loopback: set CAPTURE_PUBLIC_URL to an address of the capture server it can reach (with CAPTURE_HOST=0.0.0.0 and a fixed CAPTURE_PORT).';

/** What did arrive at an inbox, for a failure message. */
function describeSeen(seen: readonly Delivery[], page: DeliveryPage | undefined): string {
  const lines =
    seen.length === 0
      ? [`Nothing arrived there. ${NOTHING_ARRIVED_HINT}`]
      : [
          `${seen.length} deliver${seen.length === 1 ? 'y' : 'ies'} arrived there:`,
          ...seen.slice(-20).map((d) => `  ${d.describe()}`),
        ];
  if (seen.length > 20) lines.splice(1, 0, `  (${seen.length - 20} earlier ones not shown)`);
  if (page && page.dropped > 0) lines.push(`${page.dropped} more were refused because the inbox was full.`);
  if (page && page.tooLarge > 0)
    lines.push(`${page.tooLarge} more were refused as larger than the capture server's body limit (413).`);
  return redact(lines.join('\n'));
}

/**
 * The inboxes of one test: opened on demand, all closed when the test ends. Closing first aborts
 * every pending wait (it rejects, naming what never arrived), then deletes the inboxes.
 */
export class InboxPool {
  readonly #ended = new AbortController();
  readonly #open: Inbox[] = [];

  constructor(private readonly client: CaptureClient) {}

  async open(): Promise<Inbox> {
    const inbox = await this.client.openInbox(this.#ended.signal);
    this.#open.push(inbox);
    return inbox;
  }

  get inboxes(): readonly Inbox[] {
    return this.#open;
  }

  /** Each inbox with what arrived at it, for a failure attachment. */
  async describe(): Promise<string> {
    const parts: string[] = [];
    for (const inbox of this.#open) {
      const seen = await inbox.received().catch(() => undefined);
      parts.push(`${inbox.url}\n${seen ? describeSeen(seen, undefined) : '(could not be read)'}`);
    }
    return parts.join('\n\n');
  }

  async close(): Promise<void> {
    this.#ended.abort(new CaptureError('the test ended'));
    await Promise.all(this.#open.map((inbox) => inbox.close()));
  }
}
