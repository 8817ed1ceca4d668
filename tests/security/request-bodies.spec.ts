/**
 * Hostile bodies: a body cut off mid-JSON, a JSON array where an object belongs, and a body of 16 MiB,
 * each sent with the configured token to every operation that takes a body. Each must get a 4xx: the
 * spec documents 500 only as a server error, and a 2xx would mean the body was taken.
 */
import { checks, expect, Statuses, test } from '../../fixtures/index.ts';
import type { ClauseId } from '../../support/spec/clauses.ts';
import { Operations } from '../../support/spec/operations.ts';
import { OperationsWithBody, prepare } from './support/protected-calls.ts';

/** Far past any field of the spec, and past the default limit of common servers and proxies (1 to 8 MiB). */
const OVERSIZED_BYTES = 16 * 1024 * 1024;

interface BodyCase {
  readonly title: string;
  readonly clause: ClauseId;
  /** The hostile body, made from the operation's valid one. */
  raw(valid: object): string;
}

const cases: readonly BodyCase[] = [
  {
    title: 'a body cut off in the middle of its JSON',
    clause: 'security.malformed-body',
    raw: (valid) => {
      const json = JSON.stringify(valid);
      return json.slice(0, Math.floor(json.length / 2));
    },
  },
  { title: 'a JSON array instead of an object', clause: 'security.malformed-body', raw: (valid) => JSON.stringify([valid]) },
  {
    title: 'a body of 16 MiB',
    clause: 'security.oversized-body',
    // The bulk goes into a string field every such body has, so a target without a limit would store it.
    raw: (valid) => {
      const field = 'name' in valid ? 'name' : 'name_en';
      return JSON.stringify({ ...valid, [field]: 'x'.repeat(OVERSIZED_BYTES) });
    },
  },
];

test.describe('Request bodies', () => {
  for (const operation of OperationsWithBody) {
    for (const bodyCase of cases) {
      test(`${Operations[operation].name} answers ${bodyCase.title} with a 4xx, never a 5xx`, checks(operation, bodyCase.clause), async ({ api, make, inbox }) => {
        const call = await prepare(operation, { api, make, inbox });
        const response = await call.send({ rawBody: bodyCase.raw(call.body ?? {}) });
        expect(response, `${Operations[operation].name} with ${bodyCase.title}`).toHaveStatus(Statuses.clientError);
      });
    }
  }
});
