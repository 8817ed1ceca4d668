/** Faults of the conventions every operation shares: the envelope, JSON bodies, timestamps, an answer at all. */
import type { Bend } from '../hooks.ts';
import { isRecord, type FaultDefinition } from './definition.ts';

/** A success envelope (Conventions: Response envelope), and what a fault makes of it. */
const successEnvelope = (bend: (envelope: Record<string, unknown>) => Record<string, unknown>): Bend<'answer'> => ({
  when: ({ body }) => isRecord(body) && body.status === 'success',
  bend: (answer) => ({ ...answer, body: bend(answer.body as Record<string, unknown>) }),
});

/** A rendered resource's timestamps as ISO 8601. */
const isoTimestamps = (
  rendered: Readonly<Record<string, unknown>>,
  record: { created_at: Date; updated_at: Date },
) => ({
  ...rendered,
  created_at: record.created_at.toISOString(),
  updated_at: record.updated_at.toISOString(),
});

export const conventionFaults = {
  'envelope-status-ok': {
    clause: 'conventions.envelope',
    description: 'Success envelopes say status "ok" instead of "success".',
    bends: { answer: successEnvelope((envelope) => ({ ...envelope, status: 'ok' })) },
  },
  'envelope-no-message': {
    clause: 'conventions.envelope',
    description: 'Success envelopes leave out `message`.',
    bends: { answer: successEnvelope(({ message: _, ...envelope }) => envelope) },
  },
  'timestamps-iso': {
    clause: 'conventions.timestamps',
    description: 'Timestamps are ISO 8601 (2026-01-02T03:04:05.000Z) instead of YYYY-MM-DD HH:MM:SS.',
    bends: {
      product: { bend: (rendered, { product }) => isoTimestamps(rendered, product) },
      webhook: {
        bend: (rendered, { webhook }) => ({
          ...isoTimestamps(rendered, webhook),
          events: (rendered.events as Record<string, unknown>[]).map((event, i) =>
            'created_at' in event ? { ...event, created_at: webhook.events[i]?.created_at.toISOString() } : event,
          ),
        }),
      },
    },
  },
  'response-text-plain': {
    clause: 'conventions.json-body',
    description: 'Responses are sent with Content-Type text/plain.',
    bends: {
      answer: { bend: (answer) => ({ ...answer, headers: { ...answer.headers, 'content-type': 'text/plain' } }) },
    },
  },
  'create-booking-no-answer': {
    clause: 'create-booking.created',
    description:
      'The first Create Booking Product request of a run never gets an answer (a lock stuck at start-up): the client times out.',
    once: true,
    bends: {
      request: {
        when: (_, { operation }) => operation === 'createBookingProduct',
        bend: () => ({ kind: 'withhold' }),
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
