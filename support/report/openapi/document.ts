/**
 * The OpenAPI 3.1 document of the documented operations, made from the suite's own definitions: the
 * operations (support/contract/operations.ts), their response `data` schemas (support/contract/schemas/responses.ts,
 * the ones the tests judge with), the request bodies and query (support/contract/schemas/bodies.ts) and the clauses
 * (support/contract/clauses.ts). zod 4's own `z.toJSONSchema` makes every schema (draft 2020-12, which
 * OpenAPI 3.1 uses as is); this file only builds the document around them.
 *
 * Schemas are exported as they accept input (`io: 'input'`): a `z.object` allows fields it does not
 * name (a vendor may add fields), a `z.strictObject` would not. Refinements JSON Schema cannot say
 * (`identifier` equals `id`, a real calendar date) are named in the description and the clauses.
 *
 * Each operation, response, parameter, request body and schema that maps to clauses carries
 * `x-conformance-level` (`stated`: the spec says it; `assumed`: the spec is silent and the suite holds a
 * reading of it) and `x-conformance-clauses` (the ids of the clauses that judge it; each clause, with
 * its own level, quote and reading, is in the root `x-conformance-clause-index`).
 *
 * `npm run openapi` writes it to spec/openapi.json; selftest/openapi.spec.ts fails while that is stale.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  BookingProductBody,
  ListProductsQuery,
  PriceTable,
  ProductOption,
  ServiceProductBody,
  TimeWindow,
  Availability,
  WebhookBody,
} from '../../contract/schemas/bodies.ts';
import { Clauses, type ClauseId } from '../../contract/clauses.ts';
import { EventCatalogue as EventCatalogueEntries } from '../../contract/events.ts';
import {
  OperationIds,
  Operations,
  type BodyKind,
  type OperationContract,
  type OperationId,
} from '../../contract/operations.ts';
import { PROJECT_ROOT } from '../../run/config.ts';
import { AbsoluteUrl, BilingualText, Envelope, Timestamp } from '../../contract/schemas/common.ts';
import {
  Brand,
  Category,
  Pagination,
  Product,
  ProductList,
  ProductListItem,
  Tag,
} from '../../contract/schemas/product.ts';
import { ResponseData } from '../../contract/schemas/responses.ts';
import {
  EventCatalogue,
  EventCatalogueEntry,
  RegisteredEvent,
  Webhook,
  WebhookRegistration,
} from '../../contract/schemas/webhook.ts';

/** Where `npm run openapi` writes the document, relative to the project root. */
export const OPENAPI_FILE = 'spec/openapi.json';
/** The spec the document describes (its sha256 is in `info`). */
const SPEC_FILE = 'spec/store-api.md';

type ConformanceLevel = 'stated' | 'assumed';
type Json = Record<string, unknown>;

/** The two extensions, as they appear on an element of the document. */
function conformance(level: ConformanceLevel, clauses: readonly ClauseId[]): Json {
  return {
    'x-conformance-level': level,
    ...(clauses.length > 0 ? { 'x-conformance-clauses': [...new Set(clauses)] } : {}),
  };
}

/**
 * zod's `z.int()` is JavaScript's safe integer, and its JSON Schema says so on every integer
 * (`minimum: -(2^53 - 1)`, `maximum: 2^53 - 1`). The spec says only "integer": those bounds go.
 */
function withoutSafeIntegerBounds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(
        ([key, inner]) =>
          !(key === 'minimum' && inner === Number.MIN_SAFE_INTEGER) &&
          !(key === 'maximum' && inner === Number.MAX_SAFE_INTEGER),
      )
      .map(([key, inner]) => [key, withoutSafeIntegerBounds(inner)]),
  ) as T;
}

interface ComponentEntry {
  readonly schema: z.ZodType;
  readonly level: ConformanceLevel;
  readonly clauses: readonly ClauseId[];
  /** Said when zod's own description is missing, or JSON Schema cannot say all of it. */
  readonly description?: string;
}

/** The request body component of each kind of body. */
const BODY_COMPONENTS: Record<BodyKind, string> = {
  webhook: 'WebhookBody',
  booking: 'BookingProductBody',
  service: 'ServiceProductBody',
};

