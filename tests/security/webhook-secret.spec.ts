/**
 * A webhook's secret is returned once, as `plain_secret`, at registration (Authentication 4): no answer
 * of a documented operation after that carries it, under any key, whatever its status. Every operation
 * is called after the registration (from the operation contract); answers are searched as text, and
 * messages name the operations that leaked, never the secret.
 */
import { z } from 'zod';
import {
  cites,
  dependsOn,
  expect,
  test,
  type ApiResponse,
  type Make,
  type StoreApi,
  concurrently,
} from '../../fixtures/index.ts';
import { bodyHoldsSecret, registerWebhook } from '../../fixtures/webhooks.ts';
import type { CallSteps } from '../../fixtures/calls.ts';
import { OperationIds, Operations } from '../../support/contract/operations.ts';

const ProductId = z.object({ data: z.object({ id: z.int() }) });

/**
 * Every operation's answer after the registration of webhook `webhookId`: Update Webhook updates that
 * webhook, Update Service Product a product made for it (when it cannot be made, that operation is not
 * called: its own tests judge why); the others take the valid call `calls` prepares, which needs no
 * set-up for them.
 */
async function answersAfter(webhookId: number, { api, make, calls }: { api: StoreApi; make: Make; calls: CallSteps }) {
  const notCalled: string[] = [];
  const answers = await concurrently(
    OperationIds.map(async (operation): Promise<ApiResponse | undefined> => {
      if (operation === 'updateWebhook') return api.updateWebhook(webhookId, make.webhook());
      if (operation === 'updateServiceProduct') {
        const created = ProductId.safeParse((await api.createServiceProduct(make.service())).jsonOrUndefined());
        if (!created.success) return void notCalled.push(Operations[operation].name);
        return api.updateServiceProduct(created.data.data.id, make.service());
      }
      return (await calls.prepare(operation)).send();
    }),
  );
  return { answers: answers.filter((a): a is ApiResponse => a !== undefined), notCalled };
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
      const { answers, notCalled } = await answersAfter(id, { api, make, calls });
      if (notCalled.length > 0)
        test.info().annotations.push({ type: 'not called', description: `set-up failed for ${notCalled.join(', ')}` });
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
      const { answers } = await answersAfter(id, { api, make, calls });
      expect(
        leaks(answers, secret),
        'answers after the registration that carry the generated secret (not shown)',
      ).toEqual([]);
    },
  );
});
