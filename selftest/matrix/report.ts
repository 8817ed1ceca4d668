/** What the fault matrix reports: its problems, and reports/fault-matrix.{md,json}. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OperationId } from '../../support/contract/operations.ts';
import { OPENAPI_FILE } from '../../support/report/openapi/document.ts';
import { PROJECT_ROOT } from '../../support/run/config.ts';
import type { FaultMatrix } from './fault-matrix.ts';

/** Everything that makes the matrix fail, one line each (empty: it passes). */
export function matrixProblems(matrix: FaultMatrix): string[] {
  return [
    ...matrix.duplicateKeys.map(
      (key) => `tests share the title path "${key}": the fault matrix cannot tell them apart (make the titles unique)`,
    ),
    ...matrix.cleanFailures.map((t) => `fails against the clean reference: ${t.split('\n')[0] ?? t}`),
    ...matrix.openApi.mismatches.map(
      (m) => `${OPENAPI_FILE} does not describe a success answer of the clean reference: ${m}`,
    ),
    ...(Object.entries(matrix.openApi.checked) as [OperationId, number][])
      .filter(([, count]) => count === 0)
      .map(([id]) => `no success answer of ${id} was checked against ${OPENAPI_FILE} in the clean run`),
    ...matrix.unrun.map((pair) => `planned but not run (its key was not found where it is declared): ${pair}`),
    ...matrix.survivors.map(
      (r) =>
        `fault survives: ${r.fault} (breaks ${r.clause}, ${r.level}: ${r.description}); ${r.ran} test(s) ran against it`,
    ),
    ...matrix.notOnlyGenerated.map((r) =>
      r.onlyGenerated?.generated.length === 0
        ? `crash fault not caught by a @generated test: ${r.fault} (${r.description})`
        : `crash fault caught by a test that is not @generated, so a fixed table finds it too: ${r.fault}: ${r.onlyGenerated?.fixed.join('; ') ?? ''}`,
    ),
    ...matrix.verdictUnturned.map(
      (r) => `verdict stays CONFORMANT with ${r.fault}, which breaks the stated clause ${r.clause}`,
    ),
    ...matrix.verdictTurnedByReading.map(
      (r) =>
        `verdict is ${r.verdict} with ${r.fault}, which breaks only the reading ${r.clause}: a reading decided the verdict (${r.verdictReasons.join(' ')})`,
    ),
    ...matrix.unproven.map(
      (t) => `unproven test (no fault of its clauses makes it fail): ${t.title} (clauses: ${t.clauses.join(', ')})`,
    ),
    ...matrix.statedWithoutTest.map((c) => `stated clause without a @stated test: ${c}`),
    ...matrix.statedWithoutFault.map((c) => `stated clause without a fault: ${c}`),
  ];
}

/** One line: faults, survivors, unproven tests, blast radius, pairs and time. */
export function matrixSummary(matrix: FaultMatrix): string {
  const { blastRadius: blast, timings } = matrix;
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
  return (
    `${matrix.rows.length} faults, ${matrix.survivors.length} surviving, ${matrix.unproven.length} unproven tests; ` +
    `blast radius median ${blast.median}, maximum ${blast.max}` +
    (blast.unmeasured > 0 ? ` (${blast.unmeasured} reachable pairs outside a fault's clause not run)` : '') +
    `; ${matrix.pairs} pairs; traced run ${seconds(timings.traced)}, references ${seconds(timings.references)}, matrix run ${seconds(timings.matrix)}; ${seconds(matrix.durationMs)}`
  );
}

function renderFaultMatrix(matrix: FaultMatrix): string {
  const { blastRadius } = matrix;
  const lines = [
    '# Fault matrix',
    '',
    `${matrix.rows.length} faults, ${matrix.survivors.length} surviving, ${matrix.verdictUnturned.length} stated-clause fault(s) leaving the verdict CONFORMANT; ` +
      `${matrix.tests.length} tests, ${matrix.unproven.length} unproven; ${matrix.pairs} (test, fault) pairs; ${Math.round(matrix.durationMs / 1000)} s.`,
    '',
    `Blast radius (failing tests outside the fault's clause, of those run against it): median ${blastRadius.median}, maximum ${blastRadius.max}${blastRadius.worst ? ` (${blastRadius.worst})` : ''}.` +
      (blastRadius.unmeasured > 0
        ? ` Not measured: ${blastRadius.unmeasured} (test, fault) pairs outside the fault's clause that the traced run says the fault can reach (column "not run"; \`npm run fault-matrix -- --blast-radius\` runs them).`
        : ''),
    '',
    `Success answers of the clean run checked against ${OPENAPI_FILE}: ${Object.entries(matrix.openApi.checked)
      .map(([id, count]) => `${id} ${count}`)
      .join(', ')}; ${matrix.openApi.mismatches.length} not described.`,
    '',
    'A fault of a stated clause is caught only by a failing `@stated` test citing the clause; a fault of an assumed clause by any failing test citing it.',
    '',
    'A crash fault that only generated requests find (`onlyGenerated`) is caught by a failing `@generated` test, and every other test that its guard reached ran against it and passed: no fixed table finds it.',
    '',
    '| fault | clause | level | caught by | outside its clause | not run | verdict | ran |',
    '|---|---|---|---|---|---|---|---|',
    ...matrix.rows.map(
      (r) =>
        `| ${r.fault} | ${r.clause} | ${r.level} | ${r.caughtBy.length === 0 ? '**SURVIVED**' : r.caughtBy.join('<br>')} | ` +
        `${r.blast.length === 0 ? '0' : `${r.blast.length}: ${r.blast.join('<br>')}`} | ${r.unmeasured} | ${r.verdict} | ${r.ran} |`,
    ),
  ];
  const problems = matrixProblems(matrix);
  if (problems.length > 0) lines.push('', '## Problems', '', ...problems.map((p) => `- ${p}`));
  lines.push(
    '',
    '## Clauses',
    '',
    'Each clause with the tests that cite it (`@stated` ones first) and the faults that break it.',
    '',
    '| clause | level | @stated tests | other tests | faults |',
    '|---|---|---|---|---|',
  );
  for (const c of matrix.clauses) {
    const others = c.tests.filter((t) => !c.statedTests.includes(t));
    lines.push(
      `| ${c.clause} | ${c.level} | ${c.statedTests.join('<br>') || '—'} | ${others.length} | ${c.faults.join('<br>') || '—'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function writeFaultMatrix(matrix: FaultMatrix, dir = path.join(PROJECT_ROOT, 'reports')): Promise<void> {
  await mkdir(dir, { recursive: true });
  const summary = {
    rows: matrix.rows,
    problems: matrixProblems(matrix),
    blastRadius: matrix.blastRadius,
    pairs: matrix.pairs,
    timingsMs: Object.fromEntries(Object.entries(matrix.timings).map(([k, v]) => [k, Math.round(v)])),
    durationMs: Math.round(matrix.durationMs),
  };
  await writeFile(path.join(dir, 'fault-matrix.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(path.join(dir, 'fault-matrix.md'), renderFaultMatrix(matrix));
}
