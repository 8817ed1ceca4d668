// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
/**
 * Every protected operation refuses a call without a valid bearer token, and a refused call writes
 * nothing. The request is in every other way one that succeeds with the configured token (an update
 * names a webhook or product that exists), so only the credentials can be why it is refused.
 */
import { checks, expect, Statuses, test } from '../../fixtures/index.ts';
import type { Credentials } from '../../support/api/store-api.ts';
import type { Config } from '../../support/config.ts';
import { Operations } from '../../support/contract/operations.ts';
import { prepare, ProtectedOperations } from './support/protected-calls.ts';

interface Variant {
  readonly title: string;
  credentials(config: Config, wrongToken: string): Credentials;
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
  for (const operation of ProtectedOperations) {
    for (const variant of variants) {
      test(
        `${Operations[operation].name} ${variant.title} is refused and writes nothing`,
        checks(operation, 'auth.bearer-required'),
        async ({ api, make, inbox, config, faker }) => {
          const call = await prepare(operation, { api, make, inbox });
          const wrongToken = `conformance-wrong-${faker.string.alphanumeric(32)}`;
          const response = await call.send({ credentials: variant.credentials(config, wrongToken) });
          expect(response, `${Operations[operation].name} ${variant.title}`).toHaveStatus(Statuses.notSuccess);
          await call.wroteNothing?.(`the refused ${Operations[operation].name}`);
        },
      );
    }
  }
});
