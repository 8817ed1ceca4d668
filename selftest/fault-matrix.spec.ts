/**
 * The suite proves itself (selftest/matrix/fault-matrix.ts): it passes against the clean reference (and
 * spec/openapi.json describes every success answer of that run), every fault of reference/faults is caught
 * (a stated clause's fault by a failing @stated test, so the verdict turns), every test is proven by a
 * fault, every stated clause has a @stated test and a fault. Writes reports/fault-matrix.{md,json}, with
 * each fault's blast radius. Within npm test's time, an assumed-clause fault shows the verdict stays CONFORMANT
 * on VERDICT_CHECKS `@stated` tests it reaches (its operation's first); `npm run fault-matrix` runs it against
 * every one.
 */
import { expect, test } from './fixtures.ts';
import { sharedSuiteList } from './harness/shared-run.ts';
import { buildFaultMatrix } from './matrix/fault-matrix.ts';
import { matrixProblems, matrixSummary, writeFaultMatrix } from './matrix/report.ts';

const VERDICT_CHECKS = 3;

test('every conformance test has a title path of its own: the fault matrix knows a test by it', async () => {
  const titles = (await sharedSuiteList()).map((t) => t.title);
  expect(
    titles.filter((title, i) => titles.indexOf(title) !== i),
    'titles (describes › title) declared twice across the suite',
  ).toEqual([]);
});

test('the fault matrix: clean run passes and matches the OpenAPI document, every fault caught and turning the verdict, every test and stated clause proven', async () => {
  const matrix = await buildFaultMatrix({ log: (line) => console.log(line), verdictChecks: VERDICT_CHECKS });
  await writeFaultMatrix(matrix);
  test.info().annotations.push({ type: 'fault matrix', description: matrixSummary(matrix) });
  expect(matrixProblems(matrix), 'problems of the fault matrix (see reports/fault-matrix.md)').toEqual([]);
});
