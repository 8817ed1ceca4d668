/**
 * The suite proves itself (selftest/matrix/fault-matrix.ts): it passes against the clean reference (and
 * spec/openapi.json describes every success answer of that run, checked with Ajv), every
 * fault of reference/faults is caught (a stated clause's fault by a failing @stated test, so the verdict
 * turns), every test is proven by a fault, every stated clause has a @stated test and a fault. Writes
 * reports/fault-matrix.{md,json}, with each fault's blast radius.
 */
import { expect, test } from './fixtures.ts';
import { buildFaultMatrix, matrixProblems, writeFaultMatrix } from './matrix/fault-matrix.ts';

test('the fault matrix: clean run passes and matches the OpenAPI document, every fault caught and turning the verdict, every test and stated clause proven', async () => {
  const matrix = await buildFaultMatrix({ log: (line) => console.log(line) });
  await writeFaultMatrix(matrix);
  test.info().annotations.push({
    type: 'fault matrix',
    description: `${matrix.rows.length} faults, ${matrix.tests.length} tests, ${Object.values(matrix.openApi.checked).reduce((a, b) => a + b, 0)} success answers checked against spec/openapi.json, blast radius median ${matrix.blastRadius.median} max ${matrix.blastRadius.max}, ${Math.round(matrix.durationMs / 1000)} s`,
  });
  expect(matrixProblems(matrix), 'problems of the fault matrix (see reports/fault-matrix.md)').toEqual([]);
});
