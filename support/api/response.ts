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
    const what = `${this.request.method} ${this.request.url} answered ${this.status}`;
    const type = `content-type ${JSON.stringify(this.contentType)}`;
    if (this.text.trim() === '')
      throw new Error(redact(`${what} with an empty body (${type}) where a JSON body was expected`));
    try {
      return JSON.parse(this.text) as unknown;
    } catch (error) {
      // The parser's reason tells a truncated body ("Unexpected end of JSON input") from an HTML page.
      throw new Error(
        redact(
          `${what} with a body that is not JSON (${(error as Error).message}; ${type}, ${Buffer.byteLength(this.text)} bytes), ` +
            `starting: ${JSON.stringify(truncate(this.text, 200))}`,
        ),
      );
    }
  }

  /** A one-line summary for assertion messages. */
  describe(): string {
    return `${this.request.method} ${this.request.url} → ${this.status}`;
  }
}
