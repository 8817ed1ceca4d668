/**
 * What the observation tests make of the deliveries they caught (tests/observations/delivery-behaviour.spec.ts):
 * header names by role, retry attempts and intervals, repeats of one event, payload field names. Pure
 * functions over deliveries, so each reading is tested on its own (selftest/delivery-observations.spec.ts).
 * Nothing here keeps a header value or a field value: names, counts and times only (values may be secrets).
 */
import { createHash } from 'node:crypto';
import { isObject, productObject } from './json-search.ts';
import { SIGNATURE_HEADER } from './signature/headers.ts';
import type { ObservedHeaders, ObservedPayload, ObservedRepeats, ObservedRetries } from './observed.ts';
import type { Delivery } from './delivery.ts';

/** A delivery with the event the test caused it with. */
export interface EventDelivery {
  readonly event: string;
  readonly delivery: Delivery;
}

/** Header names, by role, as the common webhook conventions spell them (Standard Webhooks, Svix, GitHub, Shopify, Stripe…). */
const ROLES = {
  id: /^(?:webhook-id|svix-id|idempotency-key|x-(?:[a-z0-9-]+-)?(?:delivery|delivery-id|event-id|message-id|webhook-id))$/,
  timestamp: /^(?:webhook-timestamp|svix-timestamp|x-(?:[a-z0-9-]+-)?(?:timestamp|sent-at|time))$/,
  signature: SIGNATURE_HEADER,
  event: /^x-(?:[a-z0-9-]+-)?(?:event|event-type|event-name|topic)$/,
} as const;
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]{1,100}$/;
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/**
 * The header names of the deliveries, and those recognised as an id, a timestamp, a signature (also
 * `signatureHeader`, the configured WEBHOOK_SIGNATURE_HEADER) or the event (also any header whose value
 * is the delivery's event name: seen, not guessed).
 */
export function observeHeaders(deliveries: readonly EventDelivery[], signatureHeader?: string): ObservedHeaders {
  const names = new Set<string>();
  const recognised = {
    id: new Set<string>(),
    timestamp: new Set<string>(),
    signature: new Set<string>(),
    event: new Set<string>(),
  };
  for (const { event, delivery } of deliveries) {
    for (const [name, value] of Object.entries(delivery.headers)) {
      if (!TOKEN.test(name)) continue;
      names.add(name);
      for (const role of ['id', 'timestamp', 'signature', 'event'] as const)
        if (ROLES[role].test(name)) recognised[role].add(name);
      if (name === signatureHeader?.toLowerCase()) recognised.signature.add(name);
      if (value === event) recognised.event.add(name);
    }
  }
  return {
    deliveries: deliveries.length,
    names: sorted(names),
    recognised: {
      id: sorted(recognised.id),
      timestamp: sorted(recognised.timestamp),
      signature: sorted(recognised.signature),
      event: sorted(recognised.event),
    },
  };
}

const seconds = (ms: number) => `${(ms / 1_000).toFixed(1)} s`;

/** How intervals run: `increasing` when each is at least 1.5 times the one before, `constant` when all are within 25% of their mean. */
export function intervalPattern(intervalsMs: readonly number[]): ObservedRetries['pattern'] {
  if (intervalsMs.length === 0) return 'no retry';
  if (intervalsMs.length === 1) return 'one retry';
  if (intervalsMs.every((v, i) => i === 0 || v >= 1.5 * (intervalsMs[i - 1] as number))) return 'increasing';
  const mean = intervalsMs.reduce((a, b) => a + b, 0) / intervalsMs.length;
  if (intervalsMs.every((v) => Math.abs(v - mean) <= 0.25 * mean)) return 'constant';
  return 'irregular';
}

/**
 * The attempts of one delivery the inbox answered `answeredWith` every time, watched for `windowMs`
 * after the first. A target that retries later than the window reads as not retrying: the summary says so.
 */
