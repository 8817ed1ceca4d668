/**
 * A few cheap requests before any test. Preflight stops the run (a PreflightError: NO VERDICT, exit 2)
 * only when the target as a whole cannot be judged:
 * - nothing answers (refused, unresolved, silent);
 * - the token is refused everywhere: Webhook Events answers 401/403, and so does a protected operation
 *   that writes nothing (Update Webhook of the profile's unknown id, with an empty body);
 * - what answers is not this API: neither Webhook Events nor the product list answers JSON with a 2xx
 *   (both 404, a web site, a redirect, a server error), or BASE_URL ends in /api/core/v1.
 * When one of the two answers and the other does not, the run goes on: the other operation's tests
 * fail, naming its clauses (a target that breaks one operation is NOT CONFORMANT, not unjudgeable), and
 * preflight returns a note saying so. The capture server is checked too when deliveries are on.
 */
import type { Config } from './config.ts';
import { truncate } from '../client/exchange.ts';
import { SetupError } from './errors.ts';
import { httpRequest, type HttpResponse } from '../client/http.ts';
import { targetHeaders, type Credentials } from '../client/headers.ts';
import { Operations } from '../contract/operations.ts';
import type { CaptureEndpoint } from '../capture/client.ts';
import { CAPTURE_SERVICE, CONTROL_PREFIX, HEALTH_PATH } from '../capture/protocol.ts';

const CONFIGURED: Credentials = { kind: 'configured' };
const ANONYMOUS: Credentials = { kind: 'none' };

/** The longest a preflight request may take: the run stops within seconds, not per-test timeouts. */
export const PREFLIGHT_TIMEOUT_MS = 5_000;

/** A target the run cannot use: one line saying what is wrong and what to check (support/run/errors.ts). */
export class PreflightError extends SetupError {
  constructor(message: string) {
    super('PreflightError', message);
  }
}

export interface PreflightOptions {
  /**
   * When webhook deliveries are on: a URL of the suite's capture server that answers a GET (its
   * health address). Checked from here, which proves the server runs; it cannot prove a remote
   * target can reach CAPTURE_PUBLIC_URL.
   */
  readonly captureUrl?: string | undefined;
  /**
   * A capture server the run shares (CAPTURE_URL): checked first, at the address the workers use, so
   * that "nothing there", "not a capture server" and "a wrong CAPTURE_CONTROL_TOKEN" each get their line.
   */
  readonly sharedCapture?: CaptureEndpoint | undefined;
}

interface Answer {
  readonly answered: true;
  readonly method: string;
  /** The URL as messages show it. */
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly location: string | null;
  readonly body: string;
}

interface NoAnswer {
  readonly answered: false;
  readonly method: string;
  readonly url: string;
  readonly timedOut: boolean;
  /** What happened, as the end of a sentence: `was refused: …`, `got no answer within 5000 ms`. */
  readonly failure: string;
}

type Reply = Answer | NoAnswer;

const BASE_PATH_PREFIX = /\/api\/core\/v1\/?$/;
/** Where the spec shows List Products: its endpoint table, and its pagination links. */
const LIST_PATHS = ['/products', '/api/core/v1/products'];

/**
 * Throws a PreflightError when the target cannot be judged at all; otherwise returns notes (one line
 * each) about what answered wrongly but leaves the run to the tests.
 */
export async function preflight(
  baseUrl: string,
  config: Config,
  token: string | undefined,
  options: PreflightOptions = {},
): Promise<string[]> {
  const timeoutMs = Math.min(PREFLIGHT_TIMEOUT_MS, config.requestTimeoutMs);
  const target = asking(baseUrl, config, token, timeoutMs);
  // Asked together: a silent target costs one timeout, not two.
  const [events, list] = await Promise.all([
    target.ask('GET', Operations.webhookEvents.path),
    target.ask('GET', `${config.productListPath}?page=1&per_page=1`),
  ]);
  if (!events.answered && !list.answered) {
    const headline = events.timedOut ? 'Target does not answer' : 'Target unreachable';
    throw new PreflightError(`${headline}: GET ${events.url} ${events.failure}. Check BASE_URL and that it is up.`);
  }
  const notes = isRefused(events) ? [await tokenTakenElsewhere(events, target)] : [];
  if (
    token &&
    isAnswer(events) &&
    events.status >= 400 &&
    events.status < 500 &&
    ![401, 403, 404].includes(events.status)
  )
    await assertTokenMakesADifference(events, target);
  if (isAnswer(events) && events.status === 404 && BASE_PATH_PREFIX.test(new URL(baseUrl).pathname)) {
    throw new PreflightError(
      `Target has no ${Operations.webhookEvents.path} under ${baseUrl}: GET ${events.url} answered 404. ` +
        `BASE_URL should not include /api/core/v1: set it to ${baseUrl.replace(BASE_PATH_PREFIX, '')}.`,
    );
  }
  notes.push(...(await operationsAnswering(events, list, target)));
  if (options.sharedCapture) await checkSharedCapture(options.sharedCapture, timeoutMs);
  if (options.captureUrl) await checkCaptureServer(options.captureUrl, timeoutMs, options.sharedCapture !== undefined);
  return notes.map((note) => `Preflight: ${note}`);
}