const pascal = (id: OperationId) => `${id.charAt(0).toUpperCase()}${id.slice(1)}`;
/** The component holding an operation's whole success body (the envelope around its `data`). */
export const successComponent = (id: OperationId) => `${pascal(id)}Response`;
const ref = (component: string) => ({ $ref: `#/components/schemas/${component}` });

/** What the answer to a product body is judged by: how the fields sent come back. */
const PRODUCT_BODY_CLAUSES: readonly ClauseId[] = [
  'conventions.bilingual',
  'product.bilingual-mapping',
  'product.tags-as-objects',
  'product.categories',
  'product.brand',
  'product.echo',
  'product.description-html',
  'product.gallery-repeats',
  'product.image-optional',
];
/** Every request body is JSON: what the suite reads of a body that is not, or is far too big. */
const BODY_CLAUSES: readonly ClauseId[] = ['security.malformed-body', 'security.oversized-body'];

/** The error body: its shape is not shown, so any JSON object. */
const ErrorBody = z.looseObject({});
/** A notification's body: its payload shape is not shown. */
const NotificationBody = z.looseObject({});

const stated = (schema: z.ZodType, clauses: readonly ClauseId[], description?: string): ComponentEntry => ({
  schema,
  level: 'stated',
  clauses,
  ...(description === undefined ? {} : { description }),
});
const assumed = (schema: z.ZodType, clauses: readonly ClauseId[], description: string): ComponentEntry => ({
  schema,
  level: 'assumed',
  clauses,
  description,
});

/** Every named schema of the document, in the order it lists them. */
function componentEntries(): Record<string, ComponentEntry> {
  const envelopes = Object.fromEntries(
    OperationIds.map((id): [string, ComponentEntry] => [
      successComponent(id),
      stated(
        Envelope(ResponseData[id]),
        ['conventions.envelope', Operations[id].successClause],
        `The success body of ${Operations[id].name}: the envelope (status \`success\`, a message, \`data\`).`,
      ),
    ]),
  );
  return {
    ...envelopes,
    ...conventionComponents(),
    ...webhookComponents(),
    ...productComponents(),
    ...bodyComponents(),
    ErrorBody: stated(ErrorBody, [], 'An error body. Its shape is not shown: any JSON object.'),
    NotificationBody: assumed(
      NotificationBody,
      ['webhook.delivery-json', 'webhook.delivery-names-event'],
      'A webhook notification. Its payload shape is not shown: a JSON object that names its event and what it is about.',
    ),
  };
}

/** The shapes of Conventions: bilingual text, timestamps, image URLs. */
function conventionComponents(): Record<string, ComponentEntry> {
  return {
    BilingualText: stated(BilingualText, ['conventions.bilingual']),
    Timestamp: stated(Timestamp, ['conventions.timestamps']),
    AbsoluteUrl: stated(
      AbsoluteUrl,
      ['conventions.image-absolute-url'],
      'An absolute http(s) URL (Conventions: Image fields). A product without an image has a placeholder URL.',
    ),
  };
}

/** A webhook, its registration, and the catalogue of events. */
function webhookComponents(): Record<string, ComponentEntry> {
  return {
    Webhook: stated(
      Webhook,
      ['webhook.shape', 'webhook.registered-event-shape', 'webhook.secret-not-stored'],
      'A Webhook. The plain secret is not a field of it: it is returned once, as `plain_secret`, at registration.',
    ),
    RegisteredEvent: stated(RegisteredEvent, ['webhook.registered-event-shape']),
    WebhookRegistration: stated(
      WebhookRegistration,
      ['register-webhook.data'],
      "Register Webhook's `data`: the webhook, and its secret (`plain_secret`), returned only at this moment. The secret is never a field of the stored webhook.",
    ),
    EventCatalogue: stated(
      EventCatalogue,
      ['webhook-events.ok', 'events.catalogue'],
      "Webhook Events' `data`: the 20 entries of the Events part, in that order (the example).",
    ),
    EventCatalogueEntry: stated(EventCatalogueEntry, ['events.entry-shape']),
  };
}

