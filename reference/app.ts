/**
 * The reference implementation of the Store Management API: in memory, on fastify, built here and
 * started elsewhere (main.ts, support/global-setup.ts, self tests) so tests can listen on port 0.
 */
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { protectScope } from './auth.ts';
import { defaultDeliveryOptions, DeliveryDispatcher, type DeliveryOptions } from './deliveries.ts';
import { installConventionFaults } from './faults/conventions.ts';
import { FaultSet } from './faults/index.ts';
import { installSecurityFaults } from './faults/security.ts';
import { errorBody } from './format.ts';
import type { ReferenceContext } from './routes/context.ts';
import { deleteRoutes } from './routes/delete.ts';
import { listRoutes } from './routes/list.ts';
import { productRoutes } from './routes/products.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { seedProducts, Store } from './store.ts';

export interface ReferenceOptions {
  readonly token: string;
  readonly faults?: FaultSet;
  readonly deliveries?: Partial<DeliveryOptions>;
  /** Largest request body accepted, in bytes; larger ones get 413. */
  readonly bodyLimit?: number;
  readonly logger?: boolean;
}

export interface ReferenceServer {
  readonly app: FastifyInstance;
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

export function buildReference(options: ReferenceOptions): ReferenceServer {
  const faults = options.faults ?? new FaultSet();
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
  });
  const store = new Store();
  seedProducts(store, new Date());
  const deliveries = new DeliveryDispatcher(faults, { ...defaultDeliveryOptions, ...options.deliveries });
  const ctx: ReferenceContext = { store, faults, deliveries, now: () => new Date() };

  app.addHook('onClose', async () => deliveries.close());

  // Client errors (malformed JSON, wrong content type, too large) keep their 4xx; anything else is a
  // bug of ours, reported as such. The fuzz self test holds the reference to "no input gives a 5xx".
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) app.log.error(error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') lingerOnRefusedBody(request.raw, reply);
    return reply.code(status).send(errorBody(status === 500 ? 'Internal server error.' : error.message));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(`No route ${request.method} ${request.url.split('?')[0]}.`)),
  );

  installConventionFaults(app, faults);
  installSecurityFaults(app, faults, {
    store,
    serverErrorBody: () => errorBody('Internal server error.'),
  });

  app.register(async (protectedScope) => {
    protectScope(protectedScope, options.token, faults);
    await protectedScope.register(webhookRoutes, ctx);
    await protectedScope.register(productRoutes, ctx);
    await protectedScope.register(deleteRoutes, ctx);
  });
  // Whether List Products needs the token is not shown; the reference does not ask for it.
  app.register(listRoutes, ctx);

  return { app, store, deliveries };
}
