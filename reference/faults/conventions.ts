/** Faults of the conventions every operation shares: the envelope, JSON bodies, timestamps, an answer at all. */
import type { AnswerContext, Bend } from '../hooks.ts';
import { isRecord, type FaultDefinition } from './definition.ts';

/** A success envelope (Conventions: Response envelope), and what a fault makes of it. */
const successEnvelope = (bend: (envelope: Record<string, unknown>) => Record<string, unknown>): Bend<'answer'> => ({
  when: ({ body }) => isRecord(body) && body.status === 'success',
  bend: (answer) => ({ ...answer, body: bend(answer.body as Record<string, unknown>) }),
});

/** The request asks for Arabic answers (`Accept-Language: ar`, `ar-SA`, `ar;q=0.9, en`...). */
export const inArabic = ({ request }: AnswerContext) =>
  /^\s*ar\b/i.test(String(request.headers['accept-language'] ?? ''));

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
  'envelope-status-translated': {
    clause: 'conventions.envelope',
    description:
      'Under `Accept-Language: ar` the success envelope says status "نجاح": the status goes through the translations with the message.',
    bends: {
      answer: {
        when: ({ body }, context) => isRecord(body) && body.status === 'success' && inArabic(context),
        bend: (answer) => ({ ...answer, body: { ...(answer.body as Record<string, unknown>), status: 'نجاح' } }),
      },
    },
  },
  'response-html-in-arabic': {
    clause: 'conventions.json-body',
    description:
      "Under `Accept-Language: ar` answers are sent as `text/html; charset=windows-1256`: the Arabic locale's configuration sets a legacy charset, and with it the framework's default content type.",
    bends: {
      answer: {
        when: (_, context) => inArabic(context),
        bend: (answer) => ({
          ...answer,
          headers: { ...answer.headers, 'content-type': 'text/html; charset=windows-1256' },
        }),
      },
    },
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
