/**
 * The standard reference's choices: ids from 1, newest first, 15 a page, English messages, errors as
 * `{status: "error", message, errors}` with 401 and 404, Standard Webhooks signatures with retries,
 * unlisted fields refused. A suite must not rely on any of them: the divergent reference differs.
 */
import { randomBytes } from 'node:crypto';
import profile from '../../profiles/reference.json' with { type: 'json' };
import { ProductTypeLabels } from '../../support/contract/events.ts';
import { seedProduct } from '../store.ts';
import type { ErrorKind, ExtraFields, ReferenceChoices } from './choices.ts';
import { EmbeddedTargets } from '../../support/contract/embedded-targets.ts';

const none = () => ({});
const noExtras: ExtraFields = {
  envelope: none,
  product: none,
  webhook: none,
  registeredEvent: none,
  catalogueEntry: none,
  pagination: none,
  tag: none,
  brand: none,
  category: none,
};

const status: Record<ErrorKind, number> = {
  validation: 422,
  unauthenticated: 401,
  'unknown-identifier': 404,
  'no-route': 404,
  'page-out-of-range': 404,
  'malformed-body': 400,
  'body-too-large': 413,
  'bad-request': 400,
  'server-error': 500,
};

export const standardChoices: ReferenceChoices = {
  variant: 'standard',
  seed: {
    ids: profile,
    brandNames: [
      ['نايك', 'Nike'],
      ['أديداس', 'Adidas'],
      ['سوني', 'Sony'],
    ],
    products: [
      seedProduct('physical', ['منتج مادي', 'Seed physical product'], 120),
      seedProduct('digital', ['منتج رقمي', 'Seed digital product'], 15),
      seedProduct('booking', ['منتج حجز', 'Seed booking product'], 60),
      seedProduct('service', ['منتج خدمة', 'Seed service product'], 45, { published: false }),
    ],
  },
  ids: { first: 1, step: 1 },
  unpublishedStatusIds: [2],
  messages: {
    webhookEvents: 'Webhook events',
    webhookRegistered: 'Webhook registered. Store the secret now: it is returned only at this moment.',
    webhookUpdated: 'Webhook updated.',
    bookingCreated: 'Booking product created.',
    serviceCreated: 'Service product created.',
    serviceUpdated: 'Service product updated.',
    products: 'Products',
    productDeleted: 'Product deleted.',
    webhookDeleted: 'Webhook deleted.',
  },
  errors: {
    status: (kind) => status[kind],
    body: (_kind, message, errors) => (errors ? { status: 'error', message, errors } : { status: 'error', message }),
  },
  extras: noExtras,
  list: {
    defaultPerPage: 15,
    minPerPage: 1,
    underMinPerPage: 'refuse',
    maxPerPage: 100,
    overMaxPerPage: 'cap',
    pastLastPage: 'empty-page',
    order: 'newest-first',
    // Whether List Products needs the token is not shown; the standard reference does not ask for it.
    requiresToken: false,
    // The spec gives the Arabic labels only: they are the labels whatever the Accept-Language.
    typeLabel: (type) => ProductTypeLabels[type],
  },
  bodies: {
    unlistedFields: 'refuse',
    patchRequires: [],
    categoryHierarchy: 'unchecked',
    tags: 'create',
    uniqueSlugAndSku: false,
    dateRangeRequires: [],
  },
  webhooks: {
    methodTypes: ['POST', 'PUT', 'PATCH'],
    statuses: [0, 1],
    destinations: 'http-or-https',
    uniqueUrlAndEvent: false,
    checkUrlOnRegister: false,
    secretOnUpdate: 'take',
    secretCharacters: 'any',
    generateSecret: () => `whsec_${randomBytes(24).toString('base64')}`,
  },
  deliveries: { maxAttempts: 4, signature: EmbeddedTargets.standard.signature, signaturePrefix: '' },
};
