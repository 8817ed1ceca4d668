/**
 * The conformance verdict, computed from plain records of the tests that ran (no Playwright types here,
 * so the rules are tested on their own: selftest/report-verdict.spec.ts). The report's format is
 * support/report/report-format.ts.
 *
 * - NO VERDICT (exit 2) when nothing was judged about the target: the run stopped before any test
 *   (bad configuration, a target preflight found unusable, any error in global set-up), or no @stated
 *   test was judged (none selected, or every one skipped for an accepted reason).
 * - NOT CONFORMANT (exit 1) when a @stated test failed or was flaky, a @stated test was skipped for a
 *   reason neither the configuration nor a broken clause explains, or the run had errors outside the tests.
 * - CONFORMANT (exit 0) otherwise. A failing @assumed test is a reading the target does not share:
 *   listed, never a breach.
 *
 * A skip as not applicable (a `not-applicable` annotation, then a skip) is accepted: a choice the spec
 * leaves to the target makes the check moot. It judges nothing, so its clauses are not judged by it.
 *
 * A dependent skip (a `depends-on` annotation naming clause X, then a skip) is accepted, neither passing
 * its clauses nor failing the verdict, when the run shows X broken: some test citing X (a @stated one,
 * when X is a stated clause) failed or was flaky, or was itself skipped for a reason the configuration
 * explains or as an accepted dependent. Otherwise it is an unexplained skip.
 *
 * Observation tests (tagged @observation) are kept apart from all of this: what they saw of the target's
 * deliveries goes to `observedDeliveryBehaviour`, and they are in no count, clause, skip list or reason.
 */
import { variablesWhere } from '../contract/variables.ts';
import { Clauses, isClauseId } from '../contract/clauses.ts';
import {
  REPORT_FORMAT_VERSION,
  type ClauseEntry,
  type ConformanceReport,
  type Counts,
  type CountsByLevel,
  type DeliveryObservation,
  type Level,
  type ObservedDeliveryBehaviour,
  type ObservedHeaders,
  type ObservedPayload,
  type Outcome,
  type RunInfo,
  type Shard,
  type SkipEntry,
  type StoreEffects,
  type TestRecord,
  type Verdict,
} from './report-format.ts';

export type { ConformanceReport, Level, Outcome, TestRecord } from './report-format.ts';

export interface ReportInput {
  readonly tests: readonly TestRecord[];
  readonly runInfo: RunInfo | null;
  readonly runErrors: readonly string[];
  readonly shard: Shard | null;
  /** How part of the suite was chosen, when only part of it ran (not a shard: merging makes it whole). */
  readonly selection?: string | undefined;
  readonly date: Date;
  readonly durationMs: number;
  /** FAKER_SEED of the run, when the runner knows it (the tests' annotations are preferred). */
  readonly fakerSeed: string | undefined;
  /** The observation tests of the run (tagged @observation), kept apart from `tests`. */
  readonly observations?: readonly ObservationTest[];
  /** TARGET_READ_ONLY: the verdict names the clauses a read-only run judges, and those it does not. */
  readonly readOnly?: boolean;
  /** What the run did to the store (support/report/store-effects.ts). */
  readonly store?: StoreEffects | null;
}

/** An observation test as it ran: what it observed (its `observed-delivery` annotations), or why it did not. */
export interface ObservationTest {
  readonly title: string;
  readonly location: string;
  readonly outcome: Outcome;
  /** Why it was skipped, or the first lines of why it could not observe. */
  readonly reason?: string;
  readonly observed: readonly DeliveryObservation[];
}

/** The names of several header observations together. */
function mergeHeaders(parts: readonly ObservedHeaders[]): ObservedHeaders | null {
  if (parts.length === 0) return null;
  const union = (pick: (h: ObservedHeaders) => readonly string[]) => [...new Set(parts.flatMap(pick))].sort();
  return {
    deliveries: parts.reduce((n, h) => n + h.deliveries, 0),
    names: union((h) => h.names),
    recognised: {
      id: union((h) => h.recognised.id),
      timestamp: union((h) => h.recognised.timestamp),
      signature: union((h) => h.recognised.signature),
      event: union((h) => h.recognised.event),
    },
  };
}

/** The run's observations, from every observation test (of every shard, once merged). */
function observedDeliveryBehaviour(tests: readonly ObservationTest[]): ObservedDeliveryBehaviour | null {
  if (tests.length === 0) return null;
  const observed = tests.flatMap((t) => t.observed);
  const payloads = new Map<string, ObservedPayload>();
  for (const payload of observed.flatMap((o) => o.payloads ?? []))
    if (!payloads.has(payload.event)) payloads.set(payload.event, payload);
  return {
    judged: false,
    tests: tests.map((t) => ({
      title: t.title,
      location: t.location,
      outcome: t.outcome,
      ...(t.reason ? { reason: t.reason } : {}),
    })),
    headers: mergeHeaders(observed.flatMap((o) => (o.headers ? [o.headers] : []))),
    retries: observed.find((o) => o.retries)?.retries ?? null,
    repeats: observed.find((o) => o.repeats)?.repeats ?? null,
    payloads: [...payloads.values()],
  };
}

