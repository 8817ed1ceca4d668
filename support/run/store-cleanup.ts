/**
 * Leaving the store as the run found it, resource by resource: at the end of each test for what it
 * made (fixtures/target.ts), in global teardown for what no test's teardown removed (shared sets, global
 * setup's own, a test killed halfway), and in `cleanup` for a run that was killed.
 *
 * - A webhook is deleted where a delete path is known (DELETE_WEBHOOK_PATH, or the path global setup's
 *   store probe proved). Otherwise, or when the DELETE is refused, it is switched off through Update
 *   Webhook, a stated operation: `status` 0 where the store took 0 in this run, its `url` moved to a
 *   reserved `.invalid` host (or the parked address, where the store refuses `.invalid`), its `events`
 *   narrowed to one the suite never causes. A store that refuses to narrow them (one webhook per event)
 *   keeps its events, and the url and status still leave it nothing to deliver to.
 * - A product is deleted where a delete path is known, else left: a product delivers nothing.
 *
 * Nothing here is sent for an id the run did not create: every resource comes from the run's journal.
 */
import type { Config } from './config.ts';
import { recordCleanupStep, type CleanupStep, type CreatedResource } from './created-resources.ts';
import { inLanes } from './lanes.ts';
import { parkedWebhookUrl } from './webhook-destination.ts';
import { targetHeaders } from '../client/headers.ts';
import { httpRequest } from '../client/http.ts';
import { RATE_LIMITED_RETRIES, retryAfterMs } from '../client/store-api.ts';
import { Operations } from '../contract/operations.ts';
import type { EventName } from '../contract/events.ts';
import { redact } from '../redaction/redact.ts';

/** What a request to the target answered, or why it got no answer. */
export type Reply = { readonly status: number; readonly text: string } | { readonly error: string };

/** Sends one request to the target (path relative to its base URL), with the run's headers; never throws. */
export type Send = (method: string, path: string, body?: unknown) => Promise<Reply>;

/** Sends over node:http from the runner (global setup and teardown, `cleanup`), with the run's token and language. */
export function sendOverHttp(target: {
  readonly baseUrl: string;
  readonly token: string | undefined;
  readonly acceptLanguage: string;
  readonly timeoutMs: number;
}): Send {
  return (method, path, body) =>
    askedAgainWhenRateLimited(async () => {
      try {
        const response = await httpRequest(`${target.baseUrl}${path}`, {
          method,
          headers: { ...targetHeaders(target, { jsonBody: body !== undefined }), 'accept-encoding': 'identity' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(target.timeoutMs),
        });
        return { status: response.status, text: await response.text(), retryAfter: response.header('retry-after') };
      } catch (error) {
        return { error: redact((error as Error).message) };
      }
    });
}

/** A reply, with the Retry-After header of an answer that carried one. */
type RateLimitedReply = Reply & { readonly retryAfter?: string | null };

/**
 * Sent again as a 429 (Too Many Requests) asks, as a test's own requests are (support/client/store-api.ts):
 * teardown sends several requests at once, and a store that limits its rate may refuse some for a while. A
 * test's own cleanup does not wait so (fixtures/target.ts): within the test's time, it leaves a refused
 * step to teardown.
 */
async function askedAgainWhenRateLimited(once: () => Promise<RateLimitedReply>): Promise<Reply> {
  let reply = await once();
  for (let retry = 1; retry <= RATE_LIMITED_RETRIES && 'status' in reply && reply.status === 429; retry++) {
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs(reply.retryAfter ?? undefined)));
    reply = await once();
  }
  return 'error' in reply ? { error: reply.error } : { status: reply.status, text: reply.text };
}

/**
 * The event a switched-off webhook keeps: one of the catalogue's that the suite never causes (it creates
 * no category) and that no test subscribes to.
 */
export const OFF_EVENT: EventName = 'category.created';

export interface CleanupSettings {
  readonly runId: string;
  /** Path templates (`{id}`, and `{type}` for a product's kind), or undefined where none is known. */
  readonly deletePaths: { readonly product: string | undefined; readonly webhook: string | undefined };
  /** The status a switched-off webhook is given: 0 where the store took it in this run; undefined: 0, then 1 if refused. */
  readonly offStatus: 0 | 1 | undefined;
  /**
   * Where a switched-off webhook's url may point, best first: undefined for the `.invalid` default, then
   * the run's parked address (PARKED_WEBHOOK_URL, or the capture server's drop path) for a store refusing it.
   */
  readonly offUrlBases: readonly (string | undefined)[];
}

