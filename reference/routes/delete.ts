/**
 * Delete Product and Delete Webhook. The spec names both but shows no path; the reference serves them
 * at the paths `.env.example` suggests (DELETE_PRODUCT_PATH, DELETE_WEBHOOK_PATH), so the suite's
 * teardown can be exercised against it. No conformance test relies on them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { parseIdentifier, type ReferenceContext } from './context.ts';

export const REFERENCE_DELETE_PATHS = {
  product: '/api/core/v1/products/{id}',
  webhook: '/api/core/v1/webhooks/{id}',
} as const;

// Served for the suite's clean-up alone, never judged: a store may serve the deletes anywhere, or not at all.
// Stryker disable all: "Paths, payloads and responses of these operations: not shown."
export const deleteRoutes: FastifyPluginAsync<ReferenceContext> = async (app, ctx) => {
  const { store, respond } = ctx;

  app.delete<{ Params: { identifier: string } }>('/api/core/v1/products/:identifier', async (request, reply) => {
    const id = parseIdentifier(request.params.identifier);
    if (id === undefined || !store.products.delete(id))
      return respond.unknownIdentifier(reply, 'product', request.params.identifier);
    return respond.envelope('productDeleted', null);
  });

  app.delete<{ Params: { identifier: string } }>('/api/core/v1/webhooks/:identifier', async (request, reply) => {
    const id = parseIdentifier(request.params.identifier);
    if (id === undefined || !store.webhooks.delete(id))
      return respond.unknownIdentifier(reply, 'webhook', request.params.identifier);
    return respond.envelope('webhookDeleted', null);
  });
};
