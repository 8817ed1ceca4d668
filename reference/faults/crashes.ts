/**
 * Crashes real stores have on one kind of input: a column that cannot hold a character, a value past a
 * numeric column, query text reaching SQL or a regular expression unescaped, a division by a parameter,
 * a nested shape read before it is validated. Each throws where the store would, and the reference
 * answers 500 (its error handler): conventions.no-5xx-for-client-input.
 *
 * No fixed table of the suite sends these inputs; the generated requests (tests/generated/) do. Each is
 * `onlyGenerated`: the fault matrix requires that a `@generated` test catches it and that no other test
 * fails on it.
 */
import type { OperationId } from '../../support/contract/operations.ts';
import type { Bend, ProductWrite } from '../hooks.ts';
import { isIsoDate } from '../validation.ts';
import { isRecord, type FaultDefinition } from './definition.ts';

/** An error as the store's database or runtime raises it: the reference answers 500. */
const crash = (message: string) => (): never => {
  throw new Error(message);
};

/** Text fields of a product body that go to `utf8` (3-byte) columns. */
const TEXT_FIELDS = [
  'name_ar',
  'name_en',
  'summery_ar',
  'summery_en',
  'description_ar',
  'description_en',
  'slug',
  'sku',
  'policy_description',
  'general_title',
  'general_description',
  'facebook_title',
  'facebook_description',
  'twitter_title',
  'twitter_description',
  'video_id',
] as const;

/** A character outside the Basic Multilingual Plane: four bytes in UTF-8, more than MySQL's `utf8` holds. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/** The largest value of a DECIMAL(8,2) column. */
const DECIMAL_8_2_MAX = 999_999.99;

/** The amounts of a product body: price, sale price, cost and every price delta of its options. */
function amountsOf(body: ProductWrite['body']): number[] {
  const deltas = (body.product_options ?? []).flatMap((option) =>
    option.options === null ? [] : [...Object.values(option.options.ar), ...Object.values(option.options.en)],
  );
  return [body.price, body.sale_price, body.cost, ...deltas].filter((n): n is number => typeof n === 'number');
}

const sentTo = (operations: readonly OperationId[]) => (operation: OperationId) => operations.includes(operation);
const BOOKING = sentTo(['createBookingProduct']);
const SERVICE = sentTo(['createServiceProduct', 'updateServiceProduct']);
const WEBHOOK = sentTo(['registerWebhook', 'updateWebhook']);

/** A product write whose body `when` picks throws `message`. */
const productWrite = (when: (body: ProductWrite['body']) => boolean, message: string): Bend<'productWrite'> => ({
  when: ({ body }) => when(body),
  bend: crash(message),
});

const DATE_SHAPED = /^\d{4}-\d{2}-\d{2}$/;