export const LEVELS: readonly Level[] = ['stated', 'assumed', 'untagged'];
const emptyCounts = (): Counts => ({ passed: 0, failed: 0, skipped: 0, flaky: 0 });
const countsByLevel = (): CountsByLevel => ({
  stated: emptyCounts(),
  assumed: emptyCounts(),
  untagged: emptyCounts(),
});

/**
 * Configuration variables a skip's reason may name to count as explained: not the internal ones, which
 * users never set, nor the secrets, whose values a reader can never see.
 */
const CONFIGURATION_VARIABLES = variablesWhere((v) => v.internal !== true && v.secret !== true);

/** The configuration variables a reason or an error names: the settings a reader should check. */
export function settingsNamed(text: string): string[] {
  return CONFIGURATION_VARIABLES.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
}

function explainedByConfiguration(reason: string): boolean {
  return settingsNamed(reason).length > 0;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const NO_REASON = 'no reason given';
const skipReasonOf = (test: TestRecord) => test.skipReason ?? NO_REASON;
const breaks = (test: TestRecord) => test.outcome === 'failed' || test.outcome === 'flaky';

/**
 * The skipped tests accepted as dependents: the least set closed under the rule, so a chain (A skipped
 * on B, B's test skipped on C, C failed) is accepted and a cycle with nothing broken is not. Also says,
 * once the set is complete, whether the run shows a clause broken.
 */
function dependentSkips(tests: readonly TestRecord[]) {
  const accepted = new Set<TestRecord>();
  const candidates = tests.filter(
    (t) =>
      t.outcome === 'skipped' &&
      t.dependsOn.length > 0 &&
      !t.notApplicable &&
      !explainedByConfiguration(skipReasonOf(t)),
  );
  // A stated clause is shown broken by a @stated test of it: an @assumed one that cites it may have
  // failed on the reading it cites beside it.
  const stated = (id: string) => isClauseId(id) && Clauses[id].level === 'stated';
  const shownBroken = (id: string) =>
    tests.some(
      (t) =>
        t.clauses.includes(id) &&
        (!stated(id) || t.level === 'stated') &&
        (breaks(t) || (t.outcome === 'skipped' && (explainedByConfiguration(skipReasonOf(t)) || accepted.has(t)))),
    );
  for (let changed = true; changed;) {
    changed = false;
    for (const test of candidates) {
      if (!accepted.has(test) && test.dependsOn.every(shownBroken)) {
        accepted.add(test);
        changed = true;
      }
    }
  }
  return { accepted, shownBroken };
}

/** Whether the run judged the clause: a test citing it (for a stated clause, a @stated test) passed, failed or was flaky. */
function judged(id: string, level: ClauseEntry['level'], tests: readonly TestRecord[]): boolean {
  return tests.some(
    (t) => t.clauses.includes(id) && t.outcome !== 'skipped' && (level !== 'stated' || t.level === 'stated'),
  );
}

function clauseEntry(id: string, tests: readonly TestRecord[]): ClauseEntry {
  const citing = tests.filter((t) => t.clauses.includes(id)).map((t) => ({ title: t.title, outcome: t.outcome }));
  if (!isClauseId(id)) {
    const quote = '(not a clause of support/contract/clauses.ts)';
    return { id, level: 'unknown', section: '', quote, tests: citing, judged: judged(id, 'unknown', tests) };
  }
  const clause = Clauses[id];
  return {
    id,
    level: clause.level,
    section: clause.section,
    quote: clause.quote,
    ...(clause.reading ? { reading: clause.reading } : {}),
    tests: citing,
    judged: judged(id, clause.level, tests),
  };
}

/** An error of the run on one line (reasons are one line each; runErrors keeps the whole text). */
const oneLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');

export function buildReport(input: ReportInput): ConformanceReport {
  const { tests } = input;
  const dependents = dependentSkips(tests);
  const skips = skipEntries(tests, dependents.accepted);
  const breaking = tests.filter((t) => t.level === 'stated').filter(breaks);
  const unexplainedSkips = skips.filter(
    (s) => s.level === 'stated' && !s.explainedByConfiguration && !s.notApplicable && !s.acceptedAsDependent,
  );
  const failingClauses = failingClauseEntries(breaking, tests);
  const breaches = breachesOf(breaking, failingClauses.length, unexplainedSkips, dependents.shownBroken, input);
  const unjudged = unjudgedOf(input);
  const verdict = breaches.length > 0 ? 'NOT CONFORMANT' : unjudged.length > 0 ? 'NO VERDICT' : 'CONFORMANT';
  const seeds = [
    ...new Set(tests.map((t) => /FAKER_SEED=(\d+)/.exec(t.fakerSeed ?? '')?.[1]).filter((s): s is string => !!s)),
  ];
  const coverage = coverageOf(tests);
  const unjudgedBySetting = unjudgedBySettingOf(skips);
  const scope = input.readOnly && tests.length > 0 ? readOnlyScope(coverage) : null;
  return {
    formatVersion: REPORT_FORMAT_VERSION,
    verdict,
    headline: headlineOf(verdict, unjudgedBySetting, scope),
    unjudgedBySetting,
    scope,
    reasons: verdict === 'NOT CONFORMANT' ? breaches : verdict === 'NO VERDICT' ? unjudged : [],
    shard: input.shard,
    ...(input.selection ? { selection: input.selection } : {}),
    date: input.date.toISOString(),
    durationMs: Math.round(input.durationMs),
    fakerSeed: seeds.length > 0 ? seeds.join(', ') : (input.fakerSeed ?? 'unknown'),
    run: input.runInfo,
    ...countsOf(tests),
    failingClauses,
    unexplainedSkips,
    dependentSkips: skips.filter((s) => s.acceptedAsDependent),
    unmetReadings: tests
      .filter((t) => t.level === 'assumed' && t.outcome === 'failed')
      .map((t) => ({ title: t.title, clauses: t.clauses, ...(t.error ? { error: t.error } : {}) })),
    skips,
    failedTests: tests.filter(breaks),
    coverage,
    deliveryLatency: deliveryLatencyOf(tests),
    runErrors: [...input.runErrors],
    store: input.store ?? null,
    observedDeliveryBehaviour: observedDeliveryBehaviour(input.observations ?? []),
    tests: [...tests],
  };
}

/**
 * The @stated tests skipped for a reason the configuration explains, and the settings those reasons name,
 * with how many tests each would judge (a reason may name several): what a CONFORMANT verdict leaves unsaid.
 */
function unjudgedBySettingOf(skips: readonly SkipEntry[]): ConformanceReport['unjudgedBySetting'] {
  const byConfiguration = skips.filter(
    (s) => s.level === 'stated' && s.explainedByConfiguration && !s.notApplicable && !s.acceptedAsDependent,
  );
  const counts = new Map<string, number>();
  for (const skip of byConfiguration)
    for (const setting of settingsNamed(skip.reason)) counts.set(setting, (counts.get(setting) ?? 0) + 1);
  return {
    tests: byConfiguration.length,
    settings: [...counts]
      .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
      .map(([setting, tests]) => ({ setting, tests })),
  };
}

/** A read-only run's scope: the stated clauses it judged, and the others. */
function readOnlyScope(coverage: readonly ClauseEntry[]): ConformanceReport['scope'] {
  const stated = coverage.filter((c) => c.level === 'stated');
  return {
    readOnly: true,
    judged: stated.filter((c) => c.judged).map((c) => c.id),
    notJudged: stated.filter((c) => !c.judged).map((c) => c.id),
  };
}

/**
 * The verdict's first line: a read-only run's names its scope; a CONFORMANT one that left @stated tests
 * unjudged says how many, and the settings that would judge them.
 */
function headlineOf(
  verdict: Verdict,
  unjudged: ConformanceReport['unjudgedBySetting'],
  scope: ConformanceReport['scope'],
): string {
  if (verdict === 'NO VERDICT') return verdict;
  if (scope) {
    const judged = scope.judged.length;
    return `${verdict} on the ${judged} stated clause${judged === 1 ? '' : 's'} a read-only run judges (TARGET_READ_ONLY=true); the other ${scope.notJudged.length} not judged`;
  }
  if (verdict !== 'CONFORMANT' || unjudged.tests === 0) return verdict;
  const tests = `${unjudged.tests} @stated test${unjudged.tests === 1 ? '' : 's'}`;
  const settings = unjudged.settings.map((s) => `${s.setting} (${s.tests})`);
  const list = settings.length <= 1 ? settings.join('') : `${settings.slice(0, -1).join(', ')} and ${settings.at(-1)}`;
  return `CONFORMANT, with ${tests} not judged: set ${list} to judge ${unjudged.tests === 1 ? 'it' : 'them'}`;
}

/** Outcomes counted by level, in all and per operation (operations in name order). */
function countsOf(tests: readonly TestRecord[]): Pick<ConformanceReport, 'totals' | 'operations'> {
  const totals = countsByLevel();
  const byOperation = new Map<string, CountsByLevel>();
  for (const test of tests) {
    totals[test.level][test.outcome]++;
    const levels = byOperation.get(test.operation) ?? countsByLevel();
    levels[test.level][test.outcome]++;
    byOperation.set(test.operation, levels);
  }
  const operations = [...byOperation.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, levels]) => ({ operation, levels }));
  return { totals, operations };
}

