/**
 * The instance list is the tests' own (issue 34): docs/instances.md is what `npm run instances:docs` writes
 * from the tests' declarations, and every value of every dimension of the spec model (operation, kind, event,
 * step, value, bound, language) has a test declaring it. A dimension value no test judges fails here, named,
 * rather than passing unseen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { Operations, OperationIds } from '../support/contract/operations.ts';
import { sharedSuiteList } from './harness/shared-run.ts';
import { declared, instancesDoc, unjudgedInstances, type DeclaredTest } from './support/instances-doc.ts';

let tests: DeclaredTest[];
test.beforeAll(async () => {
  tests = declared(await sharedSuiteList());
});

test('every operation of the spec has a test', () => {
  const judged = new Set(tests.map((t) => t.operation));
  expect(
    OperationIds.filter((id) => !judged.has(Operations[id].name)),
    'operations no test is tagged with',
  ).toEqual([]);
});

test('every kind, event, step, value, bound and language of the spec model has a test declaring it', () => {
  expect(unjudgedInstances(tests), 'dimension values no test declares (cites(...).on({...}))').toEqual([]);
});

test('docs/instances.md is the one npm run instances:docs writes from the declarations', () => {
  const written = readFileSync(path.join(PROJECT_ROOT, 'docs/instances.md'), 'utf8');
  expect(written === `${instancesDoc(tests)}\n`, 'docs/instances.md is stale: run npm run instances:docs').toBe(true);
});
