/**
 * A webhook's secret is returned once, as `plain_secret`, at registration (Authentication 4): no answer
 * of a documented operation after that carries it, under any key, whatever its status. Every operation
 * is called after the registration (from the operation contract); answers are searched as text, and
 * messages name the operations that leaked, never the secret.
 */
import {
  cites,
  dependsOn,
  expect,
  test,
  type ApiResponse,
  type Make,
  type StoreApi,
  concurrently,
  readSuccess,
} from '../../fixtures/index.ts';
import { bodyHoldsSecret, registerWebhook } from '../../fixtures/webhooks.ts';
import type { CallSteps } from '../../fixtures/calls.ts';
import { OperationIds } from '../../support/contract/operations.ts';
import { WithId } from '../../support/contract/schemas/common.ts';

/**
 * Every operation's answer after the registration of webhook `webhookId`: Update Webhook updates that
 * webhook, Update Service Product the product the Create Service Product call made (when it made none, the
 * test depends on the clause that judges why); the others take the valid call `calls` prepares, which needs no
 * set-up for them.
 */
async function answersAfter(webhookId: number, { api, make, calls }: { api: StoreApi; make: Make; calls: CallSteps }) {
  const answers = await concurrently(
    OperationIds.map(async (operation): Promise<ApiResponse[]> => {
      if (operation === 'updateWebhook') return [await api.updateWebhook(webhookId, make.webhook())];
      if (operation === 'updateServiceProduct') return [];
      const answer = await (await calls.prepare(operation)).send();
      if (operation !== 'createServiceProduct') return [answer];
      const { id } = readSuccess(answer, 'createServiceProduct', WithId, 'product.shape', 'data.id');
      return [answer, await api.updateServiceProduct(id, make.service())];
    }),
  );
  return answers.flat();
}

function leaks(answers: readonly ApiResponse[], secret: string): string[] {
  return answers.filter((r) => bodyHoldsSecret(r.text, secret)).map((r) => r.describe());
}

test.describe('Webhook secret', () => {
  test(
    'no operation answers with a secret supplied at an earlier registration',
    cites('registerWebhook', 'auth.secret-returned-once'),
    async ({ api, make, calls }) => {
      const secret = make.secret();
      const { id } = await registerWebhook(api, make.webhook({ secret }));
      const answers = await answersAfter(id, { api, make, calls });
      expect(
        leaks(answers, secret),
        'answers after the registration that carry the supplied secret (not shown)',
      ).toEqual([]);
    },
  );

  test(
    'no operation answers with a secret the target generated at an earlier registration',
    // Stated: any plain_secret is returned once. Whether one is generated is a reading: without one, not judged.
    cites('registerWebhook', 'auth.secret-returned-once'),
    async ({ api, make, calls }) => {
      const { id, plainSecret: secret } = await registerWebhook(api, make.webhook());
      if (!secret)
        dependsOn('register-webhook.secret-generated', 'the registration answered no generated plain_secret');
      const answers = await answersAfter(id, { api, make, calls });
      expect(
        leaks(answers, secret),
        'answers after the registration that carry the generated secret (not shown)',
      ).toEqual([]);
    },
  );
});