export function observeRetries(
  attempts: readonly Delivery[],
  options: { readonly windowMs: number; readonly answeredWith: number },
): ObservedRetries {
  const first = attempts[0]?.receivedAt ?? 0;
  const offsetsMs = attempts.map((a) => Math.round(a.receivedAt - first));
  const intervalsMs = offsetsMs.slice(1).map((offset, i) => offset - (offsetsMs[i] as number));
  const quietAfterLastMs = Math.max(0, options.windowMs - (offsetsMs.at(-1) ?? 0));
  const pattern = intervalPattern(intervalsMs);
  const answered = `answered ${options.answeredWith}`;
  const summary =
    attempts.length <= 1
      ? `No retry seen: one attempt, ${answered}, then none for ${seconds(quietAfterLastMs)} (the window). A retry later than that would not show here.`
      : `Retried: ${attempts.length} attempts, each ${answered}, at intervals of ${intervalsMs.join(', ')} ms (${pattern}); none in the last ${seconds(quietAfterLastMs)} of the ${seconds(options.windowMs)} window.`;
  return {
    answeredWith: options.answeredWith,
    windowMs: options.windowMs,
    attempts: attempts.length,
    offsetsMs,
    intervalsMs,
    pattern,
    quietAfterLastMs,
    summary,
  };
}

const bodyDigest = (delivery: Delivery) => createHash('sha256').update(delivery.body).digest('hex');

/** Whether `later` repeats `earlier`: the same value of an id header both carry, or the same body bytes. */
function isRepeat(earlier: Delivery, later: Delivery, idHeaders: readonly string[]): boolean {
  const sameId = idHeaders.some((name) => {
    const value = earlier.header(name);
    return value !== undefined && value === later.header(name);
  });
  return sameId || bodyDigest(earlier) === bodyDigest(later);
}

/** An event caused once, the delivery of it a test caught, and every delivery about the product at that inbox. */
export interface WatchedEvent extends EventDelivery {
  readonly all: readonly Delivery[];
}

/**
 * Whether each event caused once arrived once: every delivery about the product at its inbox within the
 * window counts as a copy of the one caught (same id header value, or same body) or as another delivery.
 */
export function observeRepeats(
  watched: readonly WatchedEvent[],
  options: { readonly windowMs: number; readonly idHeaders: readonly string[] },
): ObservedRepeats {
  let others = 0;
  const events = watched.map(({ event, delivery, all }) => {
    const copies = all.filter((d) => d.seq === delivery.seq || isRepeat(delivery, d, options.idHeaders)).length;
    others += all.length - copies;
    return { event, deliveries: copies, repeats: Math.max(0, copies - 1) };
  });
  const deliveredOnce = events.every((e) => e.deliveries === 1);
  const detail = events.map((e) => `${e.event} ${e.deliveries} time${e.deliveries === 1 ? '' : 's'}`).join(', ');
  const also = others > 0 ? `; ${others} other deliver${others === 1 ? 'y' : 'ies'} about the product` : '';
  const summary = `${deliveredOnce ? 'Each event arrived once' : 'Not each event arrived once'}: ${detail}${also}, watched ${seconds(options.windowMs)} after the last.`;
  return { windowMs: options.windowMs, events, others, deliveredOnce, summary };
}

/** At most this many keys of one object are reported, each cut to 100 characters. */
const MAX_KEYS = 100;
const keysOf = (value: object) =>
  Object.keys(value)
    .slice(0, MAX_KEYS)
    .map((k) => k.slice(0, 100));

/** The field names of a delivery's body: its top-level keys, and where the product sits and its keys. */
export function observePayload(event: string, delivery: Delivery, productId: number): ObservedPayload {
  const json = delivery.json();
  if (!isObject(json))
    return {
      event,
      body: json === undefined ? 'not json' : 'json, not an object',
      topLevelKeys: [],
      productPath: null,
      productKeys: [],
    };
  const product = productObject(json, productId);
  return {
    event,
    body: 'json object',
    topLevelKeys: keysOf(json),
    productPath: product?.path ?? null,
    productKeys: product ? keysOf(product.value) : [],
  };
}