function skipEntries(tests: readonly TestRecord[], acceptedAsDependent: ReadonlySet<TestRecord>): SkipEntry[] {
  return tests
    .filter((t) => t.outcome === 'skipped')
    .map((t) => ({
      title: t.title,
      level: t.level,
      operation: t.operation,
      clauses: t.clauses,
      reason: skipReasonOf(t),
      dependsOn: t.dependsOn,
      explainedByConfiguration: explainedByConfiguration(skipReasonOf(t)),
      notApplicable: t.notApplicable,
      acceptedAsDependent: acceptedAsDependent.has(t),
    }));
}

/**
 * The clauses the breaking @stated tests cite, in id order. A failed test citing several clauses breaks
 * at least one of them; how often each passed elsewhere helps tell which.
 */
function failingClauseEntries(
  breaking: readonly TestRecord[],
  tests: readonly TestRecord[],
): ConformanceReport['failingClauses'] {
  const failingIds = [...new Set(breaking.flatMap((t) => t.clauses))].sort();
  return failingIds.map((id) => ({
    ...clauseEntry(id, tests),
    failedTests: breaking.filter((t) => t.clauses.includes(id)).map((t) => t.title),
    passedElsewhere: tests.filter((t) => t.outcome === 'passed' && t.clauses.includes(id)).length,
  }));
}

