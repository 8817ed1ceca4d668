/**
 * `npm run fault-matrix [-- fault-a,fault-b]`: the fault matrix by hand (scripts/lib/fault-matrix.ts).
 * With names, only those faults run (unproven tests and clause coverage are then not judged). Writes
 * reports/fault-matrix.{md,json}; exits 1 when the matrix finds a problem.
 */
import { isFaultName, type FaultName } from '../reference/faults/index.ts';
import { buildFaultMatrix, matrixProblems, writeFaultMatrix } from './lib/fault-matrix.ts';

const requested = (process.argv[2] ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = requested.filter((n) => !isFaultName(n));
if (unknown.length > 0) {
  console.error(`Unknown fault(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const matrix = await buildFaultMatrix({
  ...(requested.length > 0 ? { faults: requested as FaultName[] } : {}),
  log: (line) => console.log(line),
});
await writeFaultMatrix(matrix);
for (const row of matrix.rows) {
  const caught = row.caughtBy.length > 0 ? 'caught  ' : 'SURVIVED';
  console.log(
    `${caught} ${row.fault} (${row.clause}, ${row.level}): ${row.caughtBy.length} catching, ${row.blast.length} outside its clause, ${row.verdict}`,
  );
}
const problems = matrixProblems(matrix);
for (const problem of problems) console.log(`PROBLEM ${problem}`);
const { blastRadius } = matrix;
console.log(
  `${matrix.rows.length} faults, ${matrix.survivors.length} surviving, ${matrix.unproven.length} unproven tests; ` +
    `blast radius median ${blastRadius.median}, maximum ${blastRadius.max}; ${Math.round(matrix.durationMs / 1000)} s. See reports/fault-matrix.md`,
);
process.exit(problems.length > 0 ? 1 : 0);
