/**
 * Faults of the target's own security: auth that lets the wrong requests through, secrets leaking into
 * answers, and client bodies answered with a 5xx.
 */
import type { Bend } from '../hooks.ts';
import { successList, type FaultDefinition } from './definition.ts';

const SERVER_ERROR = 'Internal server error.';

/** A refusal of a client error (`code`: fastify's) answered as a crash. */
const crashOn = (code: string): Bend<'answer'> => ({
  when: (_, { refusal }) => refusal?.code === code,
  bend: (answer, { respond }) => ({
    ...answer,
    status: 500,
    body: respond.errorBody('server-error', SERVER_ERROR),
  }),
});

export const securityFaults = {
  // --- Authentication: each breaks one way of calling a protected operation without a valid token ---
  'auth-missing-header-allowed': {
    clause: 'auth.bearer-required',
    description: 'A request without an Authorization header is let through: auth only checks a header it finds.',
    bends: { authorize: { when: (_, { header }) => header === undefined, bend: () => true } },
  },
  'auth-any-bearer-token': {
    clause: 'auth.bearer-required',
    description: 'Any bearer token is accepted: only the scheme is checked, the token is never compared.',
    bends: {
      authorize: { when: (carries, { header }) => !carries && /^Bearer \S+$/.test(header ?? ''), bend: () => true },
    },
  },
  'auth-empty-bearer-allowed': {
    clause: 'auth.bearer-required',
    description: '`Authorization: Bearer` with no token is accepted (`if (token && token !== expected)`).',
    bends: { authorize: { when: (_, { header }) => /^Bearer\s*$/.test(header ?? '-'), bend: () => true } },
  },
  'auth-scheme-ignored': {
    clause: 'auth.bearer-required',
    description: 'The token is accepted under any scheme (`Basic <token>`): only the last word of the header is read.',
    bends: {
      authorize: {
        when: (carries, { header }) => !carries && header !== undefined && !/^Bearer\s*$/.test(header),
        bend: (_, { header, carriesToken }) => carriesToken(header?.trim().split(/\s+/).pop()),
      },
    },
  },
  'auth-checked-after-write': {
    clause: 'auth.bearer-required',
    description:
      'The token is checked only when the answer is sent: the caller gets 401, but the product or webhook was written.',
    bends: {
      authorize: { when: (carries) => !carries, bend: () => true },
      answer: {
        when: (_, { unauthenticated }) => unauthenticated,
        bend: (answer, { respond }) => ({
          status: respond.statusOf('unauthenticated'),
          body: respond.errorBody('unauthenticated', 'Unauthenticated.'),
          headers: {
            ...answer.headers,
            'content-type': 'application/json; charset=utf-8',
            ...(respond.statusOf('unauthenticated') === 401 ? { 'www-authenticate': 'Bearer' } : {}),
          },
        }),
      },
    },
  },

  // --- Secrets ----------------------------------------------------------------------------------
  'webhook-events-embed-subscribers': {
    clause: 'auth.secret-returned-once',
    description: 'Webhook Events embeds, per event, the webhooks subscribed to it with their url and secret.',
    bends: {
      answer: successList('webhookEvents', (entries, { store }) =>
        entries.map((entry) => ({
          ...entry,
          subscribers: [...store.webhooks.values()]
            .filter((w) => w.events.some((e) => e.event_name === entry.value))
            .map((w) => ({ id: w.id, url: w.url, secret: w.secret })),
        })),
      ),
    },
  },

  // --- Bodies -----------------------------------------------------------------------------------
  'invalid-json-500': {
    clause: 'security.malformed-body',
    description: 'A body that is not valid JSON fails in the parser as an unhandled error: 500.',
    bends: { answer: crashOn('FST_ERR_CTP_INVALID_JSON_BODY') },
  },
  'non-object-body-500': {
    clause: 'security.malformed-body',
    description: 'A JSON body that is an array, not an object, crashes the handler: 500.',
    bends: {
      request: {
        when: (_, { request }) => Array.isArray(request.body),
        // What `$request->input('name')` on a list does in a handler that assumes an object.
        bend: () => {
          throw new TypeError('Cannot read properties of an array (reading "name")');
        },
      },
    },
  },
  'body-too-large-500': {
    clause: 'security.oversized-body',
    description: 'A body over the size limit is answered 500 instead of a 4xx.',
    bends: { answer: crashOn('FST_ERR_CTP_BODY_TOO_LARGE') },
  },
} as const satisfies Record<string, FaultDefinition>;
