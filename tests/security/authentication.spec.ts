/**
 * Every operation the spec shows with the bearer token refuses a call without a valid one, and a
 * refused call writes nothing. The request is in every other way one that succeeds with the configured
 * token (an update names a webhook or product that exists), so only the credentials can be why it is refused.
 */
import { cites, expect, Statuses, test, type Credentials, type RunConfig } from '../../fixtures/index.ts';
import { Operations, ProtectedOperationIds } from '../../support/contract/operations.ts';

interface Variant {
  readonly title: string;
  credentials(config: RunConfig, wrongToken: string): Credentials;
}

const variants: readonly Variant[] = [
  { title: 'without an Authorization header', credentials: () => ({ kind: 'none' }) },
  {
    title: 'with a wrong bearer token',
    credentials: (_config, wrongToken) => ({ kind: 'header', value: `Bearer ${wrongToken}` }),
  },
  { title: 'with "Bearer" and no token after it', credentials: () => ({ kind: 'header', value: 'Bearer' }) },
  // The right token under another scheme: only a server that ignores the scheme lets it through.
  {
    title: 'with the right token under the Basic scheme',
    credentials: (config) => ({ kind: 'header', value: `Basic ${config.apiToken ?? ''}` }),
  },
];

test.describe('Authentication', () => {
  for (const operation of ProtectedOperationIds) {
    const { name } = Operations[operation];
    for (const variant of variants) {
      test(
        `${name} ${variant.title} is refused and writes nothing`,
        cites(operation, 'auth.bearer-required'),
        async ({ calls, config }) => {
          const call = await calls.prepare(operation);
          const wrongToken = `conformance-wrong-${config.runId}`;
          const response = await call.send({ credentials: variant.credentials(config, wrongToken) });
          expect(response, `${name} ${variant.title}`).toHaveStatus(Statuses.notSuccess);
          await call.wroteNothing?.(`the refused ${name}`);
        },
      );
    }
  }
});
