/**
 * The suite proves itself: clean against the reference, and caught by every fault of reference/faults.ts
 * in a test citing the fault's clause. Writes reports/fault-matrix.{md,json}.
 */
import { expect, test } from '@playwright/test';
import { buildFaultMatrix, writeFaultMatrix } from '../scripts/lib/fault-matrix.ts';
import { runSuite } from '../scripts/lib/suite-run.ts';

test('the conformance suite passes against the clean reference', async () => {
  const result = await runSuite();
  const failed = result.tests.filter((t) => t.outcome !== 'expected' && t.outcome !== 'skipped');
  expect(
    failed.map((t) => `${t.listLine}\n${t.errors.join('\n')}`),
    'tests failing against the clean reference',
  ).toEqual([]);
  expect(result.tests.length, `tests run (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(0);
  expect(result.exitCode).toBe(0);
});

test('every fault is caught by a test citing its clause, and every test by some fault', async () => {
  const matrix = await buildFaultMatrix();
  await writeFaultMatrix(matrix);
  expect(
    matrix.survivors.map(
      (r) => `${r.fault} (breaks ${r.clause}: ${r.description}); ${r.ran} citing test(s) ran, none failed`,
    ),
    'surviving faults (see reports/fault-matrix.md)',
  ).toEqual([]);
  expect(
    matrix.unproven.map((t) => `${t.listLine} (clauses: ${t.clauses.join(', ')})`),
    'tests no fault makes fail (see reports/fault-matrix.md)',
  ).toEqual([]);
});
