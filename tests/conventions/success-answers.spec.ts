/**
 * What every documented operation's success answer shares: its status (the Endpoints table), the
 * envelope and a JSON body. One test of each per operation, made from the operation contract
 * (support/contract/operations.ts) and the valid call the `calls` fixture prepares for it; each
 * reads only what it judges, so a wrong status does not fail the envelope test, nor the reverse.
 * The envelope and the JSON body are judged under each language the spec names (`Accept-Language`
 * ar and en, sent on the call judged): a store localizes its answers by it, and its allowed values are
 * not shown, so a language the target does not take makes the test not applicable.
 */
import { z } from 'zod';
import { cites, expect, requireSuccess, test } from '../../fixtures/index.ts';
import { LANGUAGES } from '../../fixtures/calls.ts';
import { OperationIds, Operations } from '../../support/contract/operations.ts';
import { Envelope, JSON_CONTENT_TYPE } from '../../support/contract/schemas/common.ts';

for (const operation of OperationIds) {
  const { name, success, successClause } = Operations[operation];

  test.describe(name, () => {
    test(`answers ${success}`, cites(operation, successClause), async ({ calls }) => {
      // A create's answer is the one the product tests read; a webhook's is of an event of its own, since
      // whether webhooks may share one is a reading (webhook.shared-events).
      const shared = await calls.sharedCreateAnswer(operation);
      if (shared !== undefined) {
        expect(shared).toHaveStatus(success);
        return;
      }
      const call = await calls.prepare(operation, { ownEvent: true });
      const response = await call.send();
      const refused = await call.skipWhenParkedDestinationRefused(response);
      expect(response, refused).toHaveStatus(success);
    });

    for (const language of LANGUAGES) {
      test(
        `answers with the success envelope: status "success", a message and data, for Accept-Language: ${language}`,
        cites(operation, 'conventions.envelope').on({ language }),
        async ({ calls }) => {
          const response = await calls.sharedAnswerIn(operation, language);
          requireSuccess(response, operation, 'the call');
          expect(response).toMatchSchema(
            Envelope(z.unknown().refine((data) => data !== undefined, 'data is required')),
          );
        },
      );

      test(
        `answers with Content-Type application/json and a JSON body, for Accept-Language: ${language}`,
        cites(operation, 'conventions.json-body').on({ language }),
        async ({ calls }) => {
          const response = await calls.sharedAnswerIn(operation, language);
          requireSuccess(response, operation, 'the call');
          expect(response.contentType, `Content-Type of ${response.describe()}`).toMatch(JSON_CONTENT_TYPE);
          expect(response.notJsonReason(), `the body of ${response.describe()} parses as JSON`).toBeUndefined();
        },
      );
    }
  });
}
