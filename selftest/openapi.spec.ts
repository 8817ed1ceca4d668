/**
 * The OpenAPI contract (spec/openapi.json): what `npm run openapi` makes of the suite's own zod schemas
 * and contract (support/report/openapi/document.ts), complete for the documented operations, every part mapped
 * to clauses; and its validator (support/report/openapi/validate.ts), which the fault matrix's clean run applies
 * to every success answer (selftest/fault-matrix.spec.ts), accepts the reference's answers and names
 * what a broken one lacks. `npm run lint:openapi` lints the document itself.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { OpenApiAnswers } from './matrix/openapi-answers.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { Clauses, isClauseId } from '../support/contract/clauses.ts';
import { OperationIds, Operations } from '../support/contract/operations.ts';
import { OPENAPI_FILE, openApiText, successComponent } from '../support/report/openapi/document.ts';
import { readOpenApiDocument, successResponseValidator } from '../support/report/openapi/validate.ts';

interface Operation {
  readonly operationId: string;
  readonly parameters: readonly { readonly $ref?: string; readonly name?: string; readonly in?: string }[];
  readonly requestBody?: { readonly content: Record<string, { schema: { $ref: string } }> };
  readonly responses: Record<string, { readonly content?: Record<string, { schema: { $ref: string } }> }>;
  readonly security: readonly Record<string, readonly string[]>[];
  readonly 'x-conformance-level': string;
  readonly 'x-conformance-clauses': readonly string[];
}

const document = () =>
  readOpenApiDocument() as unknown as {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };

/** Every value of `key` anywhere in the value, with where it is. */
function collect(value: unknown, key: string, at = '#'): { at: string; value: unknown }[] {
  if (Array.isArray(value)) return (value as unknown[]).flatMap((v, i) => collect(v, key, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [
    ...(k === key ? [{ at, value: v }] : []),
    ...collect(v, key, `${at}/${k}`),
  ]);
}

test(`${OPENAPI_FILE} is up to date with the suite's zod schemas and contract`, async () => {
  const committed = await readFile(path.join(PROJECT_ROOT, OPENAPI_FILE), 'utf8').catch(() => '(missing)');
  expect(committed === openApiText(), `${OPENAPI_FILE} is stale: run npm run openapi and commit it`).toBe(true);
});

test('it documents each operation: path, method, parameters, body, success and 422 answers, security', () => {
  const doc = document();
  expect(doc.openapi).toBe('3.1.0');
  for (const id of OperationIds) {
    const op = Operations[id];
    const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
    expect(entry?.operationId, `${op.method} ${op.path}`).toBe(id);
    if (!entry) continue;
    expect(entry.responses[String(op.success)]?.content?.['application/json']?.schema.$ref).toBe(
      `#/components/schemas/${successComponent(id)}`,
    );
    expect(
      entry.parameters.some((p) => p.$ref === '#/components/parameters/Identifier'),
      `${op.name}: the {identifier} parameter`,
    ).toBe(op.path.includes('{identifier}'));
    expect(!!entry.requestBody, `${op.name}: a request body`).toBe('body' in op);
    expect(!!entry.responses['422'], `${op.name}: a 422 answer`).toBe('body' in op);
    expect(entry.security, `${op.name}: security`).toEqual(
      op.auth === 'required' ? [{ bearer: [] }] : [{}, { bearer: [] }],
    );
    expect(entry['x-conformance-clauses']).toContain(op.successClause);
  }
  const list = doc.paths['/products']?.get;
  expect(list?.parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual([
    'page',
    'per_page',
    'search',
    'sku',
    'is_published',
    'tag_ids[]',
    'brand_ids[]',
    'category_ids[]',
    'min_price',
    'max_price',
    'date_from',
    'date_to',
  ]);
});

test('every conformance level is stated or assumed, every clause named exists, and every clause has a place', () => {
  const doc = readOpenApiDocument() as unknown as Record<string, unknown>;
  const { 'x-conformance-clause-index': index, ...rest } = doc;
  expect(index).toEqual(JSON.parse(JSON.stringify(Clauses)));
  const levels = collect(rest, 'x-conformance-level');
  expect(levels.length).toBeGreaterThan(30);
  expect(levels.filter((l) => l.value !== 'stated' && l.value !== 'assumed')).toEqual([]);
  const named = collect(rest, 'x-conformance-clauses').flatMap((c) =>
    (c.value as string[]).map((clause) => ({ at: c.at, clause })),
  );
  expect(
    named.filter((n) => !isClauseId(n.clause)),
    'clause ids that are not clauses',
  ).toEqual([]);
  const cited = new Set(named.map((n) => n.clause));
  expect(
    Object.keys(Clauses).filter((clause) => !cited.has(clause)),
    'clauses no part of the document names',
  ).toEqual([]);
});

test("the validator takes the reference's answers and names what a broken one lacks", async ({ reference }) => {
  const check = successResponseValidator();
  const headers = {
    authorization: `Bearer ${reference.token}`,
    accept: 'application/json',
    'content-type': 'application/json',
  };
  const response = await reference.server.app.inject({
    method: 'POST',
    url: '/api/core/v1/webhooks',
    headers,
    payload: { name: 'openapi check', url: 'http://127.0.0.1:9/in', method_type: 'POST', events: ['order.created'] },
  });
  const answer = response.json<{ data: { webhook: Record<string, unknown> } }>();
  expect(check('registerWebhook', response.statusCode, answer)).toEqual([]);

  const { events: _events, ...withoutEvents } = answer.data.webhook;
  expect(check('registerWebhook', 201, { ...answer, data: { ...answer.data, webhook: withoutEvents } })).toEqual([
    "/data/webhook must have required property 'events'",
  ]);
  expect(check('registerWebhook', 201, { ...answer, status: 'ok' })).toEqual(['/status must be equal to constant']);
  expect(check('registerWebhook', 200, answer)).toEqual([
    `${OPENAPI_FILE} documents no JSON answer 200 for Register Webhook`,
  ]);
  const list = await reference.server.app.inject({ method: 'GET', url: '/products?per_page=2', headers });
  expect(check('listProducts', list.statusCode, list.json())).toEqual([]);
});

test("the check of the matrix's clean run counts every success answer, skips others, and names a mismatch", () => {
  const answers = new OpenApiAnswers((_op, _status, body) => (body === 'bad' ? ['/data is wrong'] : []));
  answers.record('webhookEvents', 200, '"good"');
  answers.record('webhookEvents', 401, '"bad"');
  answers.record('listProducts', 200, '"bad"');
  answers.record('listProducts', 200, 'not json');
  const { checked, mismatches } = answers.result;
  expect(checked).toMatchObject({ webhookEvents: 1, listProducts: 2, registerWebhook: 0 });
  expect(mismatches).toEqual(['listProducts 200: /data is wrong', 'listProducts 200: the body is not JSON']);
});
