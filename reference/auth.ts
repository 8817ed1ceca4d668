/** Bearer-token auth on the protected operations (Authentication 1). */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Responses } from './format.ts';
import type { Bends } from './hooks.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

// Stryker disable next-line all: "Shape of an error body: not shown."
const UNAUTHENTICATED = 'Unauthenticated.';

/** A 401 names the scheme it wants (RFC 9110, WWW-Authenticate); a 403 does not challenge. */
// Reading: auth.bearer-required
function bearerChallenge(reply: FastifyReply, respond: Responses): FastifyReply {
  // Stryker disable next-line all: "Statuses for authentication failure, missing resources and other cases: not shown."
  return respond.statusOf('unauthenticated') === 401 ? reply.header('www-authenticate', 'Bearer') : reply;
}

/**
 * Puts the auth check on a scope of protected routes: exactly `Authorization: Bearer <token>` passes.
 * `refused` records the requests the check refused (what the answer hook point tells faults).
 */
// Reading: auth.bearer-required
export function protectScope(
  scope: FastifyInstance,
  options: { token: string; faults: Bends; respond: Responses; refused: WeakSet<FastifyRequest> },
): void {
  const { faults, respond, refused } = options;
  const expected = digest(options.token);
  // Reading: auth.bearer-required
  const carriesToken = (token: string | undefined) =>
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent: the empty token's digest is not the token's
    token !== undefined && token !== '' && timingSafeEqual(digest(token), expected);
  // Reading: auth.bearer-required
  scope.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    // Which other forms of the header a store takes is its own: the spec shows the one it takes.
    // Stryker disable next-line Regex,StringLiteral: "Protected operations take a bearer token in the header `Authorization: Bearer <ACCESS_TOKEN>`."
    const correct = carriesToken(/^Bearer (\S+)$/.exec(header ?? '')?.[1]);
    // Stryker disable next-line all: equivalent: what was refused is told to the faults' hook point alone; no answer reads it.
    if (!correct) refused.add(request);
    // Stryker disable next-line StringLiteral: equivalent: the hook point's name, which no answer reads
    if (faults.bend('authorize', correct, { header, carriesToken })) return undefined;
    return respond.refuse(bearerChallenge(reply, respond), 'unauthenticated', UNAUTHENTICATED);
  });
}
