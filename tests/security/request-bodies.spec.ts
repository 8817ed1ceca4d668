/**
 * Hostile bodies: a body cut off mid-JSON, a JSON array where an object belongs, and a body of 16 MiB,
 * each sent with the configured token to every operation that takes a body. The malformed ones must get
 * a 4xx: the spec documents 500 only as a server error, and a 2xx would mean the body was taken. Size
 * limits are not shown, so the 16 MiB body need only be answered (within REQUEST_TIMEOUT_MS) without a 5xx.
 */
import { cites, expect, Statuses, test } from '../../fixtures/index.ts';
import type { ClauseId } from '../../support/contract/clauses.ts';
import { OperationIdsWithBody, Operations } from '../../support/contract/operations.ts';

/** Far past any field of the spec, and past the default limit of common servers and proxies (1 to 8 MiB). */
const OVERSIZED_BYTES = 16 * 1024 * 1024;

/** A marker no valid body holds, where the bulk goes. */
const BULK_MARK = '<<conformance-bulk-7f3c1e>>';
let bulkBytes: Buffer | undefined;
/** OVERSIZED_BYTES of plain ASCII, made once per worker. */
const bulk = () => (bulkBytes ??= Buffer.alloc(OVERSIZED_BYTES, 'x'));

/** Any answer but a server error: a target may refuse a large body (413, say) or take it. */
const NotServerError = {
  describe: 'any status but a 5xx (size limits are not shown: refusing and taking are both allowed)',
  test: (s: number) => s < 500,
} as const;

interface BodyCase {
  /** Ends the title "<operation> answers …". */
  readonly title: string;
  readonly clause: ClauseId;
  readonly expected: { readonly describe: string; readonly test: (status: number) => boolean };
  /** The hostile body, made from the operation's valid one. */
  raw(valid: object): string | Buffer;
}

const cases: readonly BodyCase[] = [
  {
    title: 'a body cut off in the middle of its JSON with a 4xx, never a 5xx',
    clause: 'security.malformed-body',
    expected: Statuses.clientError,
    raw: (valid) => {
      const json = JSON.stringify(valid);
      return json.slice(0, Math.floor(json.length / 2));
    },
  },
  {
    title: 'a JSON array instead of an object with a 4xx, never a 5xx',
    clause: 'security.malformed-body',
    expected: Statuses.clientError,
    raw: (valid) => JSON.stringify([valid]),
  },
  {
    title: 'a body of 16 MiB in time and without a 5xx (size limits are not shown)',
    clause: 'security.oversized-body',
    expected: NotServerError,
    // The bulk goes into a string field every such body has, so a target without a limit would store it.
    // It is spliced, as bytes, into the serialized body rather than serialized with it: 16 MiB scanned and
    // encoded once per test is CPU the run can spare.
    raw: (valid) => {
      const field = 'name' in valid ? 'name' : 'name_en';
      const [before, after] = JSON.stringify({ ...valid, [field]: BULK_MARK }).split(BULK_MARK) as [string, string];
      return Buffer.concat([Buffer.from(before), bulk(), Buffer.from(after)]);
    },
  },
];

test.describe('Request bodies', () => {
  for (const operation of OperationIdsWithBody) {
    for (const bodyCase of cases) {
      test(
        `${Operations[operation].name} answers ${bodyCase.title}`,
        cites(operation, bodyCase.clause),
        async ({ calls }) => {
          const call = await calls.prepare(operation);
          // An answer at all shows it did not hang: the client gives up after REQUEST_TIMEOUT_MS.
          const response = await call.send({ rawBody: bodyCase.raw(call.body ?? {}) });
          expect(response, `${Operations[operation].name} answering ${bodyCase.title}`).toHaveStatus(bodyCase.expected);
        },
      );
    }
  }
});
