/**
 * The capture server: receives the target's webhook deliveries during a run and lets tests wait for
 * them. Built here, started elsewhere (support/capture/start.ts in global setup, self tests on port 0).
 *
 * - `ANY /in/<inbox id>[/...]`: a delivery, with any method Node parses (GET, HEAD and DELETE too). Kept
 *   with method, path, headers, the exact body bytes whatever the method, and the arrival time. Unknown
 *   inbox: 404. Body over the limit: 413. Inbox full (a flood): 429.
 * - `ANY /drop[/...]`: answered 200 and kept nowhere: where webhooks that wait for no delivery are parked
 *   when the target refuses the `.invalid` default and takes the capture server's address.
 * - `/_control/<token>/...`: the control API the test workers use (open an inbox, tell it how to
 *   answer, list its deliveries, wait for the next one, close it). A wrong token is a plain 404.
 * - `GET /health`: that a capture server answers here, without the token (for CI's wait for a shared
 *   server, and for preflight to tell "no capture server" from "a wrong token").
 *
 * Whatever arrives, it answers and keeps serving: fastify turns malformed requests into 4xx, the
 * inbox routes accept any content type (even a malformed one) as raw bytes, and every store is bounded.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { z } from 'zod';
import { InboxFullError, InboxStore, type InboxState } from './inbox-store.ts';
import {
  CAPTURE_SERVICE,
  CONTROL_PREFIX,
  defaultCaptureLimits,
  DROP_PREFIX,
  epochNow,
  HEALTH_PATH,
  INBOX_PREFIX,
  MAX_LABEL_LENGTH,
  type CaptureHealth,
  type CaptureLimits,
  type DeliveryPage,
  type InboxCreated,
} from './protocol.ts';

export interface CaptureServerOptions {
  /** Secret path segment of the control API. */
  readonly controlToken: string;
  readonly limits?: Partial<CaptureLimits>;
  readonly logger?: boolean;
}

export interface CaptureServer {
  readonly app: FastifyInstance;
  readonly inboxes: InboxStore;
  /** Use of the control API (with the right token): for a shared server that closes when idle. */
  readonly control: ControlUse;
}

class ControlUse {
  readonly #inFlight = new Set<string>();
  #lastUse = performance.now();

  started(id: string): void {
    this.#inFlight.add(id);
  }

  ended(id: string): void {
    if (this.#inFlight.delete(id)) this.#lastUse = performance.now();
  }

  /** Milliseconds since the control API was last used; 0 while a call (a held wait, say) is in flight. */
  idleMs(): number {
    return this.#inFlight.size > 0 ? 0 : performance.now() - this.#lastUse;
  }
}

const INBOX_ID = /^[0-9a-f]{32}$/;
const CONTROL_BODY_LIMIT = 16 * 1024;

const AnswerPlanBody = z.strictObject({ status: z.int().min(200).max(599), times: z.int().min(0).max(1_000_000) });
/** Opening an inbox: an optional label naming who opened it (a run id and shard), for the server's usage counts. */
const OpenInboxBody = z
  .strictObject({ label: z.string().max(MAX_LABEL_LENGTH).optional() })
  .optional()
  .transform((body) => body?.label);
const PageQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  timeoutMs: z.coerce.number().int().min(0).optional(),
});

export function buildCaptureServer(options: CaptureServerOptions): CaptureServer {
  const limits: CaptureLimits = { ...defaultCaptureLimits, ...options.limits };
  const inboxes = new InboxStore(limits);
  const control = new ControlUse();
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: limits.maxBodyBytes,
    // Every method is a possible delivery; an automatic HEAD route would clash with `all`.
    exposeHeadRoutes: false,
    return503OnClosing: true,
    // Held waits and keep-alive sockets must not keep a finished run from closing.
    forceCloseConnections: true,
  });

  // A delivery is evidence whatever its method: a target that delivers with GET (its body still sent)
  // must show that body, or the test cannot tell which delivery it is. fastify reads no body of a GET,
  // HEAD or TRACE, and routes no method it does not know, unless told to. CONNECT is a tunnel, not a request.
  for (const method of http.METHODS)
    if (method !== 'CONNECT') app.addHttpMethod(method, { hasBody: true, overrideExisting: true });

  // A closing server ends every held wait with an answer, instead of leaving clients to time out.
  app.addHook('preClose', async () => inboxes.closeAll());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 413) {
      const inbox = inboxOf(request.url);
      if (inbox) inboxes.get(inbox)!.tooLarge++;
    }
    if (status === 500) app.log.error(error);
    return reply.code(status).send({ error: status === 500 ? 'capture server error' : error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'not found' }));
  app.get(HEALTH_PATH, async (): Promise<CaptureHealth> => ({ ok: true, service: CAPTURE_SERVICE }));

  /** The id of an existing inbox a URL points at, if any. */
  function inboxOf(url: string): string | undefined {
    const match = /^\/in\/([0-9a-f]{32})(?:[/?]|$)/.exec(url);
    return match?.[1] !== undefined && inboxes.get(match[1]) ? match[1] : undefined;
  }

  app.register(inboxRoutes, { inboxes, limits });
  app.register(controlRoutes, {
    prefix: `${CONTROL_PREFIX}/:token`,
    inboxes,
    limits,
    controlToken: options.controlToken,
    control,
  });
  return { app, inboxes, control };
}