/** The target, asked with the configured token or with none. */
interface Asking {
  readonly ask: (method: string, path: string, body?: string) => Promise<Reply>;
  readonly askWith: (credentials: Credentials, method: string, path: string, body?: string) => Promise<Reply>;
  readonly config: Config;
  readonly baseUrl: string;
}

function asking(baseUrl: string, config: Config, token: string | undefined, timeoutMs: number): Asking {
  const settings = { acceptLanguage: config.acceptLanguage, token };
  const askWith = (credentials: Credentials, method: string, path: string, body?: string) =>
    request(
      method,
      `${baseUrl}${path}`,
      // Read as sent: these requests decode no content coding (the tests' client does).
      { ...targetHeaders(settings, { credentials, jsonBody: body !== undefined }), 'accept-encoding': 'identity' },
      timeoutMs,
      body,
    );
  return { ask: (method, path, body) => askWith(CONFIGURED, method, path, body), askWith, config, baseUrl };
}

/** Update Webhook of the profile's unknown id, with an empty body: a protected operation that writes nothing. */
function unknownWebhookUpdate(config: Config): { readonly method: string; readonly path: string } {
  const update = Operations.updateWebhook;
  return { method: update.method, path: update.path.replace('{identifier}', String(config.profile.unknownWebhookId)) };
}

/**
 * Webhook Events refused the token: it alone may be broken, so the token counts as refused only when
 * another protected operation refuses it too (a PreflightError); otherwise a note says the run goes on.
 */
async function tokenTakenElsewhere(events: Answer, { ask, config }: Asking): Promise<string> {
  if (config.readOnly)
    throw new PreflightError(
      `Target refused the token: GET ${events.url} answered ${events.status}${bodyHint(events)}, and a read-only run (TARGET_READ_ONLY=true) asks no other protected operation, which would write. Check API_TOKEN.`,
    );
  const update = unknownWebhookUpdate(config);
  const confirm = await ask(update.method, update.path, '{}');
  if (isRefused(confirm)) {
    throw new PreflightError(
      `Target refused the token: GET ${events.url} answered ${events.status}${bodyHint(events)}, and ${confirm.method} ${confirm.url} (an unknown id, an empty body) answered ${confirm.status}. Check API_TOKEN.`,
    );
  }
  return `GET ${events.url} answered ${events.status} to the token, but ${confirm.method} ${confirm.url} ${summary(confirm)}: the token is taken elsewhere, the run goes on.`;
}

/**
 * A target may refuse a token with another 4xx than 401 or 403. It did, when two protected operations
 * answer the same with the token as without any: the token made no difference (a PreflightError).
 */
async function assertTokenMakesADifference(events: Answer, { ask, askWith, config }: Asking): Promise<void> {
  const update = unknownWebhookUpdate(config);
  const eventsWithout = await askWith(ANONYMOUS, 'GET', Operations.webhookEvents.path);
  const same = (a: Reply, b: Reply) => isAnswer(a) && isAnswer(b) && a.status === b.status;
  if (config.readOnly) {
    // A read-only run sends no write: Webhook Events alone, with the token and without.
    if (same(events, eventsWithout))
      throw new PreflightError(
        `Target answers as if it had no token: GET ${events.url} answered ${events.status}${bodyHint(events)}, the same with the token as without any (a read-only run asks no other protected operation). Check API_TOKEN.`,
      );
    return;
  }
  const [withToken, updateWithout] = await Promise.all([
    ask(update.method, update.path, '{}'),
    askWith(ANONYMOUS, update.method, update.path, '{}'),
  ]);
  if (same(events, eventsWithout) && same(withToken, updateWithout) && isAnswer(withToken) && withToken.status >= 400) {
    throw new PreflightError(
      `Target answers as if it had no token: GET ${events.url} answered ${events.status}${bodyHint(events)} and ${withToken.method} ${withToken.url} (an unknown id, an empty body) answered ${withToken.status}, the same with the token as without any. Check API_TOKEN.`,
    );
  }
}

/**
 * Whether Webhook Events and the product list answer JSON with a 2xx: neither is a target that is not
 * this API (a PreflightError), and so is a list at a path the target does not serve while the spec's
 * other path answers; one of them alone leaves the run to the tests, with a note.
 */
