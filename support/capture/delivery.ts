/** A delivery as a test sees it: the request the target sent, with its exact body bytes. */
import { redact } from '../redaction/redact.ts';
import type { DeliveryRecord } from './protocol.ts';

const PREVIEW_BYTES = 160;

export class Delivery {
  readonly seq: number;
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  /** Lowercase names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body exactly as sent: signatures are verified over these bytes, never over re-serialised JSON. */
  readonly body: Buffer;
  /** Epoch milliseconds (sub-millisecond precision) at which the capture server had the whole delivery. */
  readonly receivedAt: number;
  readonly answeredWith: number;

  constructor(record: DeliveryRecord) {
    this.seq = record.seq;
    this.method = record.method;
    this.url = record.url;
    this.headers = record.headers;
    this.body = Buffer.from(record.bodyBase64, 'base64');
    this.receivedAt = record.receivedAt;
    this.answeredWith = record.answeredWith;
  }

  /** The record it was made from: what a test writes down for another worker to read. */
  toRecord(): DeliveryRecord {
    const { seq, method, url, headers, receivedAt, answeredWith } = this;
    return { seq, method, url, headers, bodyBase64: this.body.toString('base64'), receivedAt, answeredWith };
  }

  get path(): string {
    return this.url.split('?')[0] ?? this.url;
  }

  get contentType(): string {
    return this.headers['content-type'] ?? '';
  }

  header(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  text(): string {
    return this.body.toString('utf8');
  }

  /** The body parsed as JSON, or undefined when it is not JSON. */
  json(): unknown {
    try {
      return JSON.parse(this.text()) as unknown;
    } catch {
      return undefined;
    }
  }

  /** One line for messages: method, path, content type, size, answer, first bytes. Redacted. */
  describe(): string {
    const shownPath = this.path.replace(/^(\/in\/[0-9a-f]{6})[0-9a-f]{26}/, '$1…');
    const preview = this.body
      .subarray(0, PREVIEW_BYTES)
      .toString('utf8')
      .replace(/\uFFFD/g, '?');
    const more = this.body.length > PREVIEW_BYTES ? `… (${this.body.length} bytes)` : '';
    return redact(
      `#${this.seq} ${this.method} ${shownPath} content-type ${JSON.stringify(this.contentType)}, ${this.body.length} bytes, ` +
        `answered ${this.answeredWith}: ${JSON.stringify(preview)}${more}`,
    );
  }
}

/** What a test waits for: a predicate and the words that name it in a failure. */
export interface DeliveryMatcher {
  readonly description: string;
  test(delivery: Delivery): boolean;
}

export function deliveryMatching(description: string, test: (delivery: Delivery) => boolean): DeliveryMatcher {
  return { description, test };
}

/** Any delivery at all. */
export const anyDelivery = deliveryMatching('any delivery', () => true);

/** A matcher that throws (on an unexpected body shape, say) has simply not matched. */
export function matches(matcher: DeliveryMatcher, delivery: Delivery): boolean {
  try {
    return matcher.test(delivery);
  } catch {
    return false;
  }
}
