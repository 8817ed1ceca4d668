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
import {
  OperationIdsWithBody,
  Operations,
  type BodyKind,
  type OperationContract,
} from '../support/contract/operations.ts';

const TOKEN = SELFTEST_TOKEN;
const BODIES_PER_OPERATION = 220;

/** A body of each kind with the fields the reference checks, valid enough that one wrong value makes it invalid. */
const validish: Record<BodyKind, Record<string, unknown>> = {
  webhook: {
    name: 'w',
    url: 'http://127.0.0.1:9/x',
    method_type: 'POST',
    events: ['product.created'],
    status: 1,
  },
  booking: {
    name_ar: 'ا',
    name_en: 'a',
    price: 10,
    availability: { monday: [{ start: '09:00', end: '10:00' }] },
  },
  service: { name_ar: 'ا', name_en: 'a', price: 10, release_date: '2026-01-01' },
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

/** Fields the reference requires of a body of each kind: leaving one out is invalid. */
const REQUIRED: Record<BodyKind, readonly string[]> = {
  webhook: ['name', 'url', 'method_type', 'events'],
  booking: ['name_ar', 'name_en', 'price'],
  service: ['name_ar', 'name_en', 'price'],
};
/** What an operation's body must hold: its kind's required fields, or, for a PATCH, those its variant chose. */
const required = (operation: OperationContract & { body: BodyKind }, choices: ReferenceChoices) =>
  operation.method === 'PATCH' ? choices.bodies.patchRequires : REQUIRED[operation.body];

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function invalidBodies(
  operation: OperationContract & { body: BodyKind },
  faker: Faker,
  choices: ReferenceChoices,
): (string | Buffer)[] {
  const base = validish[operation.body];
  const bodies: (string | Buffer)[] = [];
  const fields = Object.keys(base);
  /** Values of another JSON type than the field's valid one: always invalid there. */
  const wrongFor = (field: string) => wrongValues(faker).filter((v) => jsonType(v) !== jsonType(base[field]));
  // Each field replaced by each wrong value.
  for (const field of fields)
    for (const value of wrongFor(field)) bodies.push(JSON.stringify({ ...base, [field]: value }));
  // Each required field missing.
  for (const field of required(operation, choices))
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
  for (const operationId of OperationIdsWithBody) {
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
        payload: validish.webhook,
      });
      expect(webhook.statusCode).toBe(201);
      const operation = Operations[operationId] as OperationContract & { body: BodyKind };
      const product = [...store.products.values()].find((p) => p.type === operation.body);
      const [webhookId] = store.webhooks.keys();
      const identifier = String(operation.identifies === 'webhook' ? webhookId : product?.id);
      const url = operation.path.replace('{identifier}', identifier);
      const bodies = invalidBodies(operation, faker, choicesFor(variant));
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