interface RouteOptions {
  readonly inboxes: InboxStore;
  readonly limits: CaptureLimits;
}

/** Receiving deliveries: any method, any content type, the body kept as the exact bytes sent. */
const inboxRoutes: FastifyPluginAsync<RouteOptions> = async (app, { inboxes, limits }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limits.maxBodyBytes }, (_request, body, done) =>
    done(null, body),
  );
  // fastify answers 415 to a malformed Content-Type before any parser runs; a delivery with one must
  // still be kept (and shown to the test), so the parser sees a neutral type. The stored headers come
  // from rawHeaders, which keep what the target sent. A QUERY without one would be refused (400) before
  // any parser runs, so it gets the neutral type too.
  app.addHook('onRequest', async (request) => {
    if (request.raw.headers['content-type'] !== undefined || request.method === 'QUERY')
      request.raw.headers['content-type'] = 'application/octet-stream';
  });

  const receive = async (request: FastifyRequest<{ Params: { inboxId: string } }>, reply: FastifyReply) => {
    const inbox = INBOX_ID.test(request.params.inboxId) ? inboxes.get(request.params.inboxId) : undefined;
    if (!inbox) return reply.code(404).send({ error: 'no such inbox' });
    if (inbox.deliveries.length >= limits.maxDeliveriesPerInbox) {
      inbox.dropped++;
      return reply.code(429).send({ error: `inbox full (${limits.maxDeliveriesPerInbox} deliveries)` });
    }
    const status = inbox.nextAnswer();
    inboxes.counted(inbox);
    inbox.add({
      seq: inbox.deliveries.length,
      method: request.method,
      url: request.url,
      headers: headersOf(request.raw.rawHeaders),
      bodyBase64: Buffer.isBuffer(request.body) ? request.body.toString('base64') : '',
      receivedAt: epochNow(),
      answeredWith: status,
    });
    return reply.code(status).send(status < 300 ? { received: true } : { error: `answering ${status} as told` });
  };
  app.all(`${INBOX_PREFIX}/:inboxId`, receive);
  app.all(`${INBOX_PREFIX}/:inboxId/*`, receive);
  // Parked webhooks: whatever the target sends them is read and forgotten, so a store never retries it.
  const drop = async (_request: FastifyRequest, reply: FastifyReply) => reply.code(200).send({ dropped: true });
  app.all(DROP_PREFIX, drop);
  app.all(`${DROP_PREFIX}/*`, drop);
};

/** Lowercase header names, repeated headers joined with ", ", exactly the values sent. */
function headersOf(rawHeaders: readonly string[]): Record<string, string> {
  const headers = new Map<string, string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    const previous = headers.get(name);
    headers.set(name, previous === undefined ? value : `${previous}, ${value}`);
  }
  return Object.fromEntries(headers);
}

interface ControlOptions extends RouteOptions {
  readonly controlToken: string;
  readonly control: ControlUse;
}

/** The control API the workers use; mounted under `/_control/:token`. */
const controlRoutes: FastifyPluginAsync<ControlOptions> = async (app, options) => {
  requireControlToken(app, options);
  app.get('/health', async () => ({ ok: true, inboxes: options.inboxes.size }));
  inboxControlRoutes(app, options);
  deliveryReadingRoutes(app, options);
};

