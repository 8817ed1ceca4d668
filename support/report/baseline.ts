/**
 * Progress a team can gate on, and what changed between two runs.
 *
 * - A baseline (CONFORMANCE_BASELINE, `run --baseline`) is the `conformance.json` of an earlier run: the
 *   failures it lists are known. A run given one marks each of its own failures as known or new, and
 *   lists the known failures whose test now passes (so the baseline can be tightened). The verdict never
 *   changes: the report still says NOT CONFORMANT and lists the known failures. Only the exit code
 *   follows the gate: 0 when every failure is known (a NOT CONFORMANT run whose failures are all known),
 *   as for CONFORMANT.
 * - `compare a.json b.json` says, clause by clause, what is newly failing, newly passing, newly judged
 *   and no longer judged from run a to run b.
 *
 * A failure is what makes a verdict NOT CONFORMANT: a `@stated` test that failed or was flaky, or that
 * was skipped for no accepted reason. It is known by its test's title (`file › describe › title`), which
 * names the same check in every run; its clauses are said beside it. Reports are read leniently (only the
 * fields used here), so that a baseline written by an earlier version of the suite still serves.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { BaselineGate, ConformanceReport } from './report-format.ts';

/** What this module reads of a report: the same fields in every format version so far. */
const ReportLike = z.looseObject({
  verdict: z.enum(['CONFORMANT', 'NOT CONFORMANT', 'NO VERDICT']),
  date: z.string().optional(),
  tests: z.array(
    z.looseObject({
      title: z.string(),
      level: z.string(),
      outcome: z.enum(['passed', 'failed', 'skipped', 'flaky']),
      clauses: z.array(z.string()),
    }),
  ),
  unexplainedSkips: z.array(z.looseObject({ title: z.string(), clauses: z.array(z.string()) })),
  failingClauses: z.array(z.looseObject({ id: z.string() })),
  coverage: z.array(z.looseObject({ id: z.string(), level: z.string(), judged: z.boolean().optional() })),
  run: z.looseObject({ runId: z.string().optional() }).nullable().optional(),
});
export type ReportLike = z.infer<typeof ReportLike>;

/** A file that is not a conformance report this suite can read. */
export class ReportFileError extends Error {}

/** Reads a `conformance.json` leniently; throws a ReportFileError saying what is wrong with it. */
export function readReportFile(file: string): ReportLike {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ReportFileError(
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ReportFileError(`${file} is not JSON: give the conformance.json of a run`);
  }
  const parsed = ReportLike.safeParse(json);
  if (!parsed.success)
    throw new ReportFileError(
      `${file} is not a conformance report (${parsed.error.issues.length} field(s) missing or wrong, e.g. ${parsed.error.issues[0]?.path.join('.') || 'the top level'}): give the conformance.json of a run`,
    );
  return parsed.data;
}

type Failure = BaselineGate['known'][number];

/** The failures that make a report NOT CONFORMANT, one per test. */
function failuresOf(report: ReportLike): Failure[] {
  const failures: Failure[] = report.tests
    .filter((t) => t.level === 'stated' && (t.outcome === 'failed' || t.outcome === 'flaky'))
    .map((t) => ({ title: t.title, clauses: t.clauses, kind: t.outcome === 'flaky' ? 'flaky' : 'failed' }));
  for (const skip of report.unexplainedSkips)
    if (!failures.some((f) => f.title === skip.title))
      failures.push({ title: skip.title, clauses: skip.clauses, kind: 'skipped without an accepted reason' });
  return failures;
}

/**
 * The report with its failures marked against the baseline's. The gate passes when the run is
 * CONFORMANT, or NOT CONFORMANT with every failure known and no error outside the tests.
 */
export function applyBaseline(report: ConformanceReport, baseline: ReportLike, file: string): ConformanceReport {
  const before = new Set(failuresOf(baseline).map((f) => f.title));
  const failures = failuresOf(report);
  const known = failures.filter((f) => before.has(f.title));
  const fresh = failures.filter((f) => !before.has(f.title));
  const passedNow = new Set(report.tests.filter((t) => t.outcome === 'passed').map((t) => t.title));
  const nowPassing = [...before].filter((title) => passedNow.has(title));
  const passed =
    report.verdict === 'CONFORMANT' ||
    (report.verdict === 'NOT CONFORMANT' && fresh.length === 0 && report.runErrors.length === 0);
  return {
    ...report,
    baseline: {
      file,
      ...(baseline.date ? { date: baseline.date } : {}),
      gate: passed ? 'passed' : 'failed',
      known,
      new: fresh,
      nowPassing,
    },
  };
}

/** The gate's lines for the console, after the verdict's. */
export function describeGate(gate: BaselineGate): string[] {
  const list = (failures: readonly Failure[]) =>
    failures.map((f) => `    ${f.title} (${f.kind}${f.clauses.length > 0 ? `: ${f.clauses.join(', ')}` : ''})`);
  const lines = [
    `Baseline ${gate.file}: ${gate.known.length} known failure(s), ${gate.new.length} new, ${gate.nowPassing.length} known failure(s) now passing.`,
  ];
  if (gate.new.length > 0) lines.push('  new:', ...list(gate.new));
  if (gate.known.length > 0) lines.push('  known:', ...list(gate.known));
  if (gate.nowPassing.length > 0)
    lines.push('  now passing (tighten the baseline):', ...gate.nowPassing.map((t) => `    ${t}`));
  lines.push(
    gate.gate === 'passed'
      ? '  Baseline gate: passed (exit 0); the verdict is unchanged.'
      : `  Baseline gate: failed${gate.new.length > 0 ? `, ${gate.new.length} new failure(s)` : ''}.`,
  );
  return lines;
}

/** How a clause stands in one run. */
type ClauseState = 'failing' | 'passing' | 'not judged';

function clauseStates(report: ReportLike): Map<string, ClauseState> {
  const failing = new Set(report.failingClauses.map((c) => c.id));
  const states = new Map<string, ClauseState>();
  for (const clause of report.coverage)
    states.set(clause.id, failing.has(clause.id) ? 'failing' : clause.judged === true ? 'passing' : 'not judged');
  return states;
}

export interface Comparison {
  readonly newlyFailing: readonly string[];
  readonly newlyPassing: readonly string[];
  /** Not judged in a, judged (passing or failing) in b. */
  readonly newlyJudged: readonly string[];
  /** Judged in a, not in b. */
  readonly noLongerJudged: readonly string[];
  readonly stillFailing: readonly string[];
}

/** Clause by clause, from run a to run b. */
export function compareReports(a: ReportLike, b: ReportLike): Comparison {
  const before = clauseStates(a);
  const after = clauseStates(b);
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  const where = (test: (was: ClauseState, is: ClauseState) => boolean) =>
    ids.filter((id) => test(before.get(id) ?? 'not judged', after.get(id) ?? 'not judged'));
  return {
    newlyFailing: where((was, is) => is === 'failing' && was !== 'failing'),
    newlyPassing: where((was, is) => was === 'failing' && is === 'passing'),
    newlyJudged: where((was, is) => was === 'not judged' && is !== 'not judged'),
    noLongerJudged: where((was, is) => was !== 'not judged' && is === 'not judged'),
    stillFailing: where((was, is) => was === 'failing' && is === 'failing'),
  };
}
