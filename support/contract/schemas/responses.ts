/**
 * What each documented operation answers with, as `data` of the success envelope: the single place
 * that ties an operation to its response schema (the OpenAPI document and the contract self test read it).
 */
import type { z } from 'zod';
import type { OperationId } from '../operations.ts';
import { Product, ProductList } from './product.ts';
import { EventCatalogue, Webhook, WebhookRegistration } from './webhook.ts';

export const ResponseData = {
  registerWebhook: WebhookRegistration,
  updateWebhook: Webhook,
  webhookEvents: EventCatalogue,
  createBookingProduct: Product,
  createServiceProduct: Product,
  updateServiceProduct: Product,
  listProducts: ProductList,
} as const satisfies Record<OperationId, z.ZodType>;
