import type { Exchange, RecordedRequest } from './exchange.ts';
import { redact } from '../redact.ts';
import { truncate } from './exchange.ts';

/** What an operation returned: status, headers, the parsed JSON body (or why it is not JSON). */
export class ApiResponse {
  constructor(readonly exchange: Exchange & { response: NonNullable<Exchange['response']> }) {}

  get status(): number {
    return this.exchange.response.status;
  }
  get headers(): Readonly<Record<string, string>> {
    return this.exchange.response.headers;
  }
  get text(): string {
    return this.exchange.response.bodyText;
  }
  get request(): RecordedRequest {
    return this.exchange.request;
  }
  get contentType(): string {
    return this.headers['content-type'] ?? '';
  }

  /** The body parsed as JSON; throws a message naming the status, content type and first bytes if it is not. */
  json(): unknown {
    try {
      return JSON.parse(this.text) as unknown;
    } catch {
      throw new Error(redact(
        `${this.request.method} ${this.request.url} answered ${this.status} with a body that is not JSON ` +
          `(content-type ${JSON.stringify(this.contentType)}, ${this.text.length} characters): ${JSON.stringify(truncate(this.text, 200))}`,
      ));
    }
  }

  /** A one-line summary for assertion messages. */
  describe(): string {
    return `${this.request.method} ${this.request.url} → ${this.status}`;
  }
}
