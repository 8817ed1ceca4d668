/**
 * The conformance verdict, computed from plain records of the tests that ran (no Playwright types here,
 * so the rules are tested on their own: selftest/report-verdict.spec.ts).
 *
 * CONFORMANT only when at least one @stated test ran, every @stated test passed or was skipped for a
 * reason the configuration explains (the reason names a configuration variable), none was flaky, and the
 * run had no error outside the tests. A failing @assumed test is a reading the target does not share:
 * listed, never a breach.
 */
import { EnvSchema } from '../config.ts';
import { Clauses, isClauseId } from '../contract/clauses.ts';
import type { RunInfo } from './run-info.ts';

export type Level = 'stated' | 'assumed' | 'untagged';
export type Outcome = 'passed' | 'failed' | 'skipped' | 'flaky';

export interface TestRecord {
  /** `file › describe › title`. */
  readonly title: string;
  readonly location: string;
  readonly level: Level;
  /** Operation name (from the operation tag), or `(no operation tag)`. */
  readonly operation: string;
  readonly clauses: readonly string[];
  readonly outcome: Outcome;
  /** For a skipped test: its reason, always shown. */
  readonly skipReason?: string;
  /** First lines of the failure, redacted. */
  readonly error?: string;
  /** The test's own faker seed annotation (replays its data). */
  readonly fakerSeed?: string;
  readonly deliveryLatenciesMs: readonly number[];
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
}

export interface ClauseEntry {
  readonly id: string;
  readonly level: 'stated' | 'assumed' | 'unknown';
  readonly section: string;
  readonly quote: string;
  readonly reading?: string;
  readonly tests: readonly { readonly title: string; readonly outcome: Outcome }[];
}

export interface SkipEntry {
  readonly title: string;
  readonly level: Level;
  readonly operation: string;
  readonly reason: string;
  readonly explainedByConfiguration: boolean;
}

export interface ConformanceReport {
  readonly verdict: 'CONFORMANT' | 'NOT CONFORMANT';
  /** Why the verdict is NOT CONFORMANT, one line each (empty when CONFORMANT). */
  readonly reasons: readonly string[];
  /** Set when this report covers one shard only: merge the shards for the verdict. */
  readonly shard: { readonly current: number; readonly total: number } | null;
  readonly date: string;
  readonly durationMs: number;
  readonly fakerSeed: string;
  readonly run: RunInfo | null;
  readonly totals: Record<Level, Counts>;
  readonly operations: readonly { readonly operation: string; readonly levels: Record<Level, Counts> }[];
  /** Clauses cited by @stated tests that failed or were flaky: the breaches. */
  readonly failingClauses: readonly (ClauseEntry & {
    readonly failedTests: readonly string[];
    readonly passedElsewhere: number;
  })[];
  /** @stated tests skipped without a reason the configuration explains. */
  readonly unexplainedSkips: readonly SkipEntry[];
  /** @assumed tests that failed: readings the target does not share. */
  readonly unmetReadings: readonly {
    readonly title: string;
    readonly clauses: readonly string[];
    readonly error?: string;
  }[];
  readonly skips: readonly SkipEntry[];
  readonly failedTests: readonly TestRecord[];
  readonly coverage: readonly ClauseEntry[];
  readonly deliveryLatency: {
    readonly deliveries: number;
    readonly medianMs: number;
    readonly maxMs: number;
    readonly tests: readonly { readonly title: string; readonly latenciesMs: readonly number[] }[];
  } | null;
  readonly runErrors: readonly string[];
  readonly tests: readonly TestRecord[];
}

export interface ReportInput {
  readonly tests: readonly TestRecord[];
  readonly runInfo: RunInfo | null;
  readonly runErrors: readonly string[];
  readonly shard: { readonly current: number; readonly total: number } | null;
  readonly date: Date;
  readonly durationMs: number;
  /** FAKER_SEED of the run, when the runner knows it (the tests' annotations are preferred). */
  readonly fakerSeed: string | undefined;
}

export const LEVELS: readonly Level[] = ['stated', 'assumed', 'untagged'];
const emptyCounts = (): Counts => ({ passed: 0, failed: 0, skipped: 0, flaky: 0 });
const countsByLevel = (): Record<Level, Counts> => ({
  stated: emptyCounts(),
  assumed: emptyCounts(),
  untagged: emptyCounts(),
});

/** Configuration variables a skip's reason may name to count as explained (internal ones excluded). */
const CONFIGURATION_VARIABLES = Object.keys(EnvSchema.shape).filter(
  (name) =>
    !['EMBEDDED_REFERENCE_URL', 'CAPTURE_LOCAL_URL', 'CAPTURE_CONTROL_TOKEN', 'FAULT_PLAN', 'TRACE_TESTS'].includes(
      name,
    ),
);

