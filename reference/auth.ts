import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './format.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A preHandler that accepts exactly `Authorization: Bearer <token>` (Authentication 1). */
export function requireBearer(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send(errorBody('Unauthenticated.'));
    }
    return undefined;
  };
}
