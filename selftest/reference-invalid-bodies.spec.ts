/**
 * The reference never answers client input with a 5xx: at least 200 generated invalid bodies per write
 * operation (wrong types, missing fields, garbage JSON, huge strings) each get a 4xx with a JSON body,
 * from the standard reference and from the divergent one (which ignores unlisted fields, so for it an
 * unknown field is not what makes a body invalid).
 */
import { expect, SELFTEST_TOKEN, test } from './fixtures.ts';
import type { Faker } from '@faker-js/faker';
import { faker } from '@faker-js/faker/locale/en';
import { choicesFor, type ReferenceChoices, type ReferenceVariant } from '../reference/variants/index.ts';
import { Operations, type OperationId } from '../support/contract/operations.ts';

const TOKEN = SELFTEST_TOKEN;
const BODIES_PER_OPERATION = 220;

const writeOperations: OperationId[] = [
  'registerWebhook',
  'updateWebhook',
  'createBookingProduct',
  'createServiceProduct',
  'updateServiceProduct',
];

const validish: Record<OperationId, Record<string, unknown>> = {
  registerWebhook: {
    name: 'w',
    url: 'http://127.0.0.1:9/x',
    method_type: 'POST',
    events: ['product.created'],
    status: 1,
  },
  updateWebhook: {
    name: 'w',
    url: 'http://127.0.0.1:9/x',
    method_type: 'POST',
    events: ['product.created'],
    status: 1,
  },
  createBookingProduct: {
    name_ar: 'ا',
    name_en: 'a',
    price: 10,
    availability: { monday: [{ start: '09:00', end: '10:00' }] },
  },
  createServiceProduct: { name_ar: 'ا', name_en: 'a', price: 10, release_date: '2026-01-01' },
  updateServiceProduct: { name_ar: 'ب', name_en: 'b', price: 11 },
  webhookEvents: {},
  listProducts: {},
};

/** Values of every JSON type and some nasty strings, to put where a field of another type belongs. */
function wrongValues(faker: Faker): unknown[] {
  return [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    '',
    ' ',
    'x'.repeat(20_000),
    '\u0000',
    '💥'.repeat(100),
    '<script>',
    '{}',
    [],
    [null],
    [[]],
    {},
    { a: {} },
    faker.number.int({ min: -1e12, max: 1e12 }),
    faker.lorem.word(),
    Array.from({ length: 200 }, () => faker.number.int()),
    { __proto__: { polluted: true } },
  ];
}

/** Fields the reference requires: leaving one out is invalid. (PATCH requires those its variant chose.) */
const required = (choices: ReferenceChoices): Partial<Record<OperationId, readonly string[]>> => ({
  registerWebhook: ['name', 'url', 'method_type', 'events'],
  updateWebhook: ['name', 'url', 'method_type', 'events'],
  createBookingProduct: ['name_ar', 'name_en', 'price'],
  createServiceProduct: ['name_ar', 'name_en', 'price'],
  updateServiceProduct: choices.bodies.patchRequires,
});

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function invalidBodies(operation: OperationId, faker: Faker, choices: ReferenceChoices): (string | Buffer)[] {
  const base = validish[operation];
  const bodies: (string | Buffer)[] = [];
  const fields = Object.keys(base);
  /** Values of another JSON type than the field's valid one: always invalid there. */
  const wrongFor = (field: string) => wrongValues(faker).filter((v) => jsonType(v) !== jsonType(base[field]));
  // Each field replaced by each wrong value.
  for (const field of fields)
    for (const value of wrongFor(field)) bodies.push(JSON.stringify({ ...base, [field]: value }));
  // Each required field missing.
  for (const field of required(choices)[operation] ?? [])
    bodies.push(JSON.stringify(Object.fromEntries(Object.entries(base).filter(([k]) => k !== field))));
  // Bodies that are not objects, or not JSON at all.
  bodies.push(
    '',
    'null',
    '[]',
    '"text"',
    '42',
    'true',
    '{',
    '{"a":',
    '{"name": "x",}',
    "{'a': 1}",
    '\u0000\u0001',
    '{"__proto__": {"x": 1}}',
    '{"constructor": {"prototype": {"x": 1}}}',
  );
  bodies.push(Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x7b]), Buffer.from(faker.string.alphanumeric(50)));
  // Random garbage until the count is reached, and one body over the size limit.
  while (bodies.length < BODIES_PER_OPERATION - 1) {
    bodies.push(
      faker.helpers.arrayElement([
        () => `{${faker.string.sample({ min: 1, max: 200 })}`,
        // An unlisted field makes a body invalid only where unlisted fields are refused; elsewhere a
        // listed one gets a wrong value too.
        () => {
          const unlisted = { [faker.lorem.word()]: faker.helpers.arrayElement(wrongValues(faker)) };
          if (choices.bodies.unlistedFields === 'refuse') return JSON.stringify({ ...base, ...unlisted });
          const field = faker.helpers.arrayElement(fields);
          return JSON.stringify({ ...base, ...unlisted, [field]: faker.helpers.arrayElement(wrongFor(field)) });
        },
        () => {
          const [a, b] = [faker.helpers.arrayElement(fields), faker.helpers.arrayElement(fields)];
          return JSON.stringify({
            ...base,
            [a]: faker.helpers.arrayElement(wrongFor(a)),
            [b]: faker.helpers.arrayElement(wrongFor(b)),
          });
        },
        // Any JSON value but an object is not a body.
        () => JSON.stringify(faker.helpers.arrayElement(wrongValues(faker).filter((v) => jsonType(v) !== 'object'))),
      ])(),
    );
  }
  bodies.push(JSON.stringify({ ...base, name_en: 'x'.repeat(2 * 1024 * 1024) }));
  return bodies;
}

const variants: ReferenceVariant[] = ['standard', 'divergent'];

for (const variant of variants)
  for (const operationId of writeOperations) {
    test(`${variant}: ${Operations[operationId].name} answers every invalid body with a 4xx JSON error, never a 5xx`, async ({
      servers,
    }) => {
      faker.seed(4242);
      const { app, store } = servers.built({ variant });
      // Targets for the update operations: a webhook and a service product that exist.
      const webhook = await app.inject({
        method: 'POST',
        url: Operations.registerWebhook.path,
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: validish.registerWebhook,
      });
      expect(webhook.statusCode).toBe(201);
      const service = [...store.products.values()].find((p) => p.type === 'service');
      const [webhookId] = store.webhooks.keys();
      const identifier = String(operationId === 'updateWebhook' ? webhookId : service?.id);
      const operation = Operations[operationId];
      const url = operation.path.replace('{identifier}', identifier);
      const bodies = invalidBodies(operationId, faker, choicesFor(variant));
      expect(bodies.length).toBeGreaterThanOrEqual(200);
      const wrong: string[] = [];
      for (const payload of bodies) {
        const response = await app.inject({
          method: operation.method,
          url,
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          payload,
        });
        let json = false;
        try {
          JSON.parse(response.body);
          json = response.headers['content-type']?.toString().startsWith('application/json') ?? false;
        } catch {
          json = false;
        }
        if (response.statusCode < 400 || response.statusCode >= 500 || !json) {
          const shown = typeof payload === 'string' ? payload.slice(0, 120) : `<${payload.length} bytes>`;
          wrong.push(
            `${response.statusCode} ${json ? 'json' : 'NOT JSON'} for ${shown}: ${response.body.slice(0, 200)}`,
          );
        }
      }
      expect(wrong, `invalid bodies that did not get a 4xx JSON answer (of ${bodies.length})`).toEqual([]);
    });
  }
