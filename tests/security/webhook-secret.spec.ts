/**
 * A webhook's secret is returned once, as `plain_secret`, at registration (Authentication 4): no answer
 * of a documented operation after that carries it, under any key, whatever its status. One test per
 * operation, made from the operation contract. Answers are searched as text; messages name the
 * operations that leaked, never the secret.
 */
import { cites, dependsOn, expect, test } from '../../fixtures/index.ts';
import type { Make } from '../../fixtures/index.ts';
import { prepareCall } from '../../fixtures/steps/calls.ts';
import { registerWebhook } from '../../fixtures/steps/webhooks.ts';
import type { ApiResponse } from '../../support/api/response.ts';
import type { StoreApi } from '../../support/api/store-api.ts';
import { OperationIds, Operations, type OperationId } from '../../support/contract/operations.ts';
import { registerSecret } from '../../support/redact.ts';

/** The operation's call after the registration; Update Webhook updates the webhook that holds the secret. */
async function callAfter(
  operation: OperationId,
  webhookId: number,
  ctx: { api: StoreApi; make: Make },
): Promise<ApiResponse> {
  if (operation === 'updateWebhook') return ctx.api.updateWebhook(webhookId, ctx.make.webhook());
  return (await prepareCall(operation, ctx)).send();
}

test.describe('Webhook secret', () => {
  for (const operation of OperationIds) {
    const { name } = Operations[operation];
    test(
      `${name} does not answer with a secret supplied at an earlier registration`,
      cites(operation, 'auth.secret-returned-once'),
      async ({ api, make }) => {
        const secret = make.secret();
        const { id } = await registerWebhook(api, make.webhook({ secret }));
        const response = await callAfter(operation, id, { api, make });
        expect(response.text.includes(secret), `${response.describe()} carries the webhook secret (not shown)`).toBe(
          false,
        );
      },
    );
  }

  test(
    'no operation answers with a secret the target generated at an earlier registration',
    cites('registerWebhook', 'auth.secret-returned-once', 'register-webhook.secret-generated'),
    async ({ api, make }) => {
      const { id, plainSecret: secret } = await registerWebhook(api, make.webhook());
      if (!secret)
        dependsOn('register-webhook.secret-generated', 'the registration answered no generated plain_secret');
      registerSecret(secret);
      const responses = await Promise.all(OperationIds.map((operation) => callAfter(operation, id, { api, make })));
      const leaking = responses.filter((r) => r.text.includes(secret)).map((r) => r.describe());
      expect(leaking, 'answers after registration that carry the generated secret (the secret is not shown)').toEqual(
        [],
      );
    },
  );
});
