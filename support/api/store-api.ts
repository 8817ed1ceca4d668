/**
 * The API client: one typed function per documented operation, plus `send` for deliberately wrong
 * requests. Every exchange is recorded (for failure attachments) and every error it throws is redacted:
 * Playwright's own call log of a failed request carries the Authorization header.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Config } from '../config.ts';
import { redact, registerSecret } from '../redact.ts';
import { Operations, type OperationId } from '../contract/operations.ts';
import type { Exchange, RecordedRequest } from './exchange.ts';
import { ApiResponse } from './response.ts';
import type { BookingProductBody, ListProductsQuery, ServiceProductBody, WebhookBody } from './bodies.ts';
import { recordCreation } from '../created-resources.ts';
import { assertOwnWebhookDestination } from './webhook-destination.ts';

export type Credentials =
  | { readonly kind: 'configured' }
  | { readonly kind: 'none' }
  /** A raw Authorization header value, for the security tests (wrong token, other scheme). */
  | { readonly kind: 'header'; readonly value: string };

export interface SendOptions {
  readonly identifier?: string | number;
  /** A JSON value to serialise, or `{ raw }` to send these exact bytes (malformed JSON, huge bodies). */
  readonly body?: unknown;
  readonly rawBody?: string | Buffer;
  readonly query?: Readonly<Record<string, string | number | readonly (string | number)[]>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly credentials?: Credentials;
  /** Overrides the operation's path (e.g. PUT to `/api/core/v1/webhooks/events`). */
  readonly path?: string;
}

export class TargetRequestError extends Error {
  override name = 'TargetRequestError';
}

export class StoreApi {
  readonly #exchanges: Exchange[] = [];

  constructor(
    private readonly context: APIRequestContext,
    private readonly config: Config,
    private readonly baseUrl: string,
  ) {}

  /** Every exchange of this client so far, oldest first. */
  get exchanges(): readonly Exchange[] {
    return this.#exchanges;
  }

  registerWebhook(body: WebhookBody, options: Omit<SendOptions, 'body'> = {}) {
    return this.send('registerWebhook', { ...options, body });
  }
  updateWebhook(identifier: number, body: WebhookBody, options: Omit<SendOptions, 'body' | 'identifier'> = {}) {
    return this.send('updateWebhook', { ...options, identifier, body });
  }
  webhookEvents(options: SendOptions = {}) {
    return this.send('webhookEvents', options);
  }
  createBookingProduct(body: BookingProductBody, options: Omit<SendOptions, 'body'> = {}) {
    return this.send('createBookingProduct', { ...options, body });
  }
  createServiceProduct(body: ServiceProductBody, options: Omit<SendOptions, 'body'> = {}) {
    return this.send('createServiceProduct', { ...options, body });
  }
  updateServiceProduct(
    identifier: number,
    body: Partial<ServiceProductBody>,
    options: Omit<SendOptions, 'body' | 'identifier'> = {},
  ) {
    return this.send('updateServiceProduct', { ...options, identifier, body });
  }
  listProducts(query: ListProductsQuery = {}, options: Omit<SendOptions, 'query'> = {}) {
    return this.send('listProducts', { ...options, query: query as SendOptions['query'] & object });
  }

  /** Any operation, with any body: for the negative tests. */
  async send(operationId: OperationId, options: SendOptions = {}): Promise<ApiResponse> {
    const operation = Operations[operationId];
    const template = options.path ?? (operationId === 'listProducts' ? this.config.productListPath : operation.path);
    const path = template.replace('{identifier}', encodeURIComponent(String(options.identifier ?? '')));
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': this.config.acceptLanguage,
    };
    const credentials = options.credentials ?? { kind: 'configured' };
    if (credentials.kind === 'configured' && this.config.apiToken)
      headers.authorization = `Bearer ${this.config.apiToken}`;
    if (credentials.kind === 'header') headers.authorization = credentials.value;
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    assertOwnWebhookDestination(operationId, body, this.config);

    const request: RecordedRequest = {
      method: operation.method,
      url: url.toString(),
      headers,
      body:
        body === undefined
          ? undefined
          : Buffer.isBuffer(body)
            ? `<${body.length} bytes>`
            : body.length > LARGE_BODY_SHOWN
              ? `${body.slice(0, 2_000)}… [${Buffer.byteLength(body)} bytes in all]`
              : body,
    };
    const started = performance.now();
    // Recorded before the call: a test that times out while waiting still shows this request as its last.
    const slot =
      this.#exchanges.push({
        request,
        response: undefined,
        error: 'no answer yet: the test ended while waiting for it',
      }) - 1;
    try {
      const response = await this.context.fetch(url.toString(), {
        method: operation.method,
        headers,
        // As bytes: Playwright wraps a string that is not valid JSON in quotes when the content type is
        // JSON, so a malformed body would arrive as a well-formed JSON string.
        ...(body === undefined ? {} : { data: Buffer.isBuffer(body) ? body : Buffer.from(body) }),
        failOnStatusCode: false,
        maxRedirects: 0,
        timeout: this.config.requestTimeoutMs,
      });
      const bodyText = (await response.body()).toString('utf8');
      const exchange = {
        request,
        response: {
          status: response.status(),
          headers: response.headers(),
          bodyText,
          durationMs: performance.now() - started,
        },
        error: undefined,
      };
      this.#exchanges[slot] = exchange;
      registerReturnedSecret(bodyText);
      // Written down at once (a journal per worker), so the run's report lists it even if the run dies.
      recordCreation(operationId, typeof body === 'string' ? body : undefined, exchange.response, {
        reportFile: this.config.createdResourcesFile,
        runId: this.config.runId ?? 'conf-local',
      });
      return new ApiResponse(exchange);
    } catch (error) {
      const message = redact((error as Error).message);
      this.#exchanges[slot] = { request, response: undefined, error: message };
      throw new TargetRequestError(
        `${operation.name}: ${operation.method} ${url.toString()} got no response within ${this.config.requestTimeoutMs} ms or failed to connect.\n${message}`,
      );
    }
  }
}

/** Request bodies longer than this are recorded by their start and size: a 16 MiB curl line helps nobody. */
const LARGE_BODY_SHOWN = 64 * 1024;

/** A `plain_secret` the target generated is a secret from now on: keep it out of every report. */
function registerReturnedSecret(bodyText: string): void {
  if (!bodyText.includes('plain_secret')) return;
  for (const match of bodyText.matchAll(/"plain_secret"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
    try {
      registerSecret(JSON.parse(`"${match[1] ?? ''}"`) as string);
    } catch {
      registerSecret(match[1]);
    }
  }
}
