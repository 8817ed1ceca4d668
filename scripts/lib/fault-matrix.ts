/**
 * The fault matrix: for each fault in reference/faults.ts, run the tests that cite the fault's clause
 * against a reference with that fault on. A fault no citing test catches "survives"; a test no fault
 * ever makes fail is "unproven" (a check that cannot fail is a defect). Both fail the self test.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FaultCatalogue, FaultNames, type FaultName } from '../../reference/faults/index.ts';
import { PROJECT_ROOT } from '../../support/config.ts';
import { Clauses } from '../../support/contract/clauses.ts';
import { listSuite, runSuite, type ListedTest } from './suite-run.ts';

export interface FaultRow {
  readonly fault: FaultName;
  readonly clause: string;
  readonly description: string;
  readonly ran: number;
  /** Tests citing the clause that failed with the fault on. */
  readonly caughtBy: readonly string[];
  readonly exitCode: number;
  readonly durationMs: number;
}

export interface FaultMatrix {
  readonly rows: readonly FaultRow[];
  readonly survivors: readonly FaultRow[];
  readonly unproven: readonly ListedTest[];
  readonly tests: readonly ListedTest[];
}

async function pool<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

export async function buildFaultMatrix(
  options: { faults?: readonly FaultName[]; concurrency?: number; onRow?: (row: FaultRow) => void } = {},
): Promise<FaultMatrix> {
  const tests = await listSuite();
  const bad = tests.filter((t) => /[›>]/.test(t.title.split(' › ').join('')));
  if (bad.length > 0)
    throw new Error(
      `Test titles must not contain '>' or '›' (the test-list format): ${bad.map((t) => t.title).join('; ')}`,
    );
  const faults = options.faults ?? FaultNames;
  const rows = await pool(faults, options.concurrency ?? 2, async (fault) => {
    const { clause, description } = FaultCatalogue[fault];
    const citing = tests.filter((t) => t.clauses.includes(clause));
    if (citing.length === 0) {
      const row: FaultRow = { fault, clause, description, ran: 0, caughtBy: [], exitCode: 0, durationMs: 0 };
      options.onRow?.(row);
      return row;
    }
    const result = await runSuite({ env: { REFERENCE_FAULTS: fault }, only: citing, args: ['--workers=2'] });
    const caughtBy = result.tests
      .filter((t) => t.outcome === 'unexpected' && t.clauses.includes(clause))
      .map((t) => t.listLine);
    const row: FaultRow = {
      fault,
      clause,
      description,
      ran: result.tests.length,
      caughtBy,
      exitCode: result.exitCode,
      durationMs: result.durationMs,
    };
    options.onRow?.(row);
    return row;
  });
  const proven = new Set(rows.flatMap((r) => r.caughtBy));
  return {
    rows,
    survivors: rows.filter((r) => r.caughtBy.length === 0),
    unproven: options.faults ? [] : tests.filter((t) => !proven.has(t.listLine)),
    tests,
  };
}

export function renderFaultMatrix(matrix: FaultMatrix): string {
  const lines = [
    '# Fault matrix',
    '',
    `${matrix.rows.length} faults, ${matrix.survivors.length} surviving; ${matrix.tests.length} tests, ${matrix.unproven.length} unproven.`,
    '',
    '| fault | clause | caught by | ran |',
    '|---|---|---|---|',
    ...matrix.rows.map(
      (r) =>
        `| ${r.fault} | ${r.clause} | ${r.caughtBy.length === 0 ? '**SURVIVED**' : r.caughtBy.map((t) => t.replace(/^\[conformance\] › /, '')).join('<br>')} | ${r.ran} |`,
    ),
  ];
  if (matrix.unproven.length > 0) {
    lines.push(
      '',
      '## Unproven tests (no fault of their clauses makes them fail)',
      '',
      ...matrix.unproven.map((t) => `- ${t.listLine} (clauses: ${t.clauses.join(', ')})`),
    );
  }
  lines.push('', '## Clauses', '', '| clause | level | faults | tests citing |', '|---|---|---|---|');
  for (const id of Object.keys(Clauses)) {
    const faults = matrix.rows.filter((r) => r.clause === id).length;
    const citing = matrix.tests.filter((t) => t.clauses.includes(id)).length;
    lines.push(`| ${id} | ${Clauses[id as keyof typeof Clauses].level} | ${faults} | ${citing} |`);
  }
  return `${lines.join('\n')}\n`;
}

export async function writeFaultMatrix(matrix: FaultMatrix, dir = path.join(PROJECT_ROOT, 'reports')): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'fault-matrix.json'),
    JSON.stringify(
      {
        rows: matrix.rows,
        survivors: matrix.survivors.map((r) => r.fault),
        unproven: matrix.unproven.map((t) => t.listLine),
      },
      null,
      2,
    ),
  );
  await writeFile(path.join(dir, 'fault-matrix.md'), renderFaultMatrix(matrix));
}
