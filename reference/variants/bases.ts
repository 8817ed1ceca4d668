/**
 * The references before any choice of the catalogue: every field of the choices object set the usual
 * way (ids from 1, newest first, 15 a page, English, errors as `{status: "error", message, errors}` with
 * 401 and 404, Standard Webhooks signatures with retries, unlisted fields refused, no rule between two
 * fields), over the seed data of each base. A suite must not rely on any of it: the choices change it.
 */
import { randomBytes } from 'node:crypto';
import divergentProfile from '../../profiles/divergent.json' with { type: 'json' };
import standardProfile from '../../profiles/reference.json' with { type: 'json' };
import strictProfile from '../../profiles/strict.json' with { type: 'json' };
import { EmbeddedTargets } from '../../support/contract/embedded-targets.ts';
import { ProductTypeLabels } from '../../support/contract/events.ts';
import { seedProduct } from '../store.ts';
import type { ReferenceChoices } from './choices.ts';
import { noExtras } from './extras.ts';

const standard: ReferenceChoices = {
  variant: 'standard',
  seed: {
    ids: standardProfile,
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
  language: 'english',
  errors: {
    statuses: {
      validation: 422,
      unauthenticated: 401,
      'unknown-identifier': 404,
      'no-route': 404,
      'page-out-of-range': 404,
      'malformed-body': 400,
      'body-too-large': 413,
      'bad-request': 400,
      'server-error': 500,
    },
    shape: 'flat',
  },
  extras: noExtras,
  answerAfterMs: null,
  list: {
    defaultPerPage: 15,
    minPerPage: 1,
    underMinPerPage: 'refuse',
    maxPerPage: 100,
    overMaxPerPage: 'cap',
    pastLastPage: 'empty-page',
    order: 'newest-first',
    requiresToken: false,
    // The spec gives the Arabic labels only: they are the labels whatever the Accept-Language.
    typeLabel: (type) => ProductTypeLabels[type],
    writesShowAfterMs: null,
  },
  input: { trimStrings: false, emptyStringAbsent: false, numericStrings: false, looseBooleans: false },
  bodies: {
    unlistedFields: 'refuse',
    patchRequires: [],
    categoryHierarchy: 'unchecked',
    tags: 'create',
    uniqueSlugAndSku: false,
    dateRangeRequires: [],
    titlesAtMost255: false,
    salePriceAtMostPrice: false,
    minPurchaseAtMostMax: false,
    releaseNotAfterUpdate: false,
    windowsEndAfterStart: false,
    windowsDoNotOverlap: false,
    providersWhenRequired: false,
    videoFieldsTogether: false,
  },
  webhooks: {
    methodTypes: ['POST', 'PUT', 'PATCH'],
    statuses: [0, 1],
    destinations: 'http-or-https',
    uniqueUrlAndEvent: false,
    oneWebhookPerEvent: false,
    checkUrlOnRegister: false,
    secretOnUpdate: 'take',
    secretCharacters: 'any',
    generateSecret: () => `whsec_${randomBytes(24).toString('base64')}`,
  },
  deliveries: {
    maxAttempts: 4,
    signature: EmbeddedTargets.standard.signature,
    signaturePrefix: '',
    leaveAfterMs: null,
  },
};

/** The divergent seed data: other brands, categories, media, badges, providers; status 6 unpublishes. */
const divergent: ReferenceChoices = {
  ...standard,
  variant: 'divergent',
  seed: {
    ids: divergentProfile,
    brandNames: [
      ['المراعي', 'Almarai'],
      ['جرير', 'Jarir'],
      ['نادك', 'Nadec'],
      ['إكسترا', 'eXtra'],
    ],
    products: [
      seedProduct('physical', ['كرسي خشبي', 'Wooden chair'], 340, { sku: 'DIV-CHAIR' }),
      seedProduct('digital', ['كتاب إلكتروني', 'E-book'], 25, { sku: 'DIV-EBOOK' }),
      seedProduct('booking', ['جلسة تصوير', 'Photo session'], 200, { sku: 'DIV-PHOTO' }),
      seedProduct('service', ['تصميم شعار', 'Logo design'], 150, { sku: 'DIV-LOGO' }),
      seedProduct('service', ['استشارة', 'Consultation'], 90, { sku: 'DIV-CONSULT', published: false }),
      seedProduct('booking', ['درس يوغا', 'Yoga class'], 35, { sku: 'DIV-YOGA' }),
    ],
  },
  unpublishedStatusIds: [6],
};

/** The strict seed data: tags to take (tagNames), status 23 unpublishes. */
const strict: ReferenceChoices = {
  ...standard,
  variant: 'strict',
  seed: {
    ids: strictProfile,
    brandNames: [
      ['سامسونج', 'Samsung'],
      ['إل جي', 'LG'],
      ['كانون', 'Canon'],
    ],
    products: [
      seedProduct('physical', ['مصباح', 'Lamp'], 80, { sku: 'STRICT-LAMP' }),
      seedProduct('booking', ['جولة', 'Tour'], 300, { sku: 'STRICT-TOUR' }),
      seedProduct('service', ['تنظيف', 'Cleaning'], 120, { sku: 'STRICT-CLEAN', published: false }),
    ],
  },
  unpublishedStatusIds: [23],
};

export const Bases = { standard, divergent, strict } as const;
