/**
 * `npm run fault-matrix [-- fault-a,fault-b]`: the fault matrix by hand, printing each row as it
 * completes. With names, only those faults run (and unproven tests are not judged).
 */
import { isFaultName, type FaultName } from '../reference/faults/index.ts';
import { buildFaultMatrix, writeFaultMatrix } from './lib/fault-matrix.ts';

const requested = (process.argv[2] ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = requested.filter((n) => !isFaultName(n));
if (unknown.length > 0) {
  console.error(`Unknown fault(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const started = performance.now();
const matrix = await buildFaultMatrix({
  ...(requested.length > 0 ? { faults: requested as FaultName[] } : {}),
  onRow: (row) =>
    console.log(
      `${row.caughtBy.length > 0 ? 'caught  ' : 'SURVIVED'} ${row.fault} (${row.clause}) ${row.caughtBy.length} test(s), ${Math.round(row.durationMs)} ms`,
    ),
});
await writeFaultMatrix(matrix);
for (const test of matrix.unproven) console.log(`UNPROVEN ${test.listLine} (clauses: ${test.clauses.join(', ')})`);
console.log(
  `${matrix.rows.length} faults, ${matrix.survivors.length} surviving, ${matrix.unproven.length} unproven tests, ${Math.round((performance.now() - started) / 1000)} s. See reports/fault-matrix.md`,
);
process.exit(matrix.survivors.length + matrix.unproven.length > 0 ? 1 : 0);