/** A product as create and update answer it and as the list shows it, the list and what a product holds. */
function productComponents(): Record<string, ComponentEntry> {
  return {
    Product: stated(
      Product,
      [
        'product.shape',
        'product.identifier-equals-id',
        'product.ratings-null',
        'product.is-published',
        'product.sku-list-only',
        'conventions.timestamps',
        'conventions.image-absolute-url',
        'conventions.image-placeholder',
        'product.image-given',
      ],
      'A Product as create and update answer it: `type` is the code (`booking` or `service`), `is_published` is present and `sku` absent, `identifier` equals `id`.',
    ),
    ProductListItem: stated(
      ProductListItem,
      ['list-products.item-shape', 'product.identifier-equals-id', 'product.ratings-null', 'product.is-published'],
      'A Product in the list: `type` is a localized label (`مادي`, `رقمي`, `حجز`, `خدمة`), `sku` is present (a string or null) and `is_published` absent, `identifier` equals `id`.',
    ),
    ProductList: stated(ProductList, ['list-products.ok']),
    Pagination: stated(
      Pagination,
      ['pagination.shape', 'pagination.total', 'pagination.last-page', 'pagination.links', 'pagination.link-pages'],
      '`total` counts all matching products, `last_page` is the number of pages at `per_page`; the links point at `/api/core/v1/products`.',
    ),
    Brand: stated(Brand, ['product.shape', 'conventions.image-absolute-url']),
    Tag: stated(Tag, ['product.shape', 'product.tags-as-objects']),
    Category: stated(Category, ['product.shape', 'conventions.image-absolute-url']),
  };
}

/** The request bodies, and the parts of a product body. */
function bodyComponents(): Record<string, ComponentEntry> {
  return {
    WebhookBody: stated(WebhookBody, []),
    BookingProductBody: stated(BookingProductBody, PRODUCT_BODY_CLAUSES),
    ServiceProductBody: stated(ServiceProductBody, PRODUCT_BODY_CLAUSES),
    ProductOption: stated(ProductOption, [
      'product-option.text-null',
      'product-option.empty-subtitle',
      'product-option.table-required',
    ]),
    PriceTable: stated(
      PriceTable,
      ['product-option.table-required'],
      '`{ar: {<label>: <price_delta>}, en: {<label>: <price_delta>}}`, each delta a number (0: no extra cost).',
    ),
    Availability: stated(Availability, ['availability.several-windows']),
    TimeWindow: stated(TimeWindow, ['availability.several-windows']),
  };
}

/** The components' JSON Schemas, as zod exports them, with the conformance extensions. */
function componentSchemas(): Record<string, Json> {
  const entries = componentEntries();
  const registry = z.registry<{ id: string }>();
  for (const [id, entry] of Object.entries(entries)) registry.add(entry.schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(entries).map(([id, entry]) => {
      const { $schema: _schema, $id: _id, ...schema } = schemas[id] as Json;
      const description = entry.description ?? schema.description;
      return [
        id,
        {
          ...schema,
          ...(description === undefined ? {} : { description }),
          ...(id === 'EventCatalogue' ? { examples: [EventCatalogueEntries] } : {}),
          ...conformance(entry.level, entry.clauses),
        },
      ];
    }),
  );
}

/** The clauses a query parameter of List Products is judged by. */
const QUERY_CLAUSES: Record<keyof ListProductsQuery, readonly ClauseId[]> = {
  page: ['pagination.page-params', 'pagination.walk'],
  per_page: ['pagination.page-params', 'pagination.last-page'],
  search: ['list-products.filter-search'],
  sku: ['list-products.filter-sku'],
  is_published: ['list-products.filter-published'],
  'tag_ids[]': ['list-products.filter-tags'],
  'brand_ids[]': ['list-products.filter-brands'],
  'category_ids[]': ['list-products.filter-categories'],
  min_price: ['list-products.filter-price', 'list-products.filter-price-inclusive'],
  max_price: ['list-products.filter-price', 'list-products.filter-price-inclusive'],
  date_from: ['list-products.filter-dates', 'list-products.filter-dates-inclusive'],
  date_to: ['list-products.filter-dates', 'list-products.filter-dates-inclusive'],
};

