import type { FaultDefinition } from '../faults.ts';

export const conventionFaults = {
  'envelope-status-ok': { clause: 'conventions.envelope', description: 'Success envelopes say status "ok" instead of "success".' },
  'envelope-no-message': { clause: 'conventions.envelope', description: 'Success envelopes leave out `message`.' },
  'timestamps-iso': { clause: 'conventions.timestamps', description: 'Timestamps are ISO 8601 (2026-01-02T03:04:05.000Z) instead of YYYY-MM-DD HH:MM:SS.' },
  'response-text-plain': { clause: 'conventions.json-body', description: 'Responses are sent with Content-Type text/plain.' },
} as const satisfies Record<string, FaultDefinition>;
