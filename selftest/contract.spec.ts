/**
 * Adding an operation fails loudly until it is complete (CONTRIBUTING.md, "Adding an operation"): its
 * contract entry (support/contract/operations.ts) needs a response schema (support/contract/schemas/responses.ts,
 * checked by the compiler), a valid call (fixtures/steps/calls.ts, an exhaustive switch: the compiler
 * again), clauses of its own, a route in the reference, and a spec file holding tests with its tag.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { Clauses, type ClauseId } from '../support/contract/clauses.ts';
import { OperationIds, Operations } from '../support/contract/operations.ts';
import { ResponseData } from '../support/contract/schemas/responses.ts';

test('every operation has a response schema, clauses, its success clause, a reference route and a spec file with its tests', async ({
  servers,
}) => {
  const { app } = servers.built();
  await app.ready();
  const missing: string[] = [];
  for (const id of OperationIds) {
    const op = Operations[id];
    const own = (Object.keys(Clauses) as ClauseId[]).filter((clause) => Clauses[clause].section === op.name);
    if (own.length === 0)
      missing.push(`${op.name}: no clause of support/contract/clauses.ts has the section "${op.name}"`);
    if (Clauses[op.successClause].section !== op.name)
      missing.push(`${op.name}: its successClause ${op.successClause} is not one of its own`);
    if (!(id in ResponseData)) missing.push(`${op.name}: no response schema in support/contract/schemas/responses.ts`);
    if (!app.hasRoute({ method: op.method, url: op.path.replace('{identifier}', ':identifier') })) {
      missing.push(`${op.name}: the reference has no route ${op.method} ${op.path}`);
    }
    const spec = path.join(PROJECT_ROOT, 'tests', op.specFile);
    if (!existsSync(spec)) missing.push(`${op.name}: its spec file tests/${op.specFile} does not exist`);
    else if (!readFileSync(spec, 'utf8').includes(`'${id}'`))
      missing.push(`${op.name}: tests/${op.specFile} has no test citing '${id}'`);
  }
  expect(missing, 'what operations lack').toEqual([]);
});

test('every clause is one of an operation, a resource or a convention the spec describes', () => {
  const sections = new Set(Object.values(Clauses).map((c) => c.section));
  const spec = readFileSync(path.join(PROJECT_ROOT, 'spec', 'store-api.md'), 'utf8');
  const unknown = [...sections]
    .flatMap((section) => section.split(/[;:] /))
    .filter((part) => !spec.includes(part.trim()));
  expect(unknown, 'clause sections (or their parts) that name no heading or term of spec/store-api.md').toEqual([]);
});