function listQueryParameters(): Json[] {
  const { properties = {} } = z.toJSONSchema(ListProductsQuery, { target: 'draft-2020-12', io: 'input' }) as {
    properties?: Record<string, Json>;
  };
  return (Object.keys(QUERY_CLAUSES) as (keyof ListProductsQuery)[]).map((name) => {
    const schema = properties[name] ?? {};
    const { description, ...rest } = schema;
    return {
      name,
      in: 'query',
      required: false,
      ...(description === undefined ? {} : { description }),
      ...(rest.type === 'array' ? { style: 'form', explode: true } : {}),
      schema: rest,
      // The parameter is stated (the spec lists it); what a filter does is a reading (its clauses).
      ...conformance('stated', QUERY_CLAUSES[name]),
    };
  });
}

/** Clauses of an operation: those of its section, and those named after its success clause (`list-products.*`). */
function operationClauses(id: OperationId): ClauseId[] {
  const op: OperationContract = Operations[id];
  const prefix = `${op.successClause.split('.')[0]}.`;
  const own = (Object.keys(Clauses) as ClauseId[]).filter(
    (clause) => clause.startsWith(prefix) || Clauses[clause].section.split(/;\s*/).some((part) => part === op.name),
  );
  const auth: ClauseId[] = op.auth === 'required' ? ['auth.bearer-required', 'auth.secret-returned-once'] : [];
  return [op.successClause, ...own, ...auth];
}

function operation(id: OperationId): Json {
  const op: OperationContract = Operations[id];
  const own = (Object.keys(Clauses) as ClauseId[]).filter((clause) => Clauses[clause].section === op.name);
  const validation = own.find((clause) => clause.endsWith('.validation'));
  const parameters: Json[] = [
    ...(op.path.includes('{identifier}') ? [{ $ref: '#/components/parameters/Identifier' }] : []),
    { $ref: '#/components/parameters/AcceptLanguage' },
    ...(id === 'listProducts' ? listQueryParameters() : []),
  ];
  const bodyComponent = op.body === undefined ? undefined : BODY_COMPONENTS[op.body];
  const listNote =
    id === 'listProducts'
      ? ' The path is given as `/products` (no version prefix) while the pagination links point at `/api/core/v1/products`: the suite takes it from PRODUCT_LIST_PATH. Whether it requires the token is not shown (security: none, or bearer).'
      : '';
  return {
    operationId: id,
    summary: op.name,
    description: `${op.name}: ${op.method} \`${op.path}\`, answering ${op.success}. Documentation status: Developing.${listNote}`,
    tags: [op.path.includes('/webhooks') ? 'Webhooks' : 'Products'],
    parameters,
    ...(bodyComponent === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            description: 'Which fields are required: not shown.',
            content: { 'application/json': { schema: ref(bodyComponent) } },
            ...conformance('stated', [...(validation === undefined ? [] : [validation]), ...BODY_CLAUSES]),
          },
        }),
    responses: responses(id, validation),
    security: op.auth === 'required' ? [{ bearer: [] }] : [{}, { bearer: [] }],
    ...conformance('stated', operationClauses(id)),
  };
}

/** The answers an operation documents: its success, a validation error when it has a validation clause, and what else the spec shows. */
function responses(id: OperationId, validation: ClauseId | undefined): Json {
  const op: OperationContract = Operations[id];
  return {
    [String(op.success)]: {
      description: op.answers,
      content: { 'application/json': { schema: ref(successComponent(id)) } },
      ...conformance('stated', [op.successClause, 'conventions.envelope', 'conventions.json-body']),
    },
    ...(validation === undefined
      ? {}
      : {
          '422': {
            description:
              'Validation error. Its conditions and the shape of its body are not shown; the suite reads which bodies must get it (the clauses).',
            content: { 'application/json': { schema: ref('ErrorBody') } },
            ...conformance('assumed', [validation]),
          },
        }),
    ...(id === 'createServiceProduct'
      ? {
          '500': {
            description:
              "Server error (documented for this operation). The suite reads that it is never the answer to a client's invalid input.",
            ...conformance('assumed', ['conventions.no-5xx-for-client-input', 'create-service.validation']),
          },
        }
      : {}),
  };
}

function paths(): Json {
  const out: Record<string, Json> = {};
  for (const id of OperationIds) {
    const op = Operations[id];
    out[op.path] = { ...out[op.path], [op.method.toLowerCase()]: operation(id) };
  }
  return out;
}

