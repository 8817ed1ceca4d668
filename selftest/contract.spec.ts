/**
 * Adding an operation fails loudly until it is complete (CONTRIBUTING.md, "Adding an operation"): for every
 * operation of the contract (support/contract/operations.ts), each file of that list has its part. The
 * compiler checks the tables keyed by the operations (steps 3, 5, 6 and 8: ResponseData, prepareCall's
 * exhaustive switch, the generated tests' JUDGED, the reference's messages once its MessageKey exists);
 * selftest/openapi.spec.ts that spec/openapi.json is the one `npm run openapi` writes (step 4); the fault
 * matrix that each fault is caught (step 9). This test checks the rest, statically, step by step.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { Clauses, type ClauseId } from '../support/contract/clauses.ts';
import { OperationIds, Operations, type OperationContract, type OperationId } from '../support/contract/operations.ts';
import { ResponseData } from '../support/contract/schemas/responses.ts';
import { OPENAPI_FILE } from '../support/report/openapi/document.ts';
import { FaultCatalogue, FaultNames } from '../reference/faults/index.ts';
import { sharedSuiteList } from './harness/shared-run.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

/** What an operation lacks of "Adding an operation", each line naming its step. */
function lacking(id: OperationId, app: FastifyInstance): string[] {
  const op: OperationContract = Operations[id];
  const own = (Object.keys(Clauses) as ClauseId[]).filter((clause) => Clauses[clause].section === op.name);
  const openApi = JSON.parse(read(OPENAPI_FILE)) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const spec = path.join('tests', op.specFiles[0]);
  const faultless = own.filter(
    (clause) => Clauses[clause].level === 'stated' && !FaultNames.some((f) => FaultCatalogue[f].clause === clause),
  );
  return [
    own.length === 0 && `2. clauses: none of support/contract/clauses.ts has the section "${op.name}"`,
    Clauses[op.successClause].section !== op.name && `2. clauses: its successClause ${op.successClause} is not its own`,
    !(id in ResponseData) && '3. response schema: none in support/contract/schemas/responses.ts',
    openApi.paths[op.path]?.[op.method.toLowerCase()]?.operationId !== id &&
      `4. ${OPENAPI_FILE} does not document it at ${op.method} ${op.path}: npm run openapi`,
    !app.hasRoute({ method: op.method, url: op.path.replace('{identifier}', ':identifier') }) &&
      `7. reference: no route ${op.method} ${op.path}`,
    faultless.length > 0 && `9. faults: no fault in reference/faults/ breaks ${faultless.join(', ')}`,
    !existsSync(path.join(PROJECT_ROOT, spec)) && `10. spec file: ${spec} does not exist`,
    existsSync(path.join(PROJECT_ROOT, spec)) &&
      !read(spec).includes(`'${id}'`) &&
      `10. spec file: ${spec} has no test citing '${id}'`,
    !read('docs/instances.md').includes(`| ${op.name}`) && '11. docs/instances.md lists no instance of it',
  ]
    .filter((line): line is string => line !== false)
    .map((line) => `${op.name}: ${line}`);
}

test('every operation has each file of "Adding an operation": clauses, response schema, OpenAPI document, reference route, faults, spec file, instances', async ({
  servers,
}) => {
  const { app } = servers.built();
  await app.ready();
  expect(OperationIds.flatMap((id) => lacking(id, app))).toEqual([]);
});

/** The concerns every operation shares: their files hold tests of each, beside its own spec files. */
const SHARED_CONCERNS = ['conventions/', 'security/', 'generated/', 'observations/'];

test('every test of an operation sits in one of the spec files operations.ts gives it, or in a concern every operation shares', async () => {
  const misplaced = (await sharedSuiteList()).flatMap((t) => {
    const file = t.file.replace(/^tests\//, '');
    if (SHARED_CONCERNS.some((concern) => file.startsWith(concern))) return [];
    return OperationIds.filter((id) => t.tags.includes(Operations[id].tag))
      .filter((id) => !(Operations[id].specFiles as readonly string[]).includes(file))
      .map(
        (id) =>
          `${t.title} (tests/${file}): a test of ${Operations[id].name}, whose files are ${Operations[id].specFiles.join(', ')}`,
      );
  });
  expect(misplaced).toEqual([]);
});

test('every clause is one of an operation, a resource or a convention the spec describes', () => {
  const sections = new Set(Object.values(Clauses).map((c) => c.section));
  const spec = readFileSync(path.join(PROJECT_ROOT, 'spec', 'store-api.md'), 'utf8');
  const unknown = [...sections]
    .flatMap((section) => section.split(/[;:] /))
    .filter((part) => !spec.includes(part.trim()));
  expect(unknown, 'clause sections (or their parts) that name no heading or term of spec/store-api.md').toEqual([]);
});
