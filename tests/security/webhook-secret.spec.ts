// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
/**
 * A webhook's secret is returned once, as `plain_secret`, at registration (Authentication 4): no
 * documented response after that carries it, under any key. (Update Webhook's own answer is checked in
 * tests/webhooks/update-webhook.spec.ts.) Responses are searched as text, and messages name the
 * operations that leaked, never the secret.
 */
import { z } from 'zod';
import { checks, expect, expectShape, test } from '../../fixtures/index.ts';
import type { ApiResponse } from '../../support/api/response.ts';
import { registerSecret } from '../../support/redact.ts';
import { Envelope } from '../../support/schemas/index.ts';
import { Succeeded } from './support/protected-calls.ts';

const Registration = Envelope(z.object({ webhook: z.object({ id: z.int() }), plain_secret: z.string().min(1) }));
const WithId = Envelope(z.object({ id: z.int() }));

const cases = [
  { title: 'a supplied secret', supplied: true, clauses: [] },
  // That the target generates a secret when none is supplied is itself a reading.
  { title: 'a secret the target generated', supplied: false, clauses: ['register-webhook.secret-generated'] },
] as const;

test.describe('Webhook secret', () => {
  for (const { title, supplied, clauses } of cases) {
    test(
      `every documented operation succeeds after registration and no answer carries ${title}`,
      checks('registerWebhook', 'auth.secret-returned-once', ...clauses),
      async ({ api, make, inbox, inboxes }) => {
        const registration = await api.registerWebhook(
          make.webhook(inbox.url, supplied ? { secret: make.secret() } : {}),
        );
        expect(registration, 'Register Webhook').toHaveStatus(Succeeded);
        const { data } = expectShape(registration, Registration, 'Register Webhook response');
        const secret = data.plain_secret;
        registerSecret(secret);

        const other = await inboxes.open();
        const product = await api.createServiceProduct(make.service());
        expect(product, 'Create Service Product').toHaveStatus(Succeeded);
        const productId = expectShape(product, WithId, 'Create Service Product response').data.id;
        const responses: ApiResponse[] = [
          await api.webhookEvents(),
          await api.updateWebhook(data.webhook.id, make.webhook(inbox.url)),
          await api.registerWebhook(make.webhook(other.url)),
          product,
          await api.createBookingProduct(make.booking()),
          // A full valid body: which fields a PATCH needs is not shown.
          await api.updateServiceProduct(productId, make.service({ name_en: make.name('renamed service') })),
          await api.listProducts(),
        ];
        // An answer that is not a success shows nothing about leaking: each call must succeed to count.
        for (const response of responses)
          expect(
            response,
            `${response.describe()}: must succeed, so that its answer shows whether it carries the secret`,
          ).toHaveStatus(Succeeded);
        const leaking = responses.filter((r) => r.text.includes(secret)).map((r) => r.describe());
        expect(leaking, 'responses after registration that carry the webhook secret (the secret is not shown)').toEqual(
          [],
        );
      },
    );
  }
});