export interface CleanupOutcome {
  readonly cleanup: CleanupStep['cleanup'];
  readonly detail: string;
}

/** Cleans up one resource: a webhook deleted or switched off, a product deleted or left. */
export function cleanUpResource(
  resource: CreatedResource,
  settings: CleanupSettings,
  send: Send,
): Promise<CleanupOutcome> {
  if (resource.id === null)
    return Promise.resolve({ cleanup: 'left', detail: 'the creating answer carried no id: find it by its name' });
  return resource.kind === 'webhook'
    ? cleanUpWebhook(resource, resource.id, settings, send)
    : cleanUpProduct(resource, resource.id, settings, send);
}

/** A delete path with the resource's id (and, for a product, its kind) in place. */
export function deletePath(template: string, resource: Pick<CreatedResource, 'operation'>, id: number): string {
  const type = resource.operation === 'createBookingProduct' ? 'booking' : 'service';
  return template.replaceAll('{id}', encodeURIComponent(String(id))).replaceAll('{type}', type);
}

const said = (method: string, path: string, reply: Reply) =>
  'error' in reply ? `${method} ${path} got no answer (${reply.error})` : `${method} ${path} answered ${reply.status}`;
const succeeded = (reply: Reply) => !('error' in reply) && reply.status >= 200 && reply.status < 300;
const gone = (reply: Reply) => !('error' in reply) && (reply.status === 404 || reply.status === 410);

async function cleanUpProduct(
  resource: CreatedResource,
  id: number,
  settings: CleanupSettings,
  send: Send,
): Promise<CleanupOutcome> {
  const template = settings.deletePaths.product;
  if (!template)
    return {
      cleanup: 'left',
      detail: 'no delete path (DELETE_PRODUCT_PATH unset, none proven): a product delivers nothing',
    };
  const path = deletePath(template, resource, id);
  const reply = await send('DELETE', path);
  const detail = said('DELETE', path, reply);
  if (succeeded(reply)) return { cleanup: 'deleted', detail };
  return { cleanup: gone(reply) ? 'already-gone' : 'left', detail };
}

async function cleanUpWebhook(
  resource: CreatedResource,
  id: number,
  settings: CleanupSettings,
  send: Send,
): Promise<CleanupOutcome> {
  const template = settings.deletePaths.webhook;
  let deleted: Reply | undefined;
  let before = 'no delete path (DELETE_WEBHOOK_PATH unset, none proven)';
  if (template) {
    const path = deletePath(template, resource, id);
    deleted = await send('DELETE', path);
    before = said('DELETE', path, deleted);
    if (succeeded(deleted)) return { cleanup: 'deleted', detail: before };
  }
  const off = await switchOff(resource, id, settings, send);
  if (off.taken) {
    // An update taken after a DELETE answered 404: the webhook was there, and the delete path is wrong.
    const doubt = deleted && gone(deleted) ? ', yet the store took an update of it: check DELETE_WEBHOOK_PATH' : '';
    return { cleanup: 'switched-off', detail: `${before}${doubt}; switched off: ${off.detail}` };
  }
  if (deleted && gone(deleted)) return { cleanup: 'already-gone', detail: `${before}; ${off.detail}` };
  return { cleanup: 'left', detail: `${before}; not switched off: ${off.detail}: it may still deliver` };
}

/** The bodies an Update Webhook switching `resource` off tries, best first. */
function offBodies(resource: CreatedResource, id: number, settings: CleanupSettings): Record<string, unknown>[] {
  const statuses = settings.offStatus === undefined ? [0, 1] : [settings.offStatus];
  const urls = [...new Set(settings.offUrlBases.map((base) => parkedWebhookUrl(settings.runId, `off-${id}`, base)))];
  const narrowed = [OFF_EVENT];
  const registered = resource.events && resource.events.join() !== narrowed.join() ? [resource.events] : [];
  // Every field registration takes: a store may read Update Webhook as a full replacement.
  const name = resource.name ?? `${settings.runId} webhook ${id}`;
  return [narrowed, ...registered].flatMap((events) =>
    urls.flatMap((url) => statuses.map((status) => ({ name, url, method_type: 'POST', events, status }))),
  );
}

