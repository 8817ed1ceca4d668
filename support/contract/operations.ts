/**
 * The documented operations (Endpoints table). Paths are relative to the base URL; `{identifier}`
 * is the integer id. The product list path comes from configuration (see support/config.ts).
 */
export const Operations = {
  registerWebhook: {
    name: 'Register Webhook',
    tag: '@register-webhook',
    method: 'POST',
    path: '/api/core/v1/webhooks',
    success: 201,
    protected: true,
  },
  updateWebhook: {
    name: 'Update Webhook',
    tag: '@update-webhook',
    method: 'PUT',
    path: '/api/core/v1/webhooks/{identifier}',
    success: 200,
    protected: true,
  },
  webhookEvents: {
    name: 'Webhook Events',
    tag: '@webhook-events',
    method: 'GET',
    path: '/api/core/v1/webhooks/events',
    success: 200,
    protected: true,
  },
  createBookingProduct: {
    name: 'Create Booking Product',
    tag: '@create-booking-product',
    method: 'POST',
    path: '/api/core/v1/products/booking',
    success: 201,
    protected: true,
  },
  createServiceProduct: {
    name: 'Create Service Product',
    tag: '@create-service-product',
    method: 'POST',
    path: '/api/core/v1/products/service',
    success: 201,
    protected: true,
  },
  updateServiceProduct: {
    name: 'Update Service Product',
    tag: '@update-service-product',
    method: 'PATCH',
    path: '/api/core/v1/products/service/{identifier}',
    success: 200,
    protected: true,
  },
  listProducts: {
    name: 'List Products',
    tag: '@list-products',
    method: 'GET',
    path: '/products',
    success: 200,
    protected: false,
  },
} as const;

export type OperationId = keyof typeof Operations;