/** A wrong token gets the same 404 as no route; a right one counts as use of the control API while its call lasts. */
function requireControlToken(app: FastifyInstance, { controlToken, control }: ControlOptions): void {
  const expected = Buffer.from(controlToken);
  app.addHook('onRequest', async (request: FastifyRequest<{ Params: { token?: string } }>, reply) => {
    const given = Buffer.from(request.params.token ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(404).send({ error: 'not found' });
    control.started(request.id);
    return undefined;
  });
  app.addHook('onResponse', async (request) => control.ended(request.id));
  app.addHook('onRequestAbort', async (request) => control.ended(request.id));
}

/** The inbox `:id` names, or undefined once a 404 has been sent. */
function inboxParam(
  inboxes: InboxStore,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
): InboxState | undefined {
  const inbox = INBOX_ID.test(request.params.id) ? inboxes.get(request.params.id) : undefined;
  if (!inbox) void reply.code(404).send({ error: 'no such inbox' });
  return inbox;
}

/** Opening an inbox, telling it how to answer, closing it. */
function inboxControlRoutes(app: FastifyInstance, { inboxes }: ControlOptions): void {
  app.post('/inboxes', { bodyLimit: CONTROL_BODY_LIMIT }, async (request, reply) => {
    const label = OpenInboxBody.safeParse(request.body ?? undefined);
    if (!label.success) return reply.code(400).send({ error: z.prettifyError(label.error) });
    try {
      const inbox = inboxes.open(label.data);
      const created: InboxCreated = { id: inbox.id, path: `${INBOX_PREFIX}/${inbox.id}` };
      return reply.code(201).send(created);
    } catch (error) {
      if (error instanceof InboxFullError) return reply.code(429).send({ error: error.message });
      throw error;
    }
  });

  app.put<{ Params: { id: string } }>(
    '/inboxes/:id/answer',
    { bodyLimit: CONTROL_BODY_LIMIT },
    async (request, reply) => {
      const inbox = inboxParam(inboxes, request, reply);
      if (!inbox) return reply;
      const plan = AnswerPlanBody.safeParse(request.body);
      if (!plan.success) return reply.code(400).send({ error: z.prettifyError(plan.error) });
      inbox.setPlan(plan.data);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/inboxes/:id', async (request, reply) => {
    const inbox = inboxParam(inboxes, request, reply);
    if (!inbox) return reply;
    inboxes.delete(inbox.id);
    return reply.code(204).send();
  });
}

/** An inbox's deliveries past `after`, at once or waited for. */
function deliveryReadingRoutes(app: FastifyInstance, { inboxes, limits }: ControlOptions): void {
  const pageQuery = (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = PageQuery.safeParse(request.query);
    if (!parsed.success) void reply.code(400).send({ error: z.prettifyError(parsed.error) });
    return parsed.success ? parsed.data : undefined;
  };

  app.get<{ Params: { id: string } }>('/inboxes/:id/deliveries', async (request, reply) => {
    const inbox = inboxParam(inboxes, request, reply);
    const q = inbox && pageQuery(request, reply);
    if (!inbox || !q) return reply;
    return inbox.page(q.after, limits.pageSize, false);
  });

  app.get<{ Params: { id: string } }>('/inboxes/:id/wait', async (request, reply) => {
    const inbox = inboxParam(inboxes, request, reply);
    const q = inbox && pageQuery(request, reply);
    if (!inbox || !q) return reply;
    return waitForDelivery(inbox, q, limits, reply);
  });
}

/**
 * The long poll: answers at once if a delivery past `after` is there, else the moment one arrives, else
 * when `timeoutMs` has passed (with `timedOut`). No polling on either side.
 */
function waitForDelivery(
  inbox: InboxState,
  q: { readonly after: number; readonly timeoutMs?: number | undefined },
  limits: CaptureLimits,
  reply: FastifyReply,
): DeliveryPage | Promise<DeliveryPage> {
  if (inbox.deliveries.length > q.after || inbox.closed) return inbox.page(q.after, limits.pageSize, false);
  const timeoutMs = Math.min(q.timeoutMs ?? limits.maxWaitMs, limits.maxWaitMs);
  return new Promise<DeliveryPage>((resolve) => {
    const finish = (timedOut: boolean) => {
      clearTimeout(timer);
      cancel();
      reply.raw.off('close', onClientGone);
      resolve(inbox.page(q.after, limits.pageSize, timedOut));
    };
    const cancel = inbox.onNext(() => finish(false));
    const timer = setTimeout(() => finish(true), timeoutMs);
    // A client that gave up (its test ended) releases the wait at once.
    const onClientGone = () => finish(true);
    reply.raw.on('close', onClientGone);
  });
}
