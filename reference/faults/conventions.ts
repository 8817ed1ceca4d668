import type { FaultDefinition } from './index.ts';

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
  },
} as const satisfies Record<string, FaultDefinition>;
