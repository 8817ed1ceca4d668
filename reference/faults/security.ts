import type { FaultDefinition } from './index.ts';

/** Faults of the target's own security: auth (reference/auth.ts), secrets and bodies (reference/security-faults.ts). */
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
