/**
 * The words and shapes of the reference's answers: the envelopes' messages and the refusals' bodies, in
 * the language and shape its choices name (`language`, `errors.shape`).
 */
import type { ErrorKind, FieldErrors, MessageKey, ReferenceChoices } from './choices.ts';

const messages: Record<ReferenceChoices['language'], Record<MessageKey, string>> = {
  english: {
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
  arabic: {
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
};

/** The message of a success envelope. */
export const messageOf = (choices: ReferenceChoices, key: MessageKey): string => messages[choices.language][key];

/** Each kind of refusal: its code in a nested body, and its message in Arabic. */
const refusals: Record<ErrorKind, { code: string; arabic: string }> = {
  validation: { code: 'validation_failed', arabic: 'البيانات المرسلة غير صالحة.' },
  unauthenticated: { code: 'forbidden', arabic: 'رمز الدخول مفقود أو غير صحيح.' },
  'unknown-identifier': { code: 'unknown_identifier', arabic: 'لا يوجد مورد بهذا المعرّف.' },
  'no-route': { code: 'no_route', arabic: 'هذا المسار غير موجود.' },
  'page-out-of-range': { code: 'page_out_of_range', arabic: 'الصفحة المطلوبة بعد الصفحة الأخيرة.' },
  'malformed-body': { code: 'malformed_json', arabic: 'جسم الطلب ليس JSON صالحاً.' },
  'body-too-large': { code: 'payload_too_large', arabic: 'جسم الطلب أكبر من الحد المسموح.' },
  'bad-request': { code: 'bad_request', arabic: 'طلب غير صالح.' },
  'server-error': { code: 'server_error', arabic: 'حدث خطأ في الخادم.' },
};

/** Field messages in Arabic: a missing field is required, anything else is an invalid value. */
const arabicFields = (fields: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages.map((m) => (/received undefined|is required/.test(m) ? 'هذا الحقل مطلوب.' : 'قيمة غير صالحة.')),
    ]),
  );

/** The body of a refusal: `detail` says what happened (in English), `fields` what was wrong with each field. */
export function errorBody(choices: ReferenceChoices, kind: ErrorKind, detail: string, fields?: FieldErrors): unknown {
  const arabic = choices.language === 'arabic';
  const message = arabic ? refusals[kind].arabic : detail;
  const said = fields && (arabic ? arabicFields(fields) : fields);
  if (choices.errors.shape === 'nested') {
    const { code } = refusals[kind];
    return { error: said ? { code, message, fields: said } : { code, message } };
  }
  return said ? { status: 'error', message, errors: said } : { status: 'error', message };
}
