/**
 * The security faults that are not auth (reference/auth.ts): secrets leaking into answers, and client
 * bodies answered with a 5xx. Each is a hook installed only when its fault is on, so the clean
 * reference runs none of this code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FaultSet } from './faults/index.ts';
import { errorBody } from './format.ts';
import type { Store } from './store.ts';

const EVENTS_ROUTE = '/api/core/v1/webhooks/events';

export function installSecurityFaults(app: FastifyInstance, faults: FaultSet, store: Store): void {
  const errorCodes = new WeakMap<FastifyRequest, string>();
  const bodyFaults = faults.has('invalid-json-500') || faults.has('body-too-large-500');

  if (bodyFaults) {
    // The body parser's error, remembered so the answer can be turned into the 500 a careless stack gives.
    app.addHook('onError', async (request, _reply, error) => {
      errorCodes.set(request, (error as { code?: string }).code ?? '');
    });
  }

  if (faults.has('non-object-body-500')) {
    app.addHook('preValidation', async (request) => {
      // What `$request->input('name')` on a list does in a handler that assumes an object.
      if (Array.isArray(request.body)) throw new TypeError('Cannot read properties of an array (reading "name")');
    });
  }

  if (!bodyFaults && !faults.has('webhook-events-embed-subscribers')) return;

  app.addHook('onSend', async (request, reply, payload) => {
    const code = errorCodes.get(request);
    if (
      (code === 'FST_ERR_CTP_INVALID_JSON_BODY' && faults.has('invalid-json-500')) ||
      (code === 'FST_ERR_CTP_BODY_TOO_LARGE' && faults.has('body-too-large-500'))
    ) {
      void reply.code(500);
      return JSON.stringify(errorBody('Internal server error.'));
    }
    if (reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    if (
      faults.has('webhook-events-embed-subscribers') &&
      request.method === 'GET' &&
      request.routeOptions.url === EVENTS_ROUTE
    ) {
      const body = JSON.parse(payload) as { data: { value: string }[] };
      const subscribers = (event: string) =>
        [...store.webhooks.values()]
          .filter((w) => w.events.some((e) => e.event_name === event))
          .map((w) => ({ id: w.id, url: w.url, secret: w.secret }));
      return JSON.stringify({
        ...body,
        data: body.data.map((entry) => ({ ...entry, subscribers: subscribers(entry.value) })),
      });
    }
    return payload;
  });
}
