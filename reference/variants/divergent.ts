/**
 * The divergent reference (REFERENCE_VARIANT=divergent): wherever the spec is silent or says "not
 * shown", it chooses otherwise than the standard one, and still within the spec. The conformance suite
 * must pass against it as against the standard: what differs here is what the suite may not assert.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import profile from '../../profiles/divergent.json' with { type: 'json' };
import { ProductTypeLabels } from '../../support/contract/events.ts';
import { seedProduct, type ProductType } from '../store.ts';
import type { ErrorKind, FieldErrors, ReferenceChoices } from './choices.ts';
import { EmbeddedTargets } from '../../support/contract/embedded-targets.ts';

/** Its error body: `{error: {code, message, fields?}}`, the message in Arabic. */
const errorCodes: Record<ErrorKind, { status: number; code: string; message: string }> = {
  validation: { status: 422, code: 'validation_failed', message: 'البيانات المرسلة غير صالحة.' },
  unauthenticated: { status: 403, code: 'forbidden', message: 'رمز الدخول مفقود أو غير صحيح.' },
  'unknown-identifier': { status: 422, code: 'unknown_identifier', message: 'لا يوجد مورد بهذا المعرّف.' },
  'no-route': { status: 404, code: 'no_route', message: 'هذا المسار غير موجود.' },
  'page-out-of-range': { status: 404, code: 'page_out_of_range', message: 'الصفحة المطلوبة بعد الصفحة الأخيرة.' },
  'malformed-body': { status: 400, code: 'malformed_json', message: 'جسم الطلب ليس JSON صالحاً.' },
  'body-too-large': { status: 413, code: 'payload_too_large', message: 'جسم الطلب أكبر من الحد المسموح.' },
  'bad-request': { status: 400, code: 'bad_request', message: 'طلب غير صالح.' },
  'server-error': { status: 500, code: 'server_error', message: 'حدث خطأ في الخادم.' },
};

/** Field messages in Arabic: a missing field is required, anything else is an invalid value. */
const arabicFields = (fields: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages.map((m) => (/received undefined|is required/.test(m) ? 'هذا الحقل مطلوب.' : 'قيمة غير صالحة.')),
    ]),
  );

const EnglishTypeLabels: Record<ProductType, string> = {
  physical: 'Physical',
  digital: 'Digital',
  booking: 'Booking',
  service: 'Service',
};

/** The first language of an Accept-Language header is Arabic (`ar`, `ar-SA`...). */
const prefersArabic = (acceptLanguage: string | undefined) =>
  /^ar(-|$)/i.test(acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() ?? '');

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const divergentChoices: ReferenceChoices = {
  variant: 'divergent',
  seed: {
    ids: profile,
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
  ids: { first: 7_340_001, step: 7 },
  unpublishedStatusIds: [6],
  messages: {
    webhookEvents: 'أحداث الويبهوك',
    webhookRegistered: 'تم تسجيل الويبهوك. احفظ المفتاح السري الآن: لن يُعرض مرة أخرى.',
    webhookUpdated: 'تم تحديث الويبهوك.',
    bookingCreated: 'تم إنشاء منتج الحجز.',
    serviceCreated: 'تم إنشاء منتج الخدمة.',
    serviceUpdated: 'تم تحديث منتج الخدمة.',
    products: 'المنتجات',
    productDeleted: 'تم حذف المنتج.',
    webhookDeleted: 'تم حذف الويبهوك.',
  },
  errors: {
    status: (kind) => errorCodes[kind].status,
    body: (kind, _detail, fields) => {
      const { code, message } = errorCodes[kind];
      return { error: fields ? { code, message, fields: arabicFields(fields) } : { code, message } };
    },
  },
  extras: {
    envelope: () => ({ meta: { request_id: randomUUID() } }),
    product: (product, { origin }) => {
      const slug = typeof product.extra.slug === 'string' ? product.extra.slug : slugOf(product.name.en);
      return { slug, currency: 'SAR', store_url: `${origin}/p/${product.id}`, rating_count: 0 };
    },
    webhook: (webhook) => ({ deliveries_count: webhook.deliveries }),
    registeredEvent: (event, { timestamp }) => ({ created_at: timestamp(event.created_at) }),
    catalogueEntry: (value) => ({ group: value.split('.')[0] }),
    pagination: ({ from, to, path }) => ({ from, to, path }),
    tag: (_id, name) => ({ slug: slugOf(name) }),
    brand: (brand) => ({ slug: slugOf(brand.name.en) }),
    category: (category) => ({ slug: `category-${category.id}`, level: category.level }),
  },
  list: {
    defaultPerPage: 8,
    minPerPage: 1,
    underMinPerPage: 'refuse',
    // A maximum well below the usual 50 or 100, refused above: a suite that asks more than it needs fails here.
    maxPerPage: 20,
    overMaxPerPage: 'refuse',
    pastLastPage: 'refuse',
    order: 'oldest-first',
    requiresToken: true,
    typeLabel: (type, acceptLanguage) => (prefersArabic(acceptLanguage) ? ProductTypeLabels : EnglishTypeLabels)[type],
  },
  bodies: {
    unlistedFields: 'ignore',
    patchRequires: ['name_ar', 'name_en', 'price'],
    categoryHierarchy: 'checked',
    tags: 'create',
    uniqueSlugAndSku: false,
    dateRangeRequires: [],
  },
  webhooks: {
    methodTypes: ['POST'],
    statuses: [0, 1],
    destinations: 'http-or-https',
    uniqueUrlAndEvent: false,
    checkUrlOnRegister: false,
    secretOnUpdate: 'take',
    secretCharacters: 'any',
    generateSecret: () => randomBytes(32).toString('hex'),
  },
  deliveries: { maxAttempts: 1, signature: EmbeddedTargets.divergent.signature, signaturePrefix: 'sha256=' },
};

/** The divergent reference with an anti-SSRF rule: webhook URLs must be https to a public host. */
export const divergentSsrfChoices: ReferenceChoices = {
  ...divergentChoices,
  variant: 'divergent-ssrf',
  webhooks: { ...divergentChoices.webhooks, destinations: 'public-https' },
};
