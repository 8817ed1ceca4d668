/**
 * `npm run fault-matrix [-- fault-a,fault-b] [--blast-radius] [--plan] ...`: the fault matrix by hand
 * (selftest/matrix/fault-matrix.ts). `--blast-radius` runs each fault against every test it can reach, to
 * measure its whole blast radius; `--plan` stops after the traced run and prints how many tests each fault
 * reaches and runs against; `--count-set-up` also counts what set-up requests consult (to check that this
 * changes nothing); `--verdict-checks=<n>` runs each assumed-clause fault against at most n `@stated` tests
 * outside its clause (as npm test does; all by default); `--keep=<dir>` keeps the matrix run's own reports there; `--workers=<n>` sets the runs'
 * workers (3 by default). With names, only those faults run (unproven tests and clause coverage are then
 * not judged). Writes reports/fault-matrix.{md,json}; exits 1 when the matrix finds a problem. Its last
 * line says where the time went.
 */
import { isFaultName, type FaultName } from '../../reference/faults/index.ts';
import { buildFaultMatrix } from './fault-matrix.ts';
import { matrixProblems, matrixSummary, writeFaultMatrix } from './report.ts';

const args = process.argv.slice(2);
const keepRunDir = args.find((a) => a.startsWith('--keep='))?.slice('--keep='.length);
const workers = args.find((a) => a.startsWith('--workers='))?.slice('--workers='.length);
const requested = (args.find((a) => !a.startsWith('--')) ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = requested.filter((n) => !isFaultName(n));
if (unknown.length > 0) {
  console.error(`Unknown fault(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const planOnly = args.includes('--plan');
const verdictChecks = args.find((a) => a.startsWith('--verdict-checks='))?.slice('--verdict-checks='.length);
const matrix = await buildFaultMatrix({
  ...(requested.length > 0 ? { faults: requested as FaultName[] } : {}),
  log: (line) => console.log(line),
  planOnly,
  blastRadius: args.includes('--blast-radius'),
  countSetUp: args.includes('--count-set-up'),
  ...(keepRunDir ? { keepRunDir } : {}),
  ...(workers ? { workers: Number(workers) } : {}),
  ...(verdictChecks ? { verdictChecks: Number(verdictChecks) } : {}),
});
if (planOnly) process.exit(0);
await writeFaultMatrix(matrix);
for (const row of matrix.rows) {
  const caught = row.caughtBy.length > 0 ? 'caught  ' : 'SURVIVED';
  console.log(
    `${caught} ${row.fault} (${row.clause}, ${row.level}): ${row.caughtBy.length} catching, ${row.blast.length} outside its clause, ${row.verdict}`,
  );
  if (row.onlyGenerated)
    console.log(
      `         only generated: caught by ${row.onlyGenerated.generated.length} @generated test(s), failed by ${row.onlyGenerated.fixed.length} other(s) of the ${row.ran} run against it`,
    );
}
const problems = matrixProblems(matrix);
for (const problem of problems) console.log(`PROBLEM ${problem}`);
console.log(`${matrixSummary(matrix)}. See reports/fault-matrix.md`);
process.exit(problems.length > 0 ? 1 : 0);