async function operationsAnswering(events: Reply, list: Reply, { ask, config, baseUrl }: Asking): Promise<string[]> {
  const eventsOk = isJsonSuccess(events);
  const listOk = isJsonSuccess(list);
  if (!eventsOk && !listOk) throw unusable(events, list, baseUrl);
  const notes: string[] = [];
  if (!eventsOk && !isRefused(events)) {
    notes.push(
      `GET ${events.url} ${summary(events)}, while the product list answers: the run goes on, and the tests of ${Operations.webhookEvents.name} will fail naming their clauses.`,
    );
  }
  if (!listOk && eventsOk && isAnswer(list) && list.status === 404) {
    // The spec shows the list at two paths; a 404 at a third, or where the other answers, is a setting.
    const other = LIST_PATHS.find((p) => p !== config.productListPath && LIST_PATHS.includes(config.productListPath));
    const there = other ? await ask('GET', `${other}?page=1&per_page=1`) : undefined;
    if (!other || (there && isJsonSuccess(there)))
      throw new PreflightError(
        `PRODUCT_LIST_PATH: GET ${list.url} answered 404 while ${Operations.webhookEvents.name} answers` +
          (other
            ? `, and GET ${there?.url} answers the list: set PRODUCT_LIST_PATH=${other}.`
            : `; the spec gives ${LIST_PATHS.join(' or ')}: set PRODUCT_LIST_PATH to the one the target serves.`),
      );
  }
  if (!listOk) {
    notes.push(
      `GET ${list.url} ${summary(list)}, while ${Operations.webhookEvents.name} answers: the run goes on, and the tests of ${Operations.listProducts.name} will fail naming their clauses. ` +
        `If the target serves the list at another path, set PRODUCT_LIST_PATH (the spec gives /products; its pagination links point at /api/core/v1/products).`,
    );
  }
  return notes;
}

/** The message for a target where neither probe answered JSON with a 2xx: what answers is not the API. */
function unusable(events: Reply, list: Reply, baseUrl: string): PreflightError {
  if (isAnswer(events) && isAnswer(list) && events.status === 404 && list.status === 404) {
    return new PreflightError(
      `Target has neither ${Operations.webhookEvents.path} nor a product list: GET ${events.url} and GET ${list.url} both answered 404. ` +
        `Check that BASE_URL is the base address of the API (got ${baseUrl}; it should not include /api/core/v1), and PRODUCT_LIST_PATH.`,
    );
  }
  // The one to describe: Webhook Events when it answered, else the list; the other is summed up after it.
  const [first, other] = isAnswer(events) ? [events, list] : [list as Answer, events];
  const also = ` (GET ${other.url} ${summary(other)}.)`;
  if (first.status >= 300 && first.status < 400) {
    return new PreflightError(
      `Target redirects: GET ${first.url} answered ${first.status} to ${first.location ?? '(no Location)'}. ` +
        `The suite does not follow redirects: set BASE_URL to the final address (http or https, host, path).${also}`,
    );
  }
  if (first.status >= 500)
    return new PreflightError(
      `Target is not healthy: GET ${first.url} answered ${first.status}${bodyHint(first)}.${also}`,
    );
  if (first.status >= 200 && first.status < 300) {
    return new PreflightError(
      `Target did not answer JSON: GET ${first.url} answered ${first.status}${bodyHint(first)}. ` +
        `Check BASE_URL: it should be the address of the API itself, not a web site.${also}`,
    );
  }
  return new PreflightError(
    `Target is not ready: GET ${first.url} answered ${first.status}${bodyHint(first)}. Check BASE_URL and PRODUCT_LIST_PATH.${also}`,
  );
}

async function checkCaptureServer(captureUrl: string, timeoutMs: number, shared: boolean): Promise<void> {
  // The URL carries the control token: messages show its origin only.
  const shown = `${new URL(captureUrl).origin}/…`;
  const check = shared
    ? 'CAPTURE_PUBLIC_URL (a tunnel that is down?): it must reach the capture server at CAPTURE_URL'
    : 'CAPTURE_PUBLIC_URL (a tunnel that is down?), CAPTURE_HOST and CAPTURE_PORT';
  const capture = await request('GET', captureUrl, {}, timeoutMs, undefined, shown);
  if (!capture.answered) {
    const headline = capture.timedOut ? 'Capture server does not answer' : 'Capture server unreachable';
    throw new PreflightError(`${headline}: GET ${shown} ${capture.failure}. Check ${check} and that it is up.`);
  }
  if (capture.status !== 200) {
    throw new PreflightError(
      `Capture server not reachable: GET ${shown} answered ${capture.status}, not the capture server's 200. Check ${check}: deliveries could not be received.`,
    );
  }
}

