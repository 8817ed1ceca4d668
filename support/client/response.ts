import type { Exchange, RecordedRequest } from './exchange.ts';
import { redact } from '../redaction/redact.ts';
import { truncate } from './exchange.ts';

type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

/** What an operation returned: status, headers, the body (parsed as JSON once, on first use). */
export class ApiResponse {
  #parsed: Parsed | undefined;

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
  get succeeded(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  /** The body parsed as JSON; throws a message naming the status, content type and first bytes if it is not. */
  json(): unknown {
    const parsed = this.#parse();
    if (parsed.ok) return parsed.value;
    throw new Error(parsed.reason);
  }

  /** The body parsed as JSON, or undefined when it is not JSON. */
  jsonOrUndefined(): unknown {
    const parsed = this.#parse();
    return parsed.ok ? parsed.value : undefined;
  }

  /** Why the body is not JSON, or undefined when it is. */
  notJsonReason(): string | undefined {
    const parsed = this.#parse();
    return parsed.ok ? undefined : parsed.reason;
  }

  /** A one-line summary for assertion messages. */
  describe(): string {
    return `${this.request.method} ${this.request.url} → ${this.status}`;
  }

  #parse(): Parsed {
    this.#parsed ??= parseBody(this);
    return this.#parsed;
  }
}

function parseBody(response: ApiResponse): Parsed {
  const what = `${response.request.method} ${response.request.url} answered ${response.status}`;
  const type = `content-type ${JSON.stringify(response.contentType)}`;
  if (response.text.trim() === '') {
    return { ok: false, reason: redact(`${what} with an empty body (${type}) where a JSON body was expected`) };
  }
  try {
    return { ok: true, value: JSON.parse(response.text) as unknown };
  } catch (error) {
    // The parser's reason tells a truncated body ("Unexpected end of JSON input") from an HTML page.
    return {
      ok: false,
      reason: redact(
        `${what} with a body that is not JSON (${(error as Error).message}; ${type}, ${Buffer.byteLength(response.text)} bytes), ` +
          `starting: ${JSON.stringify(truncate(response.text, 200))}`,
      ),
    };
  }
}
