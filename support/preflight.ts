/**
 * A few cheap requests before any test: an unreachable target, a refused token, a wrong base path or
 * list path, or an unreachable capture server ends the run here with one message saying what is wrong
 * and what to check, instead of one timeout per test.
 */
import type { Config } from './config.ts';
import { truncate } from './api/exchange.ts';
import { redact } from './redact.ts';
import { Operations } from './contract/operations.ts';

/** The longest a preflight request may take: the run stops within seconds, not per-test timeouts. */
export const PREFLIGHT_TIMEOUT_MS = 5_000;

/** A run that cannot start. Its stack is its message: Playwright prints it as is, without a code frame. */
export class PreflightError extends Error {
  override name = 'PreflightError';
  constructor(message: string) {
    super(redact(message));
    this.stack = `${this.name}: ${this.message}`;
  }
}

export interface PreflightOptions {
  /**
   * When webhook deliveries are on: a URL of the suite's capture server that answers a GET (its
   * health address). Checked from here, which proves the server runs; it cannot prove a remote
   * target can reach CAPTURE_PUBLIC_URL.
   */
  readonly captureUrl?: string | undefined;
}

interface Answer {
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly location: string | null;
  readonly body: string;
}

/** Throws a PreflightError naming the first problem; returns when the target looks ready for the suite. */
export async function preflight(
  baseUrl: string,
  config: Config,
  token: string | undefined,
  options: PreflightOptions = {},
): Promise<void> {
  const timeoutMs = Math.min(PREFLIGHT_TIMEOUT_MS, config.requestTimeoutMs);
  const headers = {
    accept: 'application/json',
    'accept-language': config.acceptLanguage,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };

  // A protected operation without side effects: it proves the address, the base path and the token at once.
  const events = await get(`${baseUrl}${Operations.webhookEvents.path}`, headers, timeoutMs, {
    subject: 'Target',
    check: 'BASE_URL',
  });
  if (events.status === 401 || events.status === 403) {
    throw new PreflightError(
      `Target refused the token: GET ${events.url} answered ${events.status}${bodyHint(events)}. Check API_TOKEN.`,
    );
  }
  if (events.status === 404) {
    throw new PreflightError(
      `Target has no ${Operations.webhookEvents.path}: GET ${events.url} answered 404. ` +
        `Check that BASE_URL is the base address, without /api/core/v1 (got ${baseUrl}).`,
    );
  }
  expectJsonSuccess(events, 'Check BASE_URL: it should be the address of the API itself.');

  const list = await get(`${baseUrl}${config.productListPath}?page=1&per_page=1`, headers, timeoutMs, {
    subject: 'Target',
    check: 'BASE_URL and PRODUCT_LIST_PATH',
  });
  if (list.status === 404) {
    throw new PreflightError(
      `Target has no product list at ${config.productListPath}: GET ${list.url} answered 404. ` +
        `Check PRODUCT_LIST_PATH (the spec gives /products; its pagination links point at /api/core/v1/products).`,
    );
  }
  expectJsonSuccess(list, 'Check PRODUCT_LIST_PATH.');

  if (options.captureUrl) {
    // The URL carries the control token: messages show its origin only.
    const shown = `${new URL(options.captureUrl).origin}/…`;
    const check = 'CAPTURE_PUBLIC_URL (a tunnel that is down?), CAPTURE_HOST and CAPTURE_PORT';
    const capture = await get(options.captureUrl, {}, timeoutMs, { subject: 'Capture server', check, shown });
    if (capture.status !== 200) {
      throw new PreflightError(
        `Capture server not reachable: GET ${shown} answered ${capture.status}, not the capture server's 200. Check ${check}: deliveries could not be received.`,
      );
    }
  }
}

interface Probe {
  /** What is asked ("Target", "Capture server"), to begin the message. */
  readonly subject: string;
  /** The settings to check when it fails. */
  readonly check: string;
  /** The URL as messages show it, when the real one must not be shown. */
  readonly shown?: string;
}

async function get(url: string, headers: Record<string, string>, timeoutMs: number, probe: Probe): Promise<Answer> {
  const shown = probe.shown ?? url;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
  } catch (error) {
    const headline = isTimeout(error) ? `${probe.subject} does not answer` : `${probe.subject} unreachable`;
    throw new PreflightError(
      `${headline}: GET ${shown} ${describeFetchFailure(error, timeoutMs)}. Check ${probe.check} and that it is up.`,
    );
  }
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    throw new PreflightError(
      `${probe.subject} unreachable: GET ${shown} answered ${response.status} but its body ${describeFetchFailure(error, timeoutMs)}. Check ${probe.check}.`,
    );
  }
  return {
    url,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    location: response.headers.get('location'),
    body,
  };
}

function expectJsonSuccess(answer: Answer, advice: string): void {
  if (answer.status >= 300 && answer.status < 400) {
    throw new PreflightError(
      `Target redirects: GET ${answer.url} answered ${answer.status} to ${answer.location ?? '(no Location)'}. ` +
        `The suite does not follow redirects: set BASE_URL to the final address (http or https, host, path).`,
    );
  }
  if (answer.status >= 500)
    throw new PreflightError(`Target is not healthy: GET ${answer.url} answered ${answer.status}${bodyHint(answer)}.`);
  if (answer.status < 200 || answer.status >= 300)
    throw new PreflightError(
      `Target is not ready: GET ${answer.url} answered ${answer.status}${bodyHint(answer)}. ${advice}`,
    );
  try {
    JSON.parse(answer.body);
  } catch {
    throw new PreflightError(
      `Target did not answer JSON: GET ${answer.url} answered ${answer.status}${bodyHint(answer)}. ${advice}`,
    );
  }
}

/** ` (content-type "text/html", 1234 bytes): "<!doctype…"`: enough to recognise a proxy page or a web site. */
function bodyHint(answer: Answer): string {
  const size = Buffer.byteLength(answer.body);
  if (size === 0) return ` with an empty body (content-type ${JSON.stringify(answer.contentType)})`;
  return ` (content-type ${JSON.stringify(answer.contentType)}, ${size} bytes): ${JSON.stringify(truncate(answer.body, 120))}`;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

function describeFetchFailure(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: Error & { code?: string } };
  if (isTimeout(err)) return `got no answer within ${timeoutMs} ms`;
  const code = err.cause?.code;
  if (code === 'ECONNREFUSED') return 'was refused: nothing accepts connections there (connection refused)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `failed: the host name does not resolve (${code})`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return `failed: the connection was closed without an answer (${code})`;
  return `failed (${err.cause?.message ?? err.message})`;
}