function specSha256(root: string): string {
  return createHash('sha256')
    .update(readFileSync(path.join(root, SPEC_FILE)))
    .digest('hex');
}

/** The whole document. */
function openApiDocument(root = PROJECT_ROOT): Json {
  return withoutSafeIntegerBounds({
    openapi: '3.1.0',
    info: info(root),
    servers: [
      {
        url: '{base_url}',
        description: 'The base address of the target; every path is relative to it.',
        variables: { base_url: { default: 'http://127.0.0.1:8080', description: 'BASE_URL, without /api/core/v1' } },
      },
    ],
    tags: [
      { name: 'Webhooks', description: 'Register and update webhooks, and the catalogue of events.' },
      { name: 'Products', description: 'Booking and service products, and the product list.' },
    ],
    paths: paths(),
    webhooks: { notification: { post: notification() } },
    components: {
      schemas: componentSchemas(),
      parameters: sharedParameters(),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            '`Authorization: Bearer <ACCESS_TOKEN>`, shown for every documented operation but List Products. How a token is obtained, its lifetime and scopes: not shown.',
          ...conformance('stated', ['auth.bearer-required']),
        },
      },
    },
    'x-conformance-clause-index': Clauses,
  });
}

/** What the document is, how to read its extensions, and the spec it describes (with its sha256). */
function info(root: string): Json {
  return {
    title: 'Store Management API',
    version: 'v1',
    summary: 'The documented operations of the Store Management API, as the conformance suite holds them.',
    description:
      'Generated by store-api-conformance (`npm run openapi`) from the zod schemas its tests judge answers with. ' +
      'Everything the spec leaves "not shown" stays open here: which body fields are required, error bodies, other statuses. ' +
      '`x-conformance-level` says whether the spec states an element (`stated`) or the suite holds a reading of a silent spec (`assumed`); ' +
      '`x-conformance-clauses` names the clauses that judge it, listed with their own level, quote and reading in `x-conformance-clause-index`. ' +
      'A target is NOT CONFORMANT only when a test of stated clauses fails.',
    license: { name: 'Proprietary: see the suite', identifier: 'LicenseRef-store-api-conformance' },
    'x-spec': { path: SPEC_FILE, sha256: specSha256(root) },
  };
}

/** A webhook notification: what the target sends to a registered webhook's url, judged by the delivery clauses. */
function notification(): Json {
  return {
    operationId: 'webhookNotification',
    summary: 'Webhook notification',
    description:
      "What the target sends to a registered webhook's `url` when an event it subscribed to happens (not one of the documented operations). Payload shapes, delivery headers, signature computation and retries: not shown; the suite reads them as the clauses say, the signature under WEBHOOK_SIGNATURE_SCHEME.",
    requestBody: { required: true, content: { 'application/json': { schema: ref('NotificationBody') } } },
    responses: { '2XX': { description: 'The receiver took it.' } },
    security: [{}],
    ...conformance('assumed', [
      'webhook.delivery-destination',
      'webhook.delivery-method',
      'webhook.delivery-json',
      'webhook.delivery-names-event',
      'webhook.delivery-subscription',
      'webhook.delivery-status-off',
      'webhook.delivery-once',
      'webhook.delivery-update-values',
      'webhook.delivery-signature',
    ]),
  };
}

/** The parameters several operations share: the identifier in the path, and Accept-Language. */
function sharedParameters(): Json {
  return {
    Identifier: {
      name: 'identifier',
      in: 'path',
      required: true,
      description: 'The integer id of the webhook or product.',
      schema: { type: 'integer' },
      ...conformance('stated', ['update-webhook.unknown-id', 'update-service.unknown-id']),
    },
    AcceptLanguage: {
      name: 'Accept-Language',
      in: 'header',
      required: false,
      description:
        "Sent on every request (Conventions: Language header). Allowed values: not shown; the suite sends ACCEPT_LANGUAGE (default `en`), and `ar` to read the list's type labels.",
      schema: { type: 'string' },
      ...conformance('stated', ['list-products.type-labels']),
    },
  };
}

/** The document as the text of OPENAPI_FILE. */
export function openApiText(root = PROJECT_ROOT): string {
  return `${JSON.stringify(openApiDocument(root), null, 2)}\n`;
}
