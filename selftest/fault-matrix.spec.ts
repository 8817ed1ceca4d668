/**
 * The suite proves itself (selftest/matrix/fault-matrix.ts): it passes against the clean reference (and
 * spec/openapi.json describes every success answer of that run), every fault of reference/faults is caught
 * (a stated clause's fault by a failing @stated test, so the verdict turns), every test is proven by a
 * fault, every stated clause has a @stated test and a fault. Writes reports/fault-matrix.{md,json}, with
 * each fault's blast radius. The whole matrix is a proof of `npm run test:whole` (WHOLE_SUITE); `npm test`
 * runs a fixed sample of the faults, one in SAMPLE_EVERY of the catalogue, spread over its areas. Within
 * either, an assumed-clause fault shows the verdict stays CONFORMANT on VERDICT_CHECKS `@stated` tests it
 * reaches (its operation's first); `npm run fault-matrix` runs it against every one.
 */
import { FaultNames } from '../reference/faults/index.ts';
import { expect, test, WHOLE_SUITE } from './fixtures.ts';
import { sharedSuiteList } from './harness/shared-run.ts';
import { buildFaultMatrix } from './matrix/fault-matrix.ts';
import { matrixProblems, matrixSummary, writeFaultMatrix } from './matrix/report.ts';

const VERDICT_CHECKS = 3;
const SAMPLE_EVERY = 16;

test('every conformance test has a title path of its own: the fault matrix knows a test by it', async () => {
  const titles = (await sharedSuiteList()).map((t) => t.title);
  expect(
    titles.filter((title, i) => titles.indexOf(title) !== i),
    'titles (describes › title) declared twice across the suite',
  ).toEqual([]);
});

test(
  'the fault matrix: clean run passes and matches the OpenAPI document, every fault caught and turning the verdict, every test and stated clause proven',
  WHOLE_SUITE,
  async () => {
    const matrix = await buildFaultMatrix({ log: (line) => console.log(line), verdictChecks: VERDICT_CHECKS });
    await writeFaultMatrix(matrix);
    test.info().annotations.push({ type: 'fault matrix', description: matrixSummary(matrix) });
    expect(matrixProblems(matrix), 'problems of the fault matrix (see reports/fault-matrix.md)').toEqual([]);
  },
);

test('a sample of the fault matrix: clean run passes and matches the OpenAPI document, each fault of the sample caught and turning the verdict', async () => {
  const sample = FaultNames.filter((_, i) => i % SAMPLE_EVERY === 0);
  const matrix = await buildFaultMatrix({
    faults: sample,
    log: (line) => console.log(line),
    verdictChecks: VERDICT_CHECKS,
  });
  test.info().annotations.push({ type: 'fault matrix', description: matrixSummary(matrix) });
  expect(matrixProblems(matrix), `problems of the fault matrix over ${sample.join(', ')}`).toEqual([]);
});