/** A capture server the run shares: up at CAPTURE_URL, a capture server, and taking CAPTURE_CONTROL_TOKEN. */
async function checkSharedCapture(endpoint: CaptureEndpoint, timeoutMs: number): Promise<void> {
  const base = endpoint.localUrl;
  const health = await request('GET', `${base}${HEALTH_PATH}`, {}, timeoutMs);
  if (!health.answered) {
    const headline = health.timedOut ? 'Capture server does not answer' : 'Capture server unreachable';
    throw new PreflightError(
      `${headline}: GET ${health.url} ${health.failure}. Check CAPTURE_URL and that \`npm run capture\` runs there.`,
    );
  }
  if (health.status !== 200 || !health.body.includes(CAPTURE_SERVICE)) {
    throw new PreflightError(
      `No capture server at CAPTURE_URL: GET ${health.url} answered ${health.status}${bodyHint(health)}. Check CAPTURE_URL: the address \`npm run capture\` serves on.`,
    );
  }
  // The token is a path segment: messages never show it.
  const shown = `${base}${CONTROL_PREFIX}/…${HEALTH_PATH}`;
  const control = await request(
    'GET',
    `${base}${CONTROL_PREFIX}/${endpoint.controlToken}${HEALTH_PATH}`,
    {},
    timeoutMs,
    undefined,
    shown,
  );
  if (isAnswer(control) && control.status === 404) {
    throw new PreflightError(
      `Capture server at ${base} refused CAPTURE_CONTROL_TOKEN: GET ${shown} answered 404. Check CAPTURE_CONTROL_TOKEN: it must be the token that server printed (or wrote to its --token-file) when it started; a restarted server has a new one unless it was given CAPTURE_CONTROL_TOKEN.`,
    );
  }
  if (!isAnswer(control) || control.status !== 200) {
    throw new PreflightError(
      `Capture server at ${base} did not answer its control API: GET ${shown} ${summary(control)}. Check CAPTURE_URL and that \`npm run capture\` runs there.`,
    );
  }
}

/** One request; never throws: a request that gets no answer says why. */
async function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  body?: string,
  shown: string = url,
): Promise<Reply> {
  // One deadline for the answer and its body, as a test's request has.
  const signal = AbortSignal.timeout(timeoutMs);
  const unanswered = (error: unknown, failure: string): Reply => ({
    answered: false,
    method,
    url: shown,
    timedOut: isTimeout(error),
    failure,
  });
  let response: HttpResponse;
  try {
    response = await httpRequest(url, { method, headers, ...(body === undefined ? {} : { body }), signal });
  } catch (error) {
    return unanswered(error, describeFailure(error, timeoutMs));
  }
  try {
    return {
      answered: true,
      method,
      url: shown,
      status: response.status,
      contentType: response.header('content-type') ?? '',
      location: response.header('location'),
      body: await response.text(),
    };
  } catch (error) {
    return unanswered(error, `answered ${response.status} but its body ${describeFailure(error, timeoutMs)}`);
  }
}

const isAnswer = (reply: Reply): reply is Answer => reply.answered;
const isRefused = (reply: Reply): reply is Answer => isAnswer(reply) && (reply.status === 401 || reply.status === 403);

function isJsonSuccess(reply: Reply): boolean {
  if (!isAnswer(reply) || reply.status < 200 || reply.status >= 300) return false;
  try {
    JSON.parse(reply.body);
    return true;
  } catch {
    return false;
  }
}

/** What a reply was, as the end of a sentence: `answered 404`, `answered 200 with content-type "text/html"`, `got no answer …`. */
function summary(reply: Reply): string {
  if (!isAnswer(reply)) return reply.failure;
  const json = /json/i.test(reply.contentType);
  return `answered ${reply.status}${json ? '' : ` with content-type ${JSON.stringify(reply.contentType)}`}`;
}

/** ` (content-type "text/html", 1234 bytes): "<!doctype…"`: enough to recognise a proxy page or a web site. */
function bodyHint(answer: Answer): string {
  const size = Buffer.byteLength(answer.body);
  if (size === 0) return ` with an empty body (content-type ${JSON.stringify(answer.contentType)})`;
  return ` (content-type ${JSON.stringify(answer.contentType)}, ${size} bytes): ${JSON.stringify(truncate(answer.body, 120))}`;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

function describeFailure(error: unknown, timeoutMs: number): string {
  const err = error as Error & { code?: string; cause?: Error & { code?: string } };
  if (isTimeout(err)) return `got no answer within ${timeoutMs} ms`;
  const code = err.code ?? err.cause?.code;
  if (code === 'ECONNREFUSED') return 'was refused: nothing accepts connections there (connection refused)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `failed: the host name does not resolve (${code})`;
  if (code === 'ECONNRESET') return `failed: the connection was closed without an answer (${code})`;
  return `failed (${err.cause?.message ?? err.message})`;
}