/** Breaches, and skips nothing explains: what makes the run NOT CONFORMANT. */
function breachesOf(
  breaking: readonly TestRecord[],
  failingClauses: number,
  unexplainedSkips: readonly SkipEntry[],
  shownBroken: (id: string) => boolean,
  input: ReportInput,
): string[] {
  const breaches: string[] = [];
  const failed = breaking.filter((t) => t.outcome === 'failed');
  const flaky = breaking.filter((t) => t.outcome === 'flaky');
  if (failed.length > 0)
    breaches.push(`${failed.length} @stated test(s) failed, breaking ${failingClauses} clause(s) of the spec.`);
  if (flaky.length > 0) breaches.push(`${flaky.length} @stated test(s) were flaky (failed, then passed on a retry).`);
  const plainSkips = unexplainedSkips.filter((s) => s.dependsOn.length === 0);
  if (plainSkips.length > 0)
    breaches.push(`${plainSkips.length} @stated test(s) were skipped for a reason the configuration does not explain.`);
  for (const s of unexplainedSkips.filter((u) => u.dependsOn.length > 0)) {
    const causes = s.dependsOn.filter((id) => !shownBroken(id)).join(', ');
    breaches.push(
      `${s.title} could not judge ${s.clauses.join(', ') || 'its clauses'} because ${causes} looked broken, but no test of ${causes} failed.`,
    );
  }
  if (input.runErrors.length > 0 && input.tests.length > 0)
    breaches.push(`The run reported ${input.runErrors.length} error(s) outside the tests: its results are incomplete.`);
  return breaches;
}

/** Why nothing was judged about the target: what makes the run NO VERDICT (when nothing breaches). */
function unjudgedOf({ tests, runErrors }: ReportInput): string[] {
  const stated = tests.filter((t) => t.level === 'stated');
  if (tests.length === 0 && runErrors.length > 0)
    return [...new Set(runErrors.map((e) => `The run stopped before any test ran: ${oneLine(e)}`))];
  if (stated.length === 0) return ['No @stated test was selected: nothing of the spec was judged.'];
  if (stated.every((t) => t.outcome === 'skipped'))
    return ['Every @stated test was skipped: nothing of the spec was judged.'];
  return [];
}

/** Every clause of the contract, then the ids tests cite that are none of its, each with its tests. */
function coverageOf(tests: readonly TestRecord[]): ClauseEntry[] {
  const citedIds = new Set(tests.flatMap((t) => t.clauses));
  return [...Object.keys(Clauses), ...[...citedIds].filter((id) => !isClauseId(id)).sort()].map((id) =>
    clauseEntry(id, tests),
  );
}

function deliveryLatencyOf(tests: readonly TestRecord[]): ConformanceReport['deliveryLatency'] {
  const latencyTests = tests
    .filter((t) => t.deliveryLatenciesMs.length > 0)
    .map((t) => ({ title: t.title, latenciesMs: t.deliveryLatenciesMs }));
  const latencies = latencyTests.flatMap((t) => t.latenciesMs);
  if (latencies.length === 0) return null;
  return {
    deliveries: latencies.length,
    medianMs: median(latencies),
    maxMs: Math.max(...latencies),
    tests: latencyTests,
  };
}
