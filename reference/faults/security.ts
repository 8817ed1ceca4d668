/**
 * Faults of the target's own security: auth (bent in reference/auth.ts), secrets leaking into answers,
 * and client bodies answered with a 5xx. The last two act through hooks installed here, only when
 * their fault is on, so the clean reference runs none of this code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Operations } from '../../support/contract/operations.ts';
import type { Store } from '../store.ts';
import type { FaultDefinition, FaultQuery } from './definition.ts';

export const securityFaults = {
  // --- Authentication: each breaks one way of calling a protected operation without a valid token ---
  'auth-missing-header-allowed': {
    clause: 'auth.bearer-required',
    description: 'A request without an Authorization header is let through: auth only checks a header it finds.',
  },
  'auth-any-bearer-token': {
    clause: 'auth.bearer-required',
    description: 'Any bearer token is accepted: only the scheme is checked, the token is never compared.',
  },
  'auth-empty-bearer-allowed': {
    clause: 'auth.bearer-required',
    description: '`Authorization: Bearer` with no token is accepted (`if (token && token !== expected)`).',
  },
  'auth-scheme-ignored': {
    clause: 'auth.bearer-required',
    description: 'The token is accepted under any scheme (`Basic <token>`): only the last word of the header is read.',
  },
  'auth-checked-after-write': {
    clause: 'auth.bearer-required',
    description:
      'The token is checked only when the answer is sent: the caller gets 401, but the product or webhook was written.',
  },

  // --- Secrets ----------------------------------------------------------------------------------
  'webhook-events-embed-subscribers': {
    clause: 'auth.secret-returned-once',
    description: 'Webhook Events embeds, per event, the webhooks subscribed to it with their url and secret.',
  },

  // --- Bodies -----------------------------------------------------------------------------------
  'invalid-json-500': {
    clause: 'security.malformed-body',
    description: 'A body that is not valid JSON fails in the parser as an unhandled error: 500.',
  },
  'non-object-body-500': {
    clause: 'security.malformed-body',
    description: 'A JSON body that is an array, not an object, crashes the handler: 500.',
  },
  'body-too-large-500': {
    clause: 'security.oversized-body',
    description: 'A body over the size limit is answered 500 instead of a 4xx.',
  },
} as const satisfies Record<string, FaultDefinition>;

export type SecurityFault = keyof typeof securityFaults;

export interface SecurityHookContext {
  readonly store: Pick<Store, 'webhooks'>;
  /** The body the reference answers a 500 with. */
  readonly serverErrorBody: () => unknown;
}

export function installSecurityFaults(
  app: FastifyInstance,
  faults: FaultQuery<SecurityFault>,
  { store, serverErrorBody }: SecurityHookContext,
): void {
  // Every hook is installed, and each fault consulted only on the requests it bends (the fault matrix
  // traces which requests consult which fault).
  const errorCodes = new WeakMap<FastifyRequest, string>();
  // The body parser's error, remembered so the answer can be turned into the 500 a careless stack gives.
  app.addHook('onError', async (request, _reply, error) => {
    errorCodes.set(request, (error as { code?: string }).code ?? '');
  });

  app.addHook('preValidation', async (request) => {
    // What `$request->input('name')` on a list does in a handler that assumes an object.
    if (Array.isArray(request.body) && faults.has('non-object-body-500')) {
      throw new TypeError('Cannot read properties of an array (reading "name")');
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const code = errorCodes.get(request);
    if (
      (code === 'FST_ERR_CTP_INVALID_JSON_BODY' && faults.has('invalid-json-500')) ||
      (code === 'FST_ERR_CTP_BODY_TOO_LARGE' && faults.has('body-too-large-500'))
    ) {
      void reply.code(500);
      return JSON.stringify(serverErrorBody());
    }
    if (reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    if (
      request.method === 'GET' &&
      request.routeOptions.url === Operations.webhookEvents.path &&
      faults.has('webhook-events-embed-subscribers')
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
