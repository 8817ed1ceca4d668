/**
 * Bearer-token auth on the protected operations (Authentication 1), and the ways real services get it
 * wrong, for the fault matrix (reference/faults/security.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FaultSet } from './faults/index.ts';
import type { Responses } from './format.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether the header carries the token. The right `Bearer <token>` passes first, without consulting any
 * fault: the faults bend only what a correct server refuses (the fault matrix traces which requests
 * consult which fault, and a fault consulted on every request would reach every test).
 */
function authorized(header: string | undefined, expected: Buffer, faults: FaultSet): boolean {
  const matches = (token: string | undefined) =>
    token !== undefined && token !== '' && timingSafeEqual(digest(token), expected);
  // Fault: no header, no check (a middleware that only validates a header it finds).
  if (header === undefined) return faults.has('auth-missing-header-allowed');
  if (matches(/^Bearer (\S+)$/.exec(header)?.[1])) return true;
  // Fault: `Bearer` with an empty token skips the comparison (`if (token && token !== expected)`).
  if (/^Bearer\s*$/.test(header)) return faults.has('auth-empty-bearer-allowed');
  // Fault: any well-formed bearer token is taken (the token is never compared).
  if (/^Bearer \S+$/.test(header) && faults.has('auth-any-bearer-token')) return true;
  // Fault: only the last word is read, whatever the scheme (`Basic <token>` passes).
  return faults.has('auth-scheme-ignored') && matches(header.trim().split(/\s+/).pop());
}

const UNAUTHENTICATED = 'Unauthenticated.';

/** A preHandler that accepts exactly `Authorization: Bearer <token>`. */
function requireBearer(token: string, faults: FaultSet, respond: Responses) {
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (authorized(request.headers.authorization, expected, faults)) return undefined;
    // Fault: let it through now; the check is made when the answer is sent (protectScope).
    if (faults.has('auth-checked-after-write')) return undefined;
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
  const expected = digest(token);
  scope.addHook('onSend', async (request, reply, payload) => {
    if (authorized(request.headers.authorization, expected, faults) || !faults.has('auth-checked-after-write'))
      return payload;
    void bearerChallenge(reply, respond)
      .code(respond.statusOf('unauthenticated'))
      .header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(respond.errorBody('unauthenticated', UNAUTHENTICATED));
  });
}
