/**
 * For each protected operation: a request that would succeed with the configured token (its setup made
 * with the token), and, for the operations that write products, a way to see through the list that a
 * refused call wrote nothing. Shared by the authentication and body specs.
 */
import { z } from 'zod';
import { expect, expectShape, Statuses, test, type Make } from '../../../fixtures/index.ts';
import type { ApiResponse } from '../../../support/api/response.ts';
import type { SendOptions, StoreApi } from '../../../support/api/store-api.ts';
import type { Inbox } from '../../../support/capture/index.ts';
import { Envelope } from '../../../support/schemas/index.ts';
import type { OperationId } from '../../../support/contract/operations.ts';

/** Any 2xx: a setup step only needs the call to have worked; each status has its own test elsewhere. */
export const Succeeded = Statuses.success;

/** Only what the checks here need; the operation specs judge the rest of each shape. */
const WithId = Envelope(z.object({ id: z.int() }));
const RegistrationId = Envelope(z.object({ webhook: z.object({ id: z.int() }) }));
const SkuList = Envelope(z.object({ products: z.array(z.object({ id: z.int(), sku: z.string().nullish() })) }));

export interface ProtectedCallContext {
  readonly api: StoreApi;
  readonly make: Make;
  readonly inbox: Inbox;
}

export interface PreparedCall {
  /** The valid body the call sends (absent for Webhook Events), to derive broken ones from. */
  readonly body?: object;
  /** The operation's request, valid in every way but the one the test changes. */
  send(options: Pick<SendOptions, 'credentials' | 'rawBody' | 'headers'>): Promise<ApiResponse>;
  /** Fails if the refused call wrote what it asked for (a product with its unique sku or name); absent where no documented read can tell. */
  readonly wroteNothing?: (what: string) => Promise<void>;
}

export type ProtectedOperationId = Exclude<OperationId, 'listProducts'>;

export const ProtectedOperations: readonly ProtectedOperationId[] = [
  'registerWebhook',
  'updateWebhook',
  'webhookEvents',
  'createBookingProduct',
  'createServiceProduct',
  'updateServiceProduct',
];
export const OperationsWithBody: readonly ProtectedOperationId[] = ProtectedOperations.filter(
  (id) => id !== 'webhookEvents',
);

/** Sets up (with the configured token) what the operation needs, and returns the call to make. */
export async function prepare(operation: ProtectedOperationId, ctx: ProtectedCallContext): Promise<PreparedCall> {
  const { api, make, inbox } = ctx;
  switch (operation) {
    case 'webhookEvents':
      return { send: (options) => api.send('webhookEvents', options) };
    // No documented operation lists or reads webhooks, so only the status can show a refused webhook call.
    case 'registerWebhook': {
      const body = make.webhook(inbox.url);
      return { body, send: (options) => api.send('registerWebhook', { body, ...options }) };
    }
    case 'updateWebhook': {
      const id = await setUp('register a webhook to update', async () => {
        const response = await api.registerWebhook(make.webhook(inbox.url));
        expect(response, 'Register Webhook (setup)').toHaveStatus(Succeeded);
        return expectShape(response, RegistrationId, 'Register Webhook response (setup)').data.webhook.id;
      });
      const body = make.webhook(inbox.url, { name: make.name('renamed webhook') });
      return { body, send: (options) => api.send('updateWebhook', { identifier: id, body, ...options }) };
    }
    case 'createBookingProduct':
    case 'createServiceProduct': {
      const body = operation === 'createBookingProduct' ? make.booking() : make.service();
      return {
        body,
        send: (options) => api.send(operation, { body, ...options }),
        wroteNothing: (what) => noProductWithSku(api, body.sku ?? '', what),
      };
    }
    case 'updateServiceProduct': {
      const id = await setUp('create a service product to update', async () => {
        const response = await api.createServiceProduct(make.service());
        expect(response, 'Create Service Product (setup)').toHaveStatus(Succeeded);
        return expectShape(response, WithId, 'Create Service Product response (setup)').data.id;
      });
      const sku = make.sku();
      const body = { name_en: make.name('renamed service'), sku };
      return {
        body,
        send: (options) => api.send('updateServiceProduct', { identifier: id, body, ...options }),
        wroteNothing: (what) => noProductWithSku(api, sku, what),
      };
    }
  }
}

const setUp = <T>(title: string, body: () => Promise<T>) => test.step(title, body, { box: true });

/** The list, filtered by the sku the refused request carried, holds no product with that sku. */
async function noProductWithSku(api: StoreApi, sku: string, what: string): Promise<void> {
  await test.step(
    `the list holds no product with the sku ${what} sent`,
    async () => {
      const response = await api.listProducts({ sku });
      expect(response, 'List Products, filtered by the sku').toHaveStatus(200);
      const { data } = expectShape(response, SkuList, 'List Products response');
      const written = data.products.filter((p) => p.sku === sku).map((p) => p.id);
      expect(written, `ids of products carrying the sku ${sku} that ${what} sent (it was refused, so none)`).toEqual(
        [],
      );
    },
    { box: true },
  );
}
