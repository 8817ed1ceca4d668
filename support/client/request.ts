/**
 * Building a request to one operation: its URL (path, identifier, query), its headers and its body,
 * serialised once. The body is either a JSON value (`body`) or exact bytes (`rawBody`: malformed JSON,
 * huge bodies), never both.
 */
import { Operations, type OperationId } from '../contract/operations.ts';
import type { RecordedRequest } from './exchange.ts';
import { targetHeaders, type Credentials, type HeaderSettings } from './headers.ts';

type QueryValue = string | number | readonly (string | number)[];

export interface SendOptions {
  readonly identifier?: string | number;
  /** A JSON value, serialised once and sent as `application/json`. */
  readonly body?: unknown;
  /** These exact bytes instead (a body that is not valid JSON, a huge one). */
  readonly rawBody?: string | Buffer;
  readonly query?: Readonly<Record<string, QueryValue | undefined>>;
  /** Extra headers, over the target headers (e.g. `accept-language` for one request). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly credentials?: Credentials;
  /** Overrides the operation's path (e.g. PUT to `/api/core/v1/webhooks/events`). */
  readonly path?: string;
}

export interface BuiltRequest {
  readonly operation: OperationId;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON value sent, when the body is one: what the recorders and the destination guard read. */
  readonly json: unknown;
  readonly bytes: Buffer | undefined;
  /** How the request is shown in evidence (a large body by its start and size). */
  readonly recorded: RecordedRequest;
}

export interface RequestTarget extends HeaderSettings {
  readonly baseUrl: string;
  readonly productListPath: string;
}

/** Request bodies longer than this are shown by their start and size: a 16 MiB curl line helps nobody (it sends them from a file). */
const LARGE_BODY_SHOWN = 64 * 1024;

export function buildRequest(operationId: OperationId, options: SendOptions, target: RequestTarget): BuiltRequest {
  const operation = Operations[operationId];
  const template = options.path ?? (operationId === 'listProducts' ? target.productListPath : operation.path);
  const url = new URL(
    target.baseUrl + template.replace('{identifier}', encodeURIComponent(String(options.identifier ?? ''))),
  );
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  const text = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const bytes = text === undefined ? undefined : Buffer.isBuffer(text) ? text : Buffer.from(text);
  const headers = {
    ...targetHeaders(target, { credentials: options.credentials, jsonBody: bytes !== undefined }),
    ...options.headers,
  };
  return {
    operation: operationId,
    method: operation.method,
    url: url.toString(),
    headers,
    json: options.rawBody === undefined ? options.body : undefined,
    bytes,
    recorded: {
      method: operation.method,
      url: url.toString(),
      headers,
      body: shownBody(text),
      ...(bytes !== undefined && bytes.length > LARGE_BODY_SHOWN ? { bytes } : {}),
    },
  };
}

function shownBody(text: string | Buffer | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.length <= LARGE_BODY_SHOWN) return Buffer.isBuffer(text) ? `<${text.length} bytes>` : text;
  // A large body's start, as text: what it is shows there (a body of 16 MiB is one field's bulk, spliced in as bytes).
  const start = Buffer.isBuffer(text) ? text.subarray(0, 2_000).toString('utf8') : text.slice(0, 2_000);
  return `${start}… [${Buffer.byteLength(text)} bytes in all]`;
}