/**
 * Update Webhook with each body in turn until one is taken. Only a refusal of the body (a 4xx but 401,
 * 403, 404, 410 and 429) leads to the next: anything else would be refused again.
 */
async function switchOff(
  resource: CreatedResource,
  id: number,
  settings: CleanupSettings,
  send: Send,
): Promise<{ taken: boolean; detail: string }> {
  const update = Operations.updateWebhook;
  const path = update.path.replace('{identifier}', encodeURIComponent(String(id)));
  const answers: string[] = [];
  for (const body of offBodies(resource, id, settings)) {
    const reply = await send(update.method, path, body);
    const shown = `${said(update.method, path, reply)} to status ${String(body.status)}, url ${String(body.url)}, events [${(body.events as string[]).join(', ')}]`;
    if (succeeded(reply)) return { taken: true, detail: shown };
    answers.push(shown);
    if (
      'error' in reply ||
      reply.status < 400 ||
      reply.status >= 500 ||
      [401, 403, 404, 410, 429].includes(reply.status)
    )
      break;
  }
  return { taken: false, detail: answers.join('; ') };
}

/** The cleanup settings of a run, from its configuration (given, and found by global setup's store probe). */
export function cleanupSettingsOf(
  config: Pick<Config, 'deletePaths' | 'cleanup' | 'parkedWebhookUrl'>,
  runId: string,
): CleanupSettings {
  const found = config.cleanup.found;
  const parked = config.parkedWebhookUrl;
  return {
    runId,
    deletePaths: config.deletePaths,
    offStatus: found?.offStatus ?? undefined,
    // What the probe saw taken; else the `.invalid` default first, the run's parked address after it.
    offUrlBases: found?.offUrlBase ? [found.offUrlBase] : [undefined, ...(parked ? [parked] : [])],
  };
}

/**
 * At the end of a test: what it created, webhooks first then newest first, each step journaled. What it
 * made for several tests (`shared`) outlives it: global teardown removes that.
 */
export async function cleanUpAfterTest(
  created: readonly CreatedResource[],
  settings: CleanupSettings,
  send: Send,
  where: { readonly reportFile: string; readonly runId: string },
): Promise<void> {
  await cleanUpNow(
    created.filter((r) => r.shared !== true),
    settings,
    send,
    where,
  );
}

/**
 * What a test made for several tests, once they need it no more (a watch of deliveries watched, a shared
 * registration answered): cleaned up at once as a test's own is, each step journaled, its detail saying
 * `when` (global teardown then has nothing left to do for it).
 */
export async function cleanUpShared(
  created: readonly CreatedResource[],
  when: string,
  settings: CleanupSettings,
  send: Send,
  where: { readonly reportFile: string; readonly runId: string },
): Promise<void> {
  await cleanUpNow(created, settings, send, where, `; ${when}`);
}

/**
 * A test's resources cleaned up at once, at most this many requests in flight: each is a chain of requests to a
 * store that may be far away, and a test that made a list's worth would otherwise end one round trip per resource later.
 */
const TEST_CLEANUP_LANES = 4;

/**
 * `resources`, every webhook before any product (deleting a product may notify them), newest first, each step
 * journaled. Once the store answers one of them 429, the rest go one at a time: a store that limits its rate
 * would refuse a test's cleanup sent at once, and the test's next requests after it.
 */
async function cleanUpNow(
  resources: readonly CreatedResource[],
  settings: CleanupSettings,
  send: Send,
  where: { readonly reportFile: string; readonly runId: string },
  said = '',
): Promise<void> {
  let limited = false;
  const noting: Send = async (method, path, body) => {
    const reply = await send(method, path, body);
    if ('status' in reply && reply.status === 429) limited = true;
    return reply;
  };
  const known = [...resources].reverse().filter((r) => r.id !== null);
  for (const kind of ['webhook', 'product'] as const)
    await inLanes(
      known.filter((r) => r.kind === kind),
      TEST_CLEANUP_LANES,
      async (resource) => {
        const { cleanup, detail } = await cleanUpResource(resource, settings, noting);
        recordCleanupStep(where, { kind: resource.kind, id: resource.id!, cleanup, detail: `${detail}${said}` });
      },
      (lane) => lane > 0 && limited,
    );
}
