/**
 * Bearer-token auth on the protected operations (Authentication 1), and the ways real services get it
 * wrong, for the fault matrix (reference/faults/security.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FaultSet } from './faults/index.ts';
import type { Responses } from './format.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The token the header carries, read the way the switched-on faults (if any) read it. */
function presentedToken(header: string | undefined, faults: FaultSet): string | undefined {
  if (header === undefined) return undefined;
  // Fault: only the last word is read, whatever the scheme (`Basic <token>` passes).
  if (faults.has('auth-scheme-ignored')) return header.trim().split(/\s+/).pop();
  return /^Bearer ([^\s]+)$/.exec(header)?.[1];
}

function authorized(header: string | undefined, expected: Buffer, faults: FaultSet): boolean {
  // Fault: no header, no check (a middleware that only validates a header it finds).
  if (header === undefined) return faults.has('auth-missing-header-allowed');
  // Fault: `Bearer` with an empty token skips the comparison (`if (token && token !== expected)`).
  if (faults.has('auth-empty-bearer-allowed') && /^Bearer\s*$/.test(header)) return true;
  const token = presentedToken(header, faults);
  if (!token) return false;
  // Fault: any well-formed bearer token is taken (the token is never compared).
  if (faults.has('auth-any-bearer-token') && /^Bearer \S+$/.test(header)) return true;
  return timingSafeEqual(digest(token), expected);
}

const UNAUTHENTICATED = 'Unauthenticated.';

/** A preHandler that accepts exactly `Authorization: Bearer <token>`. */
function requireBearer(token: string, faults: FaultSet, respond: Responses) {
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (faults.has('auth-checked-after-write') || authorized(request.headers.authorization, expected, faults))
      return undefined;
    return respond.refuse(bearerChallenge(reply, respond), 'unauthenticated', UNAUTHENTICATED);
  };
}

/** A 401 names the scheme it wants (RFC 9110, WWW-Authenticate); a 403 does not challenge. */
function bearerChallenge(reply: FastifyReply, respond: Responses): FastifyReply {
  return respond.statusOf('unauthenticated') === 401 ? reply.header('www-authenticate', 'Bearer') : reply;
}

/**
 * Puts the auth check on a scope of protected routes. With `auth-checked-after-write`, the check runs
 * when the answer is about to be sent: the caller is refused, but the handler has already written.
 */
export function protectScope(scope: FastifyInstance, token: string, faults: FaultSet, respond: Responses): void {
  scope.addHook('preHandler', requireBearer(token, faults, respond));
  if (!faults.has('auth-checked-after-write')) return;
  const expected = digest(token);
  scope.addHook('onSend', async (request, reply, payload) => {
    if (authorized(request.headers.authorization, expected, faults)) return payload;
    void bearerChallenge(reply, respond)
      .code(respond.statusOf('unauthenticated'))
      .header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(respond.errorBody('unauthenticated', UNAUTHENTICATED));
  });
}
