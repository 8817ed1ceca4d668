/**
 * The reference implementation of the Store Management API: in memory, on fastify, built here and
 * started elsewhere (main.ts, support/run/global-setup.ts, self tests) so tests can listen on port 0.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { protectScope } from './auth.ts';
import { defaultDeliveryOptions, DeliveryDispatcher, type DeliveryOptions } from './deliveries.ts';
import { FaultSet } from './faults/index.ts';
import { Responses } from './format.ts';
import { Bends } from './hooks.ts';
import { ListedProducts } from './listed.ts';
import { operationOf, type ReferenceContext } from './routes/context.ts';
import { deleteRoutes } from './routes/delete.ts';
import { listRoutes } from './routes/list.ts';
import { productRoutes } from './routes/products.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { seedData } from './seed.ts';
import { seedProducts, Store } from './store.ts';
import type { ReferenceChoiceName } from '../support/contract/embedded-targets.ts';
import { choicesFor, type ErrorKind, type ReferenceChoices, type ReferenceVariant } from './variants/index.ts';

export interface ReferenceOptions {
  readonly token: string;
  /** Which choices the reference makes where the spec is silent (REFERENCE_VARIANT); default `standard`. */
  readonly variant?: ReferenceVariant;
  /** The catalogue choices it makes over its variant's base, in place of the variant's own set (REFERENCE_CHOICES). */
  readonly choiceNames?: readonly ReferenceChoiceName[];
  /** Choices of a self test's own, in place of the variant's. */
  readonly choices?: ReferenceChoices;
  /** The faults it is started with (REFERENCE_FAULTS): they bend it at the hook points of reference/hooks.ts. */
  readonly faults?: FaultSet;
  readonly deliveries?: Partial<DeliveryOptions>;
  /** Largest request body accepted, in bytes; larger ones get 413. */
  readonly bodyLimit?: number;
  readonly logger?: boolean;
  /** Called on the fresh app before anything else is registered: its hooks run first (the fault matrix traces requests with it). */
  readonly instrument?: (app: FastifyInstance) => void;
}

export interface ReferenceServer {
  readonly app: FastifyInstance;
  readonly choices: ReferenceChoices;
  readonly store: Store;
  readonly deliveries: DeliveryDispatcher;
}

/**
 * A body refused for its size is read and dropped (up to a bound) instead of the connection being
 * closed under the client: a client still sending it would get a broken pipe and never see the 413
 * (what nginx's lingering close avoids).
 */
function lingerOnRefusedBody(raw: IncomingMessage, reply: FastifyReply): void {
  if (Number(raw.headers['content-length'] ?? 0) > MAX_LINGER_BYTES) return;
  reply.removeHeader('connection');
  raw.resume();
}
const MAX_LINGER_BYTES = 64 * 1024 * 1024;

/** The kind of client error fastify raised (malformed JSON, too large, wrong content type...). */
function clientErrorKind(error: FastifyError): ErrorKind {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'malformed-body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body-too-large';
    default:
      return 'bad-request';
  }
}

const SERVER_ERROR = 'Internal server error.';

export function buildReference(options: ReferenceOptions): ReferenceServer {
  const faults = new Bends(options.faults ?? new FaultSet());
  const choices = options.choices ?? choicesFor(options.variant, options.choiceNames);
  const respond = new Responses(choices);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
  });
  options.instrument?.(app);
  const slow = choices.answerAfterMs;
  // Before anything else: the time a store far from its database, or busy, takes on every request.
  if (slow !== null)
    app.addHook(
      'onRequest',
      () => new Promise((done) => setTimeout(done, slow.min + Math.random() * (slow.max - slow.min))),
    );
  const store = new Store(seedData(choices.seed.ids, choices.seed.brandNames), choices.ids);
  seedProducts(store, choices.seed.products);
  const deliveries = new DeliveryDispatcher(faults, {
    ...defaultDeliveryOptions,
    ...choices.deliveries,
    ...options.deliveries,
  });
  const now = () => new Date();
  const listed = new ListedProducts(store, choices.list.writesShowAfterMs);
  const ctx: ReferenceContext = { store, faults, choices, respond, deliveries, listed, now };

  app.addHook('onClose', async () => deliveries.close());

  // Client errors (malformed JSON, wrong content type, too large) keep their 4xx; anything else is a
  // bug of ours, reported as such. The fuzz self test holds the reference to "no input gives a 5xx".
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    if (!clientError) {
      app.log.error(error);
      return respond.refuse(reply, 'server-error', SERVER_ERROR);
    }
    const kind = clientErrorKind(error);
    if (kind === 'body-too-large') lingerOnRefusedBody(request.raw, reply);
    return respond.refuse(reply, kind, error.message, {
      status: kind === 'bad-request' ? error.statusCode : undefined,
      code: error.code,
    });
  });
  app.setNotFoundHandler((request, reply) =>
    respond.refuse(reply, 'no-route', `No route ${request.method} ${request.url.split('?')[0]}.`),
  );

  const refused = new WeakSet<FastifyRequest>();
  installHookPoints(app, ctx, refused);
  app.register(async (protectedScope) => {
    protectScope(protectedScope, { token: options.token, faults, respond, refused });
    await protectedScope.register(webhookRoutes, ctx);
    await protectedScope.register(productRoutes, ctx);
    await protectedScope.register(deleteRoutes, ctx);
    // Whether List Products needs the token is not shown: the variant chose.
    if (choices.list.requiresToken) await protectedScope.register(listRoutes, ctx);
  });
  if (!choices.list.requiresToken) app.register(listRoutes, ctx);

  return { app, choices, store, deliveries };
}

/**
 * The hook points around the routes: `request` before a route, `answer` before an answer is sent.
 * Installed only when a fault may bend them, so a clean reference runs none of this.
 */
function installHookPoints(app: FastifyInstance, ctx: ReferenceContext, refused: WeakSet<FastifyRequest>): void {
  const { faults } = ctx;
  if (faults.any('request')) {
    // Requests a fault never answers; dropped when the app closes, so shutdown never waits on them.
    const held = new Set<Socket>();
    app.addHook('preClose', async () => {
      for (const socket of held) socket.destroy();
    });
    app.addHook('preValidation', async (request, reply) => {
      const outcome = faults.bend('request', { kind: 'pass' }, { ...ctx, request, operation: operationOf(request) });
      if (outcome.kind === 'answer') return reply.code(outcome.status).send(outcome.body);
      if (outcome.kind === 'withhold') {
        held.add(request.raw.socket);
        return new Promise<never>(() => undefined);
      }
      return undefined;
    });
  }
  if (faults.any('answer')) {
    app.addHook('onSend', async (request, reply, payload) => {
      const body = typeof payload === 'string' ? parseJson(payload) : undefined;
      const answer = { status: reply.statusCode, body, headers: {} };
      const bent = faults.bend('answer', answer, {
        ...ctx,
        request,
        operation: operationOf(request),
        refusal: ctx.respond.refusalOf(request),
        unauthenticated: refused.has(request),
      });
      if (bent === answer) return payload;
      void reply.code(bent.status).headers(bent.headers);
      return bent.body === body ? payload : JSON.stringify(bent.body);
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
