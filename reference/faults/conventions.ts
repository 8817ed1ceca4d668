/**
 * Faults of the conventions every operation shares (envelope, JSON, timestamps), and the two that act
 * on the whole server rather than one route: their hooks are installed here, only when they are on.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Operations } from '../../support/contract/operations.ts';
import type { FaultDefinition, FaultQuery } from './definition.ts';

export const conventionFaults = {
  'envelope-status-ok': {
    clause: 'conventions.envelope',
    description: 'Success envelopes say status "ok" instead of "success".',
  },
  'envelope-no-message': { clause: 'conventions.envelope', description: 'Success envelopes leave out `message`.' },
  'timestamps-iso': {
    clause: 'conventions.timestamps',
    description: 'Timestamps are ISO 8601 (2026-01-02T03:04:05.000Z) instead of YYYY-MM-DD HH:MM:SS.',
  },
  'response-text-plain': {
    clause: 'conventions.json-body',
    description: 'Responses are sent with Content-Type text/plain.',
  },
  'create-booking-no-answer': {
    clause: 'create-booking.created',
    description:
      'The first Create Booking Product request of a run never gets an answer (a lock stuck at start-up): the client times out.',
    once: true,
  },
} as const satisfies Record<string, FaultDefinition>;

export type ConventionFault = keyof typeof conventionFaults;

/**
 * Installs the hooks of the server-wide faults. `response-text-plain` bends every answer, so it is
 * consulted once, when the app is built; the others are consulted only on the requests they bend.
 */
export function installConventionFaults(app: FastifyInstance, faults: FaultQuery<ConventionFault>): void {
  if (faults.has('response-text-plain')) {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-type', 'text/plain');
      return payload;
    });
  }

  // Hold the first booking request open without answering (one timeout per run is enough to prove the
  // suite reports it); preClose drops the held connection so shutdown never waits on it.
  const { method, path } = Operations.createBookingProduct;
  let held: Socket | undefined;
  app.addHook('preClose', async () => {
    held?.destroy();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const booking = request.method === method && request.url.split('?')[0] === path;
    if (!held && booking && faults.has('create-booking-no-answer')) held = request.raw.socket;
    else done();
  });
}
