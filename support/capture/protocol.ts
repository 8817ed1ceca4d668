/**
 * What the capture server and its clients agree on: where inboxes and the control API live, and the
 * JSON a delivery travels in. Bodies travel base64-encoded, so the exact bytes the target sent (and
 * signed) reach the test unchanged.
 */

/** Deliveries arrive at `/in/<inbox id>` (and anything under it). */
export const INBOX_PREFIX = '/in';
/**
 * `/drop/…` takes any request and keeps nothing: where webhooks that wait for no delivery are parked when
 * the target refuses the unreachable default (a `.invalid` host) and takes the capture server's address.
 */
export const DROP_PREFIX = '/drop';
/** The control API lives under `/_control/<control token>`; a wrong token gets the same 404 as no route. */
export const CONTROL_PREFIX = '/_control';
/** Answers `CaptureHealth` without the token: a capture server is there (its control API needs the token). */
export const HEALTH_PATH = '/health';
export const CAPTURE_SERVICE = 'store-api-conformance capture server';

export interface CaptureHealth {
  readonly ok: true;
  readonly service: typeof CAPTURE_SERVICE;
}

/** Longest label an inbox may be opened with (`<run id> shard i/n`). */
export const MAX_LABEL_LENGTH = 120;

export interface CaptureLimits {
  /** Largest delivery body stored, in bytes; larger ones are answered 413. */
  readonly maxBodyBytes: number;
  /** Deliveries one inbox stores; past it they are answered 429 and counted as dropped (a flood). */
  readonly maxDeliveriesPerInbox: number;
  /** Inboxes open at once; past it opening one is answered 429. */
  readonly maxInboxes: number;
  /** Longest a wait may be held open, in milliseconds. */
  readonly maxWaitMs: number;
  /** Deliveries returned by one wait or list call; the client follows `next` for the rest. */
  readonly pageSize: number;
  /**
   * An inbox open longer than this is closed when the next one opens: a run killed before its tests
   * closed their inboxes must not fill a capture server that outlives it (`npm run capture`).
   */
  readonly maxInboxAgeMs: number;
}

export const defaultCaptureLimits: CaptureLimits = {
  maxBodyBytes: 1024 * 1024,
  maxDeliveriesPerInbox: 1_000,
  maxInboxes: 10_000,
  maxWaitMs: 120_000,
  pageSize: 100,
  maxInboxAgeMs: 60 * 60_000,
};

/** How an inbox answers deliveries: `status` for the next `times` ones, then 200. */
export interface AnswerPlan {
  readonly status: number;
  readonly times: number;
}

export interface DeliveryRecord {
  /** 0-based position in its inbox. */
  readonly seq: number;
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  /** Lowercase names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyBase64: string;
  /** When the whole delivery had arrived: epoch milliseconds with sub-millisecond precision. */
  readonly receivedAt: number;
  /** The status the inbox answered it with. */
  readonly answeredWith: number;
}

export interface InboxCreated {
  readonly id: string;
  /** Path of the inbox on the capture server (`/in/<id>`). */
  readonly path: string;
}

export interface DeliveryPage {
  readonly deliveries: readonly DeliveryRecord[];
  /** Cursor for the next call (`after=`): the seq after the last delivery returned. */
  readonly next: number;
  /** Deliveries refused because the inbox was full, and bodies refused as too large. */
  readonly dropped: number;
  readonly tooLarge: number;
  /** True when a wait ended without a delivery. */
  readonly timedOut: boolean;
  /** True when the inbox was closed (its test ended, or the server is shutting down). */
  readonly closed: boolean;
}

/** The current time as epoch milliseconds with sub-millisecond precision, comparable across processes. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