export const crashFaults = {
  'crash-product-text-4-byte-utf8': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      'Product text goes to MySQL `utf8` columns, which hold 3 bytes a character: text with an emoji or any character past U+FFFF fails the INSERT (1366 Incorrect string value) and answers 500.',
    onlyGenerated: true,
    bends: {
      productWrite: productWrite(
        (body) => TEXT_FIELDS.some((field) => typeof body[field] === 'string' && ASTRAL.test(body[field])),
        "SQLSTATE[HY000]: General error: 1366 Incorrect string value: '\\xF0\\x9F\\x98\\x80' for column 'name_en'",
      ),
    },
  },
  'crash-product-price-decimal-overflow': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      'Prices and option price deltas go to DECIMAL(8,2) columns with no bound checked: an amount of a million or more (or minus a million or less) fails the INSERT (1264 Out of range value) and answers 500.',
    onlyGenerated: true,
    bends: {
      productWrite: productWrite(
        (body) => amountsOf(body).some((n) => Math.abs(n) > DECIMAL_8_2_MAX),
        "SQLSTATE[22003]: Numeric value out of range: 1264 Out of range value for column 'price'",
      ),
    },
  },
  'crash-booking-window-read-before-validation': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      "Create Booking Product sorts each day's windows by `start.localeCompare(...)` before validating them: a window that is null, or whose start or end is not a string, throws a TypeError and answers 500.",
    onlyGenerated: true,
    bends: {
      validation: {
        when: (_, { operation, sent }) =>
          BOOKING(operation) &&
          isRecord(sent) &&
          isRecord(sent.availability) &&
          Object.values(sent.availability).some(
            (day) =>
              Array.isArray(day) &&
              day.some(
                (window: unknown) =>
                  window === null ||
                  (isRecord(window) &&
                    [window.start, window.end].some((time) => time !== undefined && typeof time !== 'string')),
              ),
          ),
        bend: crash("TypeError: Cannot read properties of null (reading 'localeCompare')"),
      },
    },
  },
  'crash-service-date-out-of-calendar': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      'Service products check dates by their form only (`\\d{4}-\\d{2}-\\d{2}`): a date of that form that is no day of the calendar (2026-02-30, 2026-13-01) reaches the DATE column, fails the INSERT (1292 Incorrect date value) and answers 500.',
    onlyGenerated: true,
    bends: {
      validation: {
        when: (_, { operation, sent }) =>
          SERVICE(operation) &&
          isRecord(sent) &&
          [sent.release_date, sent.update_date].some(
            (date) => typeof date === 'string' && DATE_SHAPED.test(date) && !isIsoDate(date),
          ),
        bend: crash(
          "SQLSTATE[22007]: Invalid datetime format: 1292 Incorrect date value: '2026-02-30' for column 'release_date'",
        ),
      },
    },
  },
  'crash-webhook-events-lowercased-before-validation': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      'Register and Update Webhook lowercase the event names to drop repeats before validating them: an element of `events` that is not a string throws a TypeError and answers 500.',
    onlyGenerated: true,
    bends: {
      validation: {
        when: (_, { operation, sent }) =>
          WEBHOOK(operation) &&
          isRecord(sent) &&
          Array.isArray(sent.events) &&
          sent.events.some((name: unknown) => typeof name !== 'string'),
        bend: crash('TypeError: name.toLowerCase is not a function'),
      },
    },
  },
  'crash-list-search-as-regex': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      'List Products builds its search as `new RegExp(search, "i")` from the raw parameter, unescaped and before any validation: text that is no valid pattern ("(", "[a", "*") throws a SyntaxError and answers 500.',
    onlyGenerated: true,
    bends: {
      request: {
        when: (_, { operation, request }) => {
          const search = listParam(operation, request.query, 'search');
          return search !== undefined && !isPattern(search);
        },
        bend: crash('SyntaxError: Invalid regular expression: /(/i: Unterminated group'),
      },
    },
  },
  'crash-list-sku-unescaped-sql': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      "List Products puts the raw `sku` parameter into its SQL unescaped (`WHERE sku = '<sku>'`): a sku holding a single quote breaks the statement (1064 syntax error) and answers 500.",
    onlyGenerated: true,
    bends: {
      request: {
        when: (_, { operation, request }) => listParam(operation, request.query, 'sku')?.includes("'") === true,
        bend: crash(
          "SQLSTATE[42000]: Syntax error or access violation: 1064 You have an error in your SQL syntax near ''' at line 1",
        ),
      },
    },
  },
  'crash-list-per-page-zero-division': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      'List Products computes the number of pages, total / per_page, before it validates `per_page`: per_page 0 (or "00", "-0", empty) divides by zero and answers 500.',
    onlyGenerated: true,
    bends: {
      request: {
        when: (_, { operation, request }) => {
          const perPage = listParam(operation, request.query, 'per_page');
          return perPage !== undefined && Number(perPage) === 0;
        },
        bend: crash('DivisionByZeroError: Division by zero'),
      },
    },
  },
  'crash-accept-language-too-long': {
    clause: 'conventions.no-5xx-for-client-input',
    description:
      "The store negotiates the locale with ICU's acceptFromHttp, which gives up on an Accept-Language header longer than 255 characters; the store uses its result unchecked and answers 500, on every operation.",
    onlyGenerated: true,
    bends: {
      request: {
        when: (_, { operation, request }) => {
          const header = request.headers['accept-language'];
          return operation !== undefined && typeof header === 'string' && header.length > 255;
        },
        bend: crash('TypeError: Locale::acceptFromHttp(): Argument #1 ($header) must be at most 255 characters'),
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;

/** A List Products query parameter given once, as the store reads it raw. */
function listParam(operation: OperationId | undefined, query: unknown, name: string): string | undefined {
  if (operation !== 'listProducts' || !isRecord(query)) return undefined;
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

function isPattern(text: string): boolean {
  try {
    new RegExp(text, 'i');
    return true;
  } catch {
    return false;
  }
}
