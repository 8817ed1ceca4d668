/**
 * The API client: one typed function per documented operation, plus `send` for deliberately wrong
 * requests. A call builds its request (support/client/request.ts), passes the before-send guards (the
 * webhook destination check), is recorded before it is sent (so a test that times out still shows
 * it), and hands its answer to the recorders (secrets, created-resources journal). Every error it
 * throws is redacted: Playwright's own call log of a failed request carries the Authorization header.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { Operations, type OperationId } from '../contract/operations.ts';
import { redact } from '../redaction/redact.ts';
import type {
  BookingProductBody,
  ListProductsQuery,
  ServiceProductBody,
  WebhookBody,
} from '../contract/schemas/bodies.ts';
import type { Exchange } from './exchange.ts';
import type { Recorder } from './recorders.ts';
import { buildRequest, type BuiltRequest, type RequestTarget, type SendOptions } from './request.ts';
import { ApiResponse } from './response.ts';

export type { SendOptions } from './request.ts';
export type { Credentials } from './headers.ts';

class TargetRequestError extends Error {
  override name = 'TargetRequestError';
}

/** How often a request answered 429 (Too Many Requests) is sent again; a 429 after that is the answer. */
export const RATE_LIMITED_RETRIES = 3;
/** The longest wait between them, whatever Retry-After asks: a test's time is bounded. */
const MAX_RETRY_WAIT_MS = 5_000;

/** The wait a Retry-After header asks for (seconds, or an HTTP date), 1 s when it says nothing usable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number {
  const seconds = Number(header);
  const asked =
    header === undefined || header.trim() === ''
      ? NaN
      : Number.isFinite(seconds)
        ? seconds * 1_000
        : Date.parse(header) - now;
  return Math.min(MAX_RETRY_WAIT_MS, Math.max(0, Number.isFinite(asked) ? asked : 1_000));
}

/** Throws to stop a request before it is sent. */
type Guard = (request: BuiltRequest) => void;

export interface StoreApiOptions {
  readonly target: RequestTarget;
  readonly requestTimeoutMs: number;
  /** Headers added to every request, computed as it is built. */
  readonly extraHeaders?: () => Readonly<Record<string, string>>;
  readonly guards?: readonly Guard[];
  readonly recorders?: readonly Recorder[];
}

type Options<Omitted extends keyof SendOptions> = Omit<SendOptions, Omitted>;

type AnsweredExchange = Exchange & { response: NonNullable<Exchange['response']> };

/** The lists `StoreApi.within` gathers exchanges in, for the code running inside it. */
const gathering = new AsyncLocalStorage<readonly Exchange[][]>();

export class StoreApi {
  readonly #exchanges: Exchange[] = [];

  constructor(
    private readonly context: APIRequestContext,
    private readonly options: StoreApiOptions,
  ) {}

  /** Every exchange of this client so far, oldest first. */
  get exchanges(): readonly Exchange[] {
    return this.#exchanges;
  }

