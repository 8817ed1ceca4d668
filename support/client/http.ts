/**
 * One HTTP request over node:http/node:https, for the runner's own calls (preflight, teardown's deletes,
 * the capture client, the reference's deliveries). Not the global `fetch`: it refuses the fetch spec's
 * "bad ports" (6000, 5060, 6665-6669, 10080, …) before connecting, while the tests' client (Playwright's)
 * talks to any port, so a target or capture server there would be called unreachable by us alone.
 *
 * Like `fetch` with `redirect: 'manual'`: redirects are answered, not followed. Failures keep Node's
 * error codes (ECONNREFUSED, ENOTFOUND, …) on the error itself; an aborted call rejects with the
 * signal's reason (a `TimeoutError` for `AbortSignal.timeout`), as `fetch` does.
 */
import http from 'node:http';
import https from 'node:https';

export interface HttpRequest {
  readonly method: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  /** Bounds the whole exchange, the body's reading included. */
  readonly signal?: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  readonly ok: boolean;
  /** A header's value (several joined with `, `), or null. */
  header(name: string): string | null;
  /** The body as text; rejects when the connection breaks or the signal aborts before its end. */
  text(): Promise<string>;
}

/** Whether a URL names this machine (localhost, 127.0.0.0/8, ::1): a target there reaches the capture server on loopback. */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** The signal's reason (a DOMException `TimeoutError` or `AbortError` is an Error), as fetch rejects with it. */
const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error
    ? signal.reason
    : Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });

/** Resolves once the status and headers have arrived; the body is read by `text()`. */
export function httpRequest(url: string, init: HttpRequest): Promise<HttpResponse> {
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  // Inside the promise: a bad URL rejects, as with fetch, rather than throwing at the caller.
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new TypeError(`${target.protocol} is not http: or https: (${url})`);
    const client = target.protocol === 'https:' ? https : http;
    // Node frames the body of a POST or PUT by itself, but sends that of a GET or DELETE unframed (no
    // Content-Length): the receiver would read it as the next request. So every body is framed here.
    const framed =
      init.body === undefined ||
      Object.keys(init.headers ?? {}).some((name) => /^(content-length|transfer-encoding)$/i.test(name))
        ? {}
        : { 'content-length': String(Buffer.byteLength(init.body)) };
    const request = client.request(target, { method: init.method, headers: { ...init.headers, ...framed } });
    const onAbort = () => {
      const reason = abortReason(signal as AbortSignal);
      reject(reason);
      request.destroy(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settled = () => signal?.removeEventListener('abort', onAbort);
    request.on('error', (error) => {
      settled();
      reject(error);
    });
    request.on('response', (response) => {
      settled();
      let body: Promise<string> | undefined;
      resolve({
        status: response.statusCode ?? 0,
        ok: (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300,
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
        text: () => (body ??= readBody(response, request, signal)),
      });
    });
    request.end(init.body);
  });
}

function readBody(response: http.IncomingMessage, request: http.ClientRequest, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      request.destroy();
      reject(abortReason(signal));
      return;
    }
    const chunks: Buffer[] = [];
    const onAbort = () => {
      reject(abortReason(signal as AbortSignal));
      request.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      done();
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    // A connection closed mid-body: Node says `aborted` (ECONNRESET) on the response or the request.
    const fail = (error: Error) => {
      done();
      reject(error);
    };
    response.on('error', fail);
    response.on('aborted', () => fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
  });
}
