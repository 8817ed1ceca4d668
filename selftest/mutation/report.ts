/**
 * What `npm run mutation` prints and writes (reports/mutation.md and .json): the score of each file,
 * every mutant left alive with its file:line, and the mutants a store's bug would bring that break a
 * stated rule yet no `@stated` test sees (killed only by readings: the verdict would not turn).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../support/run/config.ts';
import type { MutantResult, MutationResult } from './mutation.ts';

interface FileScore {
  readonly file: string;
  readonly mutants: number;
  readonly killed: number;
  /** Skipped by their lines: the spec leaves them open, or they are equivalent by construction. */
  readonly ignored: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Killed or skipped, of all: the share accounted for. */
  readonly accounted: number;
  /** Killed, of those not skipped (Stryker's mutation score). */
  readonly score: number;
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

function scoreOf(file: string, results: readonly MutantResult[]): FileScore {
  const count = (status: MutantResult['status']) => results.filter((r) => r.status === status).length;
  const killed = count('killed');
  const ignored = count('ignored');
  const survived = count('survived');
  const noCoverage = count('no coverage');
  return {
    file,
    mutants: results.length,
    killed,
    ignored,
    survived,
    noCoverage,
    accounted: share(killed + ignored, results.length),
    score: share(killed, results.length - ignored),
  };
}

export interface MutationSummary {
  readonly total: FileScore;
  readonly files: readonly FileScore[];
  /** Survivors and mutants no test covers: each needs a test, or its line the spec's words that leave it open. */
  readonly alive: readonly MutantResult[];
  /** Killed, but by no `@stated` test, outside the code its lines mark as a reading: presumed to break a stated clause the verdict misses. */
  readonly statedUnseen: readonly MutantResult[];
  /** Killed by no `@stated` test, in code its lines mark as a reading (`// Reading:`): a store with that bug does not share a reading. */
  readonly readingsOnly: readonly MutantResult[];
  /** Killed by the verdict alone: `@stated` tests it made skip on a clause whose tests all passed. */
  readonly byVerdict: readonly MutantResult[];
}

function summarize(run: MutationResult): MutationSummary {
  const files = [...new Set(run.results.map((r) => r.mutant.file))].sort();
  const killedUnstated = run.results.filter((r) => r.status === 'killed' && !r.stated);
  return {
    total: scoreOf('all files', run.results),
    files: files.map((file) =>
      scoreOf(
        file,
        run.results.filter((r) => r.mutant.file === file),
      ),
    ),
    alive: run.results.filter((r) => r.status === 'survived' || r.status === 'no coverage'),
    statedUnseen: killedUnstated.filter((r) => r.reading === undefined),
    readingsOnly: killedUnstated.filter((r) => r.reading !== undefined),
    byVerdict: run.results.filter((r) => r.status === 'killed' && r.killedBy.length === 0),
  };
}

const where = (r: MutantResult) => `${r.mutant.file}:${r.mutant.line}:${r.mutant.column}`;
const what = (r: MutantResult) =>
  `${r.mutant.mutator} → ${JSON.stringify(r.mutant.replacement.length > 80 ? `${r.mutant.replacement.slice(0, 77)}...` : r.mutant.replacement)}`;

/** The lines `npm run mutation` prints. */
export function mutationLines(run: MutationResult, summary: MutationSummary = summarize(run)): string[] {
  const row = (s: FileScore) =>
    `${s.file.padEnd(32)} ${String(s.mutants).padStart(5)} mutants  ${String(s.killed).padStart(5)} killed  ${String(s.ignored).padStart(4)} skipped  ${String(s.survived).padStart(4)} survived  ${String(s.noCoverage).padStart(4)} not covered   score ${percent(s.score).padStart(6)}   accounted for ${percent(s.accounted).padStart(6)}`;
  return [
    'Mutation score per file (score: killed of those not skipped; accounted for: killed or skipped, of all):',
    ...summary.files.map(row),
    row(summary.total),
    '',
    `Alive (${summary.alive.length}): each needs a test that kills it, or its line the spec's words that leave it open`,
    ...summary.alive.map(
      (r) => `  ${where(r)}  ${what(r)}  (${r.status}; ran against ${r.ran} of ${r.candidates} candidate test(s))`,
    ),
    '',
    `Break a stated clause but killed by no @stated test (${summary.statedUnseen.length}): the verdict would not turn. Each needs a @stated test, or its line a \`// Reading: <clause>\` comment when what it breaks is a reading`,
    ...summary.statedUnseen.map(
      (r) =>
        `  ${where(r)}  ${what(r)}  killed by ${r.killedBy.slice(0, 2).join(' | ')}${r.statedClausesCited.length > 0 ? ` (they cite ${r.statedClausesCited.join(', ')})` : ''}`,
    ),
    '',
    `Killed only by tests of readings (${summary.readingsOnly.length}): a store with that bug reads as one not sharing a reading`,
    '',
    `Killed by the verdict alone (${summary.byVerdict.length}): no test fails, but @stated tests skip on a clause whose tests all pass, which the verdict holds against the store`,
    ...summary.byVerdict.map((r) => `  ${where(r)}  ${what(r)}  skips ${r.skippedUnexplained.slice(0, 2).join(' | ')}`),
    '',
    `${run.results.length} mutants, ${run.tests} tests, ${run.pairs} (test, mutant) pairs; instrumented in ${seconds(run.timings.instrument)}, traced run ${seconds(run.timings.traced)}, rounds ${run.timings.rounds.map(seconds).join(' + ')}; ${seconds(run.durationMs)} in all.`,
  ];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Writes reports/mutation.md and reports/mutation.json. */
export async function writeMutationReport(run: MutationResult, reportsDir = path.join(PROJECT_ROOT, 'reports')) {
  const summary = summarize(run);
  await mkdir(reportsDir, { recursive: true });
  const md = ['# Mutation testing of the reference', '', '```', ...mutationLines(run, summary), '```', ''].join('\n');
  await writeFile(path.join(reportsDir, 'mutation.md'), md);
  await writeFile(
    path.join(reportsDir, 'mutation.json'),
    JSON.stringify({ summary: { total: summary.total, files: summary.files }, ...run }, null, 2),
  );
  return summary;
}