export function explainedByConfiguration(reason: string): boolean {
  return CONFIGURATION_VARIABLES.some((name) => new RegExp(`\\b${name}\\b`).test(reason));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function clauseEntry(id: string, tests: readonly TestRecord[]): ClauseEntry {
  const citing = tests.filter((t) => t.clauses.includes(id)).map((t) => ({ title: t.title, outcome: t.outcome }));
  if (!isClauseId(id))
    return { id, level: 'unknown', section: '', quote: '(not a clause of support/contract/clauses.ts)', tests: citing };
  const clause = Clauses[id];
  return {
    id,
    level: clause.level,
    section: clause.section,
    quote: clause.quote,
    ...(clause.reading ? { reading: clause.reading } : {}),
    tests: citing,
  };
}

export function buildReport(input: ReportInput): ConformanceReport {
  const { tests } = input;
  const totals = countsByLevel();
  const byOperation = new Map<string, Record<Level, Counts>>();
  for (const test of tests) {
    totals[test.level][test.outcome]++;
    const levels = byOperation.get(test.operation) ?? countsByLevel();
    levels[test.level][test.outcome]++;
    byOperation.set(test.operation, levels);
  }

  const skips: SkipEntry[] = tests
    .filter((t) => t.outcome === 'skipped')
    .map((t) => {
      const reason = t.skipReason ?? 'no reason given';
      return {
        title: t.title,
        level: t.level,
        operation: t.operation,
        reason,
        explainedByConfiguration: explainedByConfiguration(reason),
      };
    });
  const stated = tests.filter((t) => t.level === 'stated');
  const breaking = stated.filter((t) => t.outcome === 'failed' || t.outcome === 'flaky');
  const unexplainedSkips = skips.filter((s) => s.level === 'stated' && !s.explainedByConfiguration);
  const failingIds = [...new Set(breaking.flatMap((t) => t.clauses))].sort();
  // A failed test citing several clauses breaks at least one of them; how often each passed elsewhere helps tell which.
  const failingClauses = failingIds.map((id) => ({
    ...clauseEntry(id, tests),
    failedTests: breaking.filter((t) => t.clauses.includes(id)).map((t) => t.title),
    passedElsewhere: tests.filter((t) => t.outcome === 'passed' && t.clauses.includes(id)).length,
  }));

  const reasons: string[] = [];
  const failed = breaking.filter((t) => t.outcome === 'failed');
  const flaky = breaking.filter((t) => t.outcome === 'flaky');
  if (tests.length === 0 && input.runErrors.length > 0)
    reasons.push(`The run stopped before any test ran: ${input.runErrors[0] ?? ''}`);
  else if (stated.length === 0) reasons.push('No @stated test was selected: nothing of the spec was checked.');
  else if (stated.every((t) => t.outcome === 'skipped'))
    reasons.push('Every @stated test was skipped: nothing of the spec was checked.');
  if (failed.length > 0)
    reasons.push(`${failed.length} @stated test(s) failed, breaking ${failingIds.length} clause(s) of the spec.`);
  if (flaky.length > 0) reasons.push(`${flaky.length} @stated test(s) were flaky (failed, then passed on a retry).`);
  if (unexplainedSkips.length > 0)
    reasons.push(
      `${unexplainedSkips.length} @stated test(s) were skipped for a reason the configuration does not explain.`,
    );
  if (input.runErrors.length > 0 && tests.length > 0)
    reasons.push(`The run reported ${input.runErrors.length} error(s) outside the tests: its results are incomplete.`);

  const latencyTests = tests
    .filter((t) => t.deliveryLatenciesMs.length > 0)
    .map((t) => ({ title: t.title, latenciesMs: t.deliveryLatenciesMs }));
  const latencies = latencyTests.flatMap((t) => t.latenciesMs);
  const seeds = [
    ...new Set(tests.map((t) => /FAKER_SEED=(\d+)/.exec(t.fakerSeed ?? '')?.[1]).filter((s): s is string => !!s)),
  ];

  const citedIds = new Set(tests.flatMap((t) => t.clauses));
  const coverage = [...Object.keys(Clauses), ...[...citedIds].filter((id) => !isClauseId(id)).sort()].map((id) =>
    clauseEntry(id, tests),
  );

  return {
    verdict: reasons.length === 0 ? 'CONFORMANT' : 'NOT CONFORMANT',
    reasons,
    shard: input.shard,
    date: input.date.toISOString(),
    durationMs: Math.round(input.durationMs),
    fakerSeed: seeds.length > 0 ? seeds.join(', ') : (input.fakerSeed ?? 'unknown'),
    run: input.runInfo,
    totals,
    operations: [...byOperation.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([operation, levels]) => ({ operation, levels })),
    failingClauses,
    unexplainedSkips,
    unmetReadings: tests
      .filter((t) => t.level === 'assumed' && t.outcome === 'failed')
      .map((t) => ({ title: t.title, clauses: t.clauses, ...(t.error ? { error: t.error } : {}) })),
    skips,
    failedTests: tests.filter((t) => t.outcome === 'failed' || t.outcome === 'flaky'),
    coverage,
    deliveryLatency:
      latencies.length === 0
        ? null
        : {
            deliveries: latencies.length,
            medianMs: median(latencies),
            maxMs: Math.max(...latencies),
            tests: latencyTests,
          },
    runErrors: input.runErrors,
    tests,
  };
}