  /**
   * Exchanges another test's client made, which this test reads (an answer several tests share,
   * fixtures/shared.ts): kept with its own, so its failure evidence shows the request it judged.
   */
  showExchanges(exchanges: readonly Exchange[]): void {
    for (const exchange of exchanges) if (!this.#exchanges.includes(exchange)) this.#exchanges.push(exchange);
  }

  /**
   * Runs `make` with a list gathering every exchange made inside it (of this client, or of another used there), as each ends: what one of
   * several things made at once by one test shows its readers, apart from the others' requests.
   */
  within<T>(make: (exchanges: readonly Exchange[]) => Promise<T>): Promise<T> {
    const exchanges: Exchange[] = [];
    return gathering.run([...(gathering.getStore() ?? []), exchanges], () => make(exchanges));
  }

  registerWebhook(body: WebhookBody, options: Options<'body'> = {}) {
    return this.send('registerWebhook', { ...options, body });
  }
  updateWebhook(identifier: number, body: WebhookBody, options: Options<'body' | 'identifier'> = {}) {
    return this.send('updateWebhook', { ...options, identifier, body });
  }
  webhookEvents(options: SendOptions = {}) {
    return this.send('webhookEvents', options);
  }
  createBookingProduct(body: BookingProductBody, options: Options<'body'> = {}) {
    return this.send('createBookingProduct', { ...options, body });
  }
  createServiceProduct(body: ServiceProductBody, options: Options<'body'> = {}) {
    return this.send('createServiceProduct', { ...options, body });
  }
  updateServiceProduct(identifier: number, body: ServiceProductBody, options: Options<'body' | 'identifier'> = {}) {
    return this.send('updateServiceProduct', { ...options, identifier, body });
  }
  listProducts(query: ListProductsQuery = {}, options: Options<'query'> = {}) {
    return this.send('listProducts', { ...options, query });
  }

  /** Any operation, with any body: for the negative tests. */
  async send(operationId: OperationId, options: SendOptions = {}): Promise<ApiResponse> {
    const extra = this.options.extraHeaders?.();
    const request = buildRequest(
      operationId,
      extra ? { ...options, headers: { ...extra, ...options.headers } } : options,
      this.options.target,
    );
    for (const guard of this.options.guards ?? []) guard(request);
    const answer = new ApiResponse(await this.#exchange(operationId, request));
    const answered = {
      operation: operationId,
      sent: request.json,
      status: answer.status,
      json: answer.jsonOrUndefined(),
    };
    for (const record of this.options.recorders ?? []) record(answered);
    return answer;
  }

  /**
   * Sends the request and keeps the exchange, recorded before the call: a test that times out while
   * waiting still shows this request as its last. No answer is a TargetRequestError, its message redacted.
   */
  async #exchange(operationId: OperationId, request: BuiltRequest): Promise<AnsweredExchange> {
    const started = performance.now();
    const lists = gathering.getStore() ?? [];
    const slot =
      this.#exchanges.push({
        request: request.recorded,
        response: undefined,
        error: 'no answer yet: the test ended while waiting for it',
      }) - 1;
    try {
      const response = await this.#fetch(request);
      const bodyText = (await response.body()).toString('utf8');
      const exchange: AnsweredExchange = {
        request: request.recorded,
        response: {
          status: response.status(),
          headers: response.headers(),
          bodyText,
          durationMs: performance.now() - started,
        },
        error: undefined,
      };
      this.#exchanges[slot] = exchange;
      for (const list of lists) list.push(exchange);
      return exchange;
    } catch (error) {
      const message = redact((error as Error).message);
      const failed: Exchange = { request: request.recorded, response: undefined, error: message };
      this.#exchanges[slot] = failed;
      for (const list of lists) list.push(failed);
      throw new TargetRequestError(
        `${Operations[operationId].name}: ${request.method} ${request.url} got no response within ${this.options.requestTimeoutMs} ms or failed to connect.\n${message}`,
      );
    }
  }

  /** The request through Playwright, asked again as a 429 says (rate limits are not shown: a target may ask the suite to slow down). */
  async #fetch(request: BuiltRequest): Promise<APIResponse> {
    const fetchOnce = () =>
      this.context.fetch(request.url, {
        method: request.method,
        headers: { ...request.headers },
        // As bytes: Playwright wraps a string that is not valid JSON in quotes when the content type is
        // JSON, so a malformed body would arrive as a well-formed JSON string.
        ...(request.bytes === undefined ? {} : { data: request.bytes }),
        failOnStatusCode: false,
        maxRedirects: 0,
        // Once, on ECONNRESET only (Playwright retries no other error): a kept-alive connection the server
        // closed just as it was reused. Seen under load on a busy machine; nothing about the target.
        maxRetries: 1,
        timeout: this.options.requestTimeoutMs,
      });
    let response = await fetchOnce();
    for (let retry = 1; retry <= RATE_LIMITED_RETRIES && response.status() === 429; retry++) {
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response.headers()['retry-after'])));
      response = await fetchOnce();
    }
    return response;
  }
}
