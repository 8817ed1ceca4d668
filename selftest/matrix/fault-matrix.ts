/**
 * The fault matrix: proof that every check can fail, and that the verdict turns when a stated clause
 * breaks. Each fault of reference/faults runs against the tests it must meet; the matrix then asks:
 * - is the fault caught? A fault of a stated clause only by a failing `@stated` test citing the clause
 *   (the verdict turns NOT CONFORMANT); a fault of an assumed clause by any failing test citing it, and
 *   the verdict must then stay CONFORMANT (nothing assumed decides it);
 * - what else failed? The tests outside the fault's clause that failed: its blast radius;
 * - is every test proven (failed under some fault of a clause it cites), every stated clause judged by
 *   a `@stated` test, and broken by some fault?
 *
 * In four steps:
 * 1. One traced run against the clean reference (traced-run.ts): the clean outcomes, which faults each
 *    test can reach, and the OpenAPI check of every success answer.
 * 2. The pairs: each fault runs against the tests citing its clause (they prove it, and it proves them).
 *    A fault of an assumed clause also runs against every `@stated` test it can reach: its verdict must
 *    stay CONFORMANT. For a fault of a stated clause, a failing `@stated` test citing it turns the verdict.
 *    The other tests a fault can reach would only measure its blast radius, which the trace bounds:
 *    `blastRadius: true` runs them too. A fault that bends one request of a run (`once`) runs only against
 *    the `@stated` tests citing its clause, so that request is one of theirs.
 * 3. One matrix run: every fault gets its own reference (in this process, each on its own port), and
 *    each test is declared once per fault it runs against (plan.ts, suite-test.ts), all in one set
 *    of workers; a copy that fails keeps its worker (suite-test.ts). A verdict reads every test (a
 *    `@stated` test skipped as depending on a clause is accepted beside a failing test of that clause): an
 *    assumed-clause fault whose verdict turned runs again against every other test it can reach, and is
 *    judged on all of them.
 * 4. The judgement: per fault, the tests that caught it, its blast radius and its verdict (a report of
 *    the run with this fault: the tests it ran, the clean outcomes of the others).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FaultDefinition } from '../../reference/faults/definition.ts';
import { FaultCatalogue, FaultNames, FaultSet, type FaultName } from '../../reference/faults/index.ts';
import { GENERATED_TAG } from '../../support/contract/annotations.ts';
import { Annotation } from '../../support/contract/annotations.ts';
import { Clauses, StatedClauses, type ClauseId } from '../../support/contract/clauses.ts';
import { OperationIds, Operations } from '../../support/contract/operations.ts';
import { buildReport, median, type Outcome, type TestRecord } from '../../support/report/conformance-report.ts';
import { REFERENCE_PROFILE } from '../../support/run/config.ts';
import { durationOf, runSuite, type TestOutcome } from '../harness/suite-run.ts';
import type { OpenApiCheck } from './openapi-answers.ts';
import { MatrixAnnotation, matrixRunEnvironment, type FaultPlan } from './plan.ts';
import { startReference, traceCleanRun, type Reference, type TracedRun } from './traced-run.ts';

const TOKEN = `matrix-${randomBytes(12).toString('hex')}`;
/**
 * Workers of the traced and the matrix run. Part of a matrix run waits (on faults withholding an answer or
 * a delivery), so one more worker than cores overlaps those waits (`npm run fault-matrix -- --workers=<n>`).
 */
const MATRIX_WORKERS = 3;
/**
 * How long a matrix run waits for a delivery: every fault that withholds one costs its tests this long.
 * An answer is given longer: only create-booking-no-answer withholds one, once, and under the load of the
 * other self tests a 16 MiB body can take seconds to be sent and refused.
 */
const MATRIX_DELIVERY_WAIT_MS = 3_000;
const MATRIX_REQUEST_WAIT_MS = 8_000;
/** Any seed does (bench:fuzz measures the crash faults caught over ten); a fixed one makes the trace exact. */
const MATRIX_FUZZ_SEED = '1';
/**
 * Examples per generated test: a conformance run's default, so that the examples of an operation that creates
 * (a third of them, fixtures/generated/fuzz.ts) are those a user's run sends, and reach the crashes it proves.
 */
const MATRIX_FUZZ_RUNS = '150';

type Level = 'stated' | 'assumed';

interface FaultRow {
  readonly fault: FaultName;
  readonly clause: ClauseId;
  readonly level: Level;
  readonly description: string;
  /** Tests run against it. */
  readonly ran: number;
  /** Failing tests that catch it (see the module comment), by key. */
  readonly caughtBy: readonly string[];
  /** Failing tests outside its clause, by key (of those run against it). */
  readonly blast: readonly string[];
  /**
   * An onlyGenerated fault (a crash only generated requests find): the `@generated` tests that caught it,
   * and the other tests that failed on it (a fixed table that would find it too). Undefined for the others.
   */
  readonly onlyGenerated?: { readonly generated: readonly string[]; readonly fixed: readonly string[] };
  /** Tests outside its clause it can reach that were not run against it: its blast radius is not measured there. */
  readonly unmeasured: number;
  /** Every failing test, with the first line of its error (written to the JSON report, for a look). */
  readonly failures: readonly { readonly test: string; readonly error: string }[];
  /** The verdict of a run against a reference with only this fault, and why (NOT CONFORMANT, NO VERDICT). */
  readonly verdict: string;
  readonly verdictReasons: readonly string[];
}

interface ClauseRow {
  readonly clause: ClauseId;
  readonly level: Level;
  readonly statedTests: readonly string[];
  readonly tests: readonly string[];
  readonly faults: readonly FaultName[];
}

export interface FaultMatrix {
  readonly rows: readonly FaultRow[];
  readonly clauses: readonly ClauseRow[];
  /** Every test (by key) of the suite but the observations. */
  readonly tests: readonly TestOutcome[];
  /** Tests that did not pass against the clean reference. */
  readonly cleanFailures: readonly string[];
  /** Keys shared by two tests or more: the matrix cannot tell them apart. */
  readonly duplicateKeys: readonly string[];
  /** Planned (test, fault) pairs the matrix run did not run. */
  readonly unrun: readonly string[];
  /** The clean run's success answers checked against spec/openapi.json. */
  readonly openApi: OpenApiCheck;
  readonly survivors: readonly FaultRow[];
  /** onlyGenerated faults no `@generated` test caught, or that another test failed on. */
  readonly notOnlyGenerated: readonly FaultRow[];
  /** Faults of stated clauses after which the verdict stayed CONFORMANT. */
  readonly verdictUnturned: readonly FaultRow[];
  /** Faults of assumed clauses after which the verdict was not CONFORMANT: a reading decided it. */
  readonly verdictTurnedByReading: readonly FaultRow[];
  readonly unproven: readonly TestOutcome[];
  readonly statedWithoutTest: readonly ClauseId[];
  readonly statedWithoutFault: readonly ClauseId[];
  readonly blastRadius: {
    readonly median: number;
    readonly max: number;
    readonly worst: FaultName | undefined;
    /** (test, fault) pairs outside the fault's clause the trace says are reachable, and were not run. */
    readonly unmeasured: number;
  };
  /** Where the time went: the traced run, starting the faults' references, the matrix run, in ms. */
  readonly timings: { readonly traced: number; readonly references: number; readonly matrix: number };
  readonly pairs: number;
  readonly durationMs: number;
}

export interface MatrixOptions {
  /** Only these faults (unproven tests and clause coverage are then not judged). */
  readonly faults?: readonly FaultName[];
  readonly workers?: number;
  readonly log?: (line: string) => void;
  /** Run each fault against every test it can reach, to measure its whole blast radius (slower). */
  readonly blastRadius?: boolean;
  /** Stop after the traced run: log how many tests each fault reaches (to see where a guard holds too widely). */
  readonly planOnly?: boolean;
  /** Keep the matrix run's own reports (JSON, HTML) in this directory, for a look at a puzzling result. */
  readonly keepRunDir?: string;
  /** Count what set-up requests consult too (slower: to check that leaving them out changes no result). */
  readonly countSetUp?: boolean;
  /**
   * At most this many `@stated` tests outside its clause each assumed-clause fault runs against to show the
   * verdict stays CONFORMANT (all it can reach by default): those of its clause's operation first, then the
   * quickest. A verdict that turns on them still runs against every test the fault can reach (completion).
   */
  readonly verdictChecks?: number;
}

export async function buildFaultMatrix(options: MatrixOptions = {}): Promise<FaultMatrix> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const workers = options.workers ?? MATRIX_WORKERS;
  const faults = options.faults ?? FaultNames;
  const references: Reference[] = [];
  const work = await mkdtemp(path.join(tmpdir(), 'fault-matrix-'));
  let faultedStarting: ReturnType<typeof startFaultedReferences> | undefined;
  try {
    // The faults' references start while the traced run does: the child runner starts on the other core.
    faultedStarting = options.planOnly ? undefined : startFaultedReferences(faults, references);

    // 1. The traced run against the clean reference.
    const { run: traced, reference: clean } = await traceCleanRun({
      token: TOKEN,
      env: childEnv(),
      workers,
      ...(options.countSetUp ? { countSetUp: true } : {}),
    });
    references.push(clean);
    const openApiCount = Object.values(traced.openApi.checked).reduce((a, b) => a + b, 0);
    log(
      `traced clean run: ${traced.tests.length} tests, ${traced.failures.length} not passing, ${openApiCount} success answers checked against spec/openapi.json, ${ms(traced.durationMs)}`,
    );

    // 2. The pairs.
    const pairs = planPairs(traced, faults, options.blastRadius === true, options.verdictChecks ?? Infinity);
    const pairCount = [...pairs.values()].reduce((n, tests) => n + tests.length, 0);
    const checks =
      options.verdictChecks === undefined ? '' : ` (at most ${options.verdictChecks} verdict checks per assumed fault)`;
    log(
      `matrix plan: ${faults.length} faults, ${pairCount} (test, fault) pairs${options.blastRadius ? ' (every reachable test)' : checks}`,
    );
    const timings = { traced: traced.durationMs, references: 0, matrix: 0 };
    if (options.planOnly) {
      logReach(traced, faults, pairs, log);
      return judge({ traced, faults, pairs, outcomes: new Map(), unrun: [], timings, whole: false, started });
    }

    // 3. One reference per fault, and the matrix run.
    const { urls, durationMs: startedInMs } = await (faultedStarting ?? startFaultedReferences(faults, references));
    timings.references = startedInMs;
    const run: MatrixRun = {
      targets: Object.fromEntries(faults.map((f, i) => [f, urls[i] ?? ''])),
      baseUrl: clean.url,
      workers,
      work,
      ...(options.keepRunDir ? { keepRunDir: options.keepRunDir } : {}),
    };
    const outcomes = await runMatrix(run, traced, pairs, timings, log);

    // 4. The judgement.
    const unrun = [...pairs].flatMap(([fault, tests]) =>
      tests.filter((t) => !outcomes.get(fault)?.has(t.title)).map((t) => `${t.title} ⟦${fault}⟧`),
    );
    return judge({ traced, faults, pairs, outcomes, unrun, timings, whole: options.faults === undefined, started });
  } finally {
    await faultedStarting?.catch(() => undefined);
    await Promise.all(references.map((r) => r.close()));
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The matrix run, then (3b) a completion run: an assumed-clause fault whose verdict turned is judged
 * again on every test it can reach (added to its pairs). The outcomes, by fault and test key.
 */
async function runMatrix(
  run: MatrixRun,
  traced: TracedRun,
  pairs: Map<FaultName, readonly TestOutcome[]>,
  timings: { traced: number; references: number; matrix: number },
  log: (line: string) => void,
): Promise<Map<FaultName, Map<string, TestOutcome>>> {
  const first = await runPairs(run, pairs, 'matrix');
  timings.matrix = first.durationMs;
  log(
    `matrix run: ${first.entries} entries, ${ms(first.durationMs)}; the references started in ${ms(timings.references)} and served it with ${ms(first.referencesCpuMs)} of CPU`,
  );
  const completion = completionPairs(traced, pairs, first.outcomes);
  if (completion.size === 0) return first.outcomes;
  const second = await runPairs(run, completion, 'completion');
  timings.matrix += second.durationMs;
  log(`completion run: ${[...completion.keys()].join(', ')}: ${second.entries} entries, ${ms(second.durationMs)}`);
  for (const [fault, tests] of completion) pairs.set(fault, [...(pairs.get(fault) ?? []), ...tests]);
  for (const [fault, byTest] of second.outcomes)
    first.outcomes.set(fault, new Map([...(first.outcomes.get(fault) ?? []), ...byTest]));
  return first.outcomes;
}

/**
 * One reference per fault, each started in a turn of its own so this process keeps answering meanwhile.
 * Each is added to `started` as it listens (to be closed however the matrix ends).
 */
async function startFaultedReferences(faults: readonly FaultName[], started: Reference[]) {
  const begun = performance.now();
  const urls: string[] = [];
  for (const fault of faults) {
    await new Promise((resolve) => setImmediate(resolve));
    const reference = await startReference(TOKEN, new FaultSet([fault]));
    started.push(reference);
    urls.push(reference.url);
  }
  return { urls, durationMs: performance.now() - begun };
}

interface MatrixRun {
  /** The reference serving each fault. */
  readonly targets: Record<string, string>;
  /** The clean reference: the target of global set-up's preflight. */
  readonly baseUrl: string;
  readonly workers: number;
  readonly work: string;
  readonly keepRunDir?: string;
}

/** One run of the suite declaring each test once per fault it is paired with: the outcomes, by fault and test key. */
async function runPairs(run: MatrixRun, pairs: ReadonlyMap<FaultName, readonly TestOutcome[]>, name: string) {
  const plan: FaultPlan = { targets: run.targets, tests: {} };
  for (const [fault, tests] of pairs) for (const test of tests) (plan.tests[test.title] ??= []).push(fault);
  const planFile = path.join(run.work, `${name}.json`);
  await writeFile(planFile, JSON.stringify(plan));
  const cpu = process.cpuUsage();
  const result = await runSuite({
    // A generated test is asked only whether it fails: it stops at its first failure, and shrinks nothing.
    env: { ...childEnv(), BASE_URL: run.baseUrl, FUZZ_SHRINK: 'off', ...matrixRunEnvironment({ plan: planFile }) },
    args: [`--workers=${run.workers}`],
    timeoutMs: 20 * 60_000,
    ...(run.keepRunDir ? { keepReports: path.join(run.keepRunDir, name) } : {}),
  });
  if (result.tests.length === 0)
    throw new Error(`The ${name} run ran no test (exit ${result.exitCode}):\n${result.stderr.slice(0, 2000)}`);
  const { user, system } = process.cpuUsage(cpu);
  return {
    outcomes: outcomesByFault(result.tests),
    entries: result.tests.length,
    durationMs: result.durationMs,
    /** CPU the references (this process) spent serving the run. */
    referencesCpuMs: (user + system) / 1000,
  };
}

/**
 * The faults of assumed clauses whose verdict, judged on the tests they ran, is not CONFORMANT, with the
 * other tests they can reach: a `@stated` test they skipped may be explained by a failing test of the
 * clause it depends on, among those (conformance-report.ts, dependent skips).
 */
function completionPairs(
  traced: TracedRun,
  pairs: ReadonlyMap<FaultName, readonly TestOutcome[]>,
  outcomes: ReadonlyMap<FaultName, ReadonlyMap<string, TestOutcome>>,
): Map<FaultName, readonly TestOutcome[]> {
  const completion = new Map<FaultName, readonly TestOutcome[]>();
  for (const [fault, planned] of pairs) {
    if (Clauses[FaultCatalogue[fault].clause].level !== 'assumed' || 'once' in FaultCatalogue[fault]) continue;
    const ran = [...(outcomes.get(fault)?.values() ?? [])];
    if (verdictWith(ran, traced).verdict === 'CONFORMANT') continue;
    const keys = new Set(planned.map((t) => t.title));
    const more = traced.tests.filter((t) => !keys.has(t.title) && traced.reaches(fault, t));
    if (more.length > 0) completion.set(fault, more);
  }
  return completion;
}

/** The environment of a child run against references of this process (a loopback target). */
function childEnv(): Record<string, string> {
  return {
    API_TOKEN: TOKEN,
    TARGET_PROFILE: REFERENCE_PROFILE,
    // The references sign as the embedded one does by default.
    WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks',
    // The references answer and deliver within milliseconds: a fault that withholds an answer or a
    // delivery costs its tests this long, not the 10 s a distant target is given.
    REQUEST_TIMEOUT_MS: String(MATRIX_REQUEST_WAIT_MS),
    DELIVERY_TIMEOUT_MS: String(MATRIX_DELIVERY_WAIT_MS),
    // And list at once: a fault that hides a product from the list is seen on the first read, not after a wait.
    LIST_WAIT_MS: '0',
    // The generated tests send the same requests in the traced run and in the matrix run: what the trace
    // says they reach is what they meet.
    FUZZ: 'on',
    FUZZ_SEED: MATRIX_FUZZ_SEED,
    FUZZ_RUNS: MATRIX_FUZZ_RUNS,
  };
}

const levelOf = (test: { tags: readonly string[] }): TestRecord['level'] =>
  test.tags.includes('@stated') ? 'stated' : test.tags.includes('@assumed') ? 'assumed' : 'untagged';

const cites = (fault: FaultName, test: TestOutcome) => test.clauses.includes(FaultCatalogue[fault].clause);
const isGenerated = (test: { tags: readonly string[] }) => test.tags.includes(GENERATED_TAG);

/** Step 2: the tests each fault runs against (see the module comment). */
function planPairs(
  traced: TracedRun,
  faults: readonly FaultName[],
  blastRadius: boolean,
  verdictChecks: number,
): Map<FaultName, readonly TestOutcome[]> {
  return new Map(
    faults.map((fault): [FaultName, readonly TestOutcome[]] => {
      const definition: FaultDefinition = FaultCatalogue[fault];
      const assumed = Clauses[definition.clause].level === 'assumed';
      const meets = (test: TestOutcome) => {
        if (definition.once) return cites(fault, test) && levelOf(test) === 'stated';
        // A generated test sends the same requests in both runs (FUZZ_SEED): a fault its requests do not reach
        // cannot make it fail, and only those of its clauses prove it (those of others measure a blast radius).
        if (isGenerated(test)) return traced.reaches(fault, test) && (cites(fault, test) || blastRadius);
        // An onlyGenerated fault meets every test it can reach: none but the generated ones may fail on it.
        if (definition.onlyGenerated) return cites(fault, test) || traced.reaches(fault, test);
        if (cites(fault, test)) return true;
        if (!traced.reaches(fault, test)) return false;
        return blastRadius || (assumed && levelOf(test) === 'stated');
      };
      const met = traced.tests.filter(meets);
      if (blastRadius || !assumed || definition.onlyGenerated || verdictChecks === Infinity) return [fault, met];
      const checks = met.filter((t) => !cites(fault, t) && !isGenerated(t));
      const kept = new Set(checks.sort(verdictCheckOrder(definition.clause)).slice(0, verdictChecks));
      return [fault, met.filter((t) => !checks.includes(t) || kept.has(t))];
    }),
  );
}

/** The verdict checks an assumed fault runs first: the tests of its clause's operation, then the quickest. */
function verdictCheckOrder(clause: ClauseId) {
  const operation = OperationIds.find((id) => Operations[id].name === Clauses[clause].section);
  const own = (t: TestOutcome) => Number(!(operation && t.tags.includes(Operations[operation].tag)));
  return (a: TestOutcome, b: TestOutcome) =>
    own(a) - own(b) || durationOf(a) - durationOf(b) || a.title.localeCompare(b.title);
}

/** `--plan`: how many tests each fault can reach, and how many it runs against. */
function logReach(
  traced: TracedRun,
  faults: readonly FaultName[],
  pairs: Map<FaultName, readonly TestOutcome[]>,
  log: (line: string) => void,
): void {
  const reach = faults
    .map((fault) => ({
      fault,
      reached: traced.tests.filter((t) => traced.reaches(fault, t)).length,
      runs: pairs.get(fault)?.length ?? 0,
    }))
    .sort((a, b) => b.reached - a.reached);
  for (const { fault, reached, runs } of reach)
    log(
      `reaches ${String(reached).padStart(4)} test(s), runs against ${String(runs).padStart(4)}: ${fault}${traced.everywhere.has(fault) ? ' (consulted outside requests)' : ''}`,
    );
}

/** Each copy's outcome, by fault and test key. A failure the fixture marked as expected (to keep its worker) is a failure. */
function outcomesByFault(entries: readonly TestOutcome[]): Map<FaultName, Map<string, TestOutcome>> {
  const byFault = new Map<FaultName, Map<string, TestOutcome>>();
  for (const copy of entries) {
    const fault = copy.annotations.find((a) => a.type === MatrixAnnotation.fault)?.description as FaultName | undefined;
    const key = copy.annotations.find((a) => a.type === MatrixAnnotation.test)?.description;
    if (fault === undefined || key === undefined) continue;
    const failed = copy.annotations.some((a) => a.type === MatrixAnnotation.failed);
    const outcome = { ...copy, title: key, ...(failed ? { outcome: 'unexpected' as const } : {}) };
    byFault.set(fault, (byFault.get(fault) ?? new Map<string, TestOutcome>()).set(key, outcome));
  }
  return byFault;
}

const OUTCOME: Record<TestOutcome['outcome'], Outcome> = {
  expected: 'passed',
  unexpected: 'failed',
  skipped: 'skipped',
  flaky: 'flaky',
};

function record(test: TestOutcome): TestRecord {
  const skip = test.annotations.find((a) => a.type === 'skip')?.description;
  const dependsOn = test.annotations.filter((a) => a.type === Annotation.dependsOn).map((a) => a.description ?? '');
  return {
    title: test.title,
    location: `${test.file}:${test.line}`,
    level: levelOf(test),
    operation: '(fault matrix)',
    clauses: [...test.clauses],
    outcome: OUTCOME[test.outcome],
    ...(test.outcome === 'skipped' ? { skipReason: skip ?? 'no reason given' } : {}),
    dependsOn,
    notApplicable: test.outcome === 'skipped' && test.annotations.some((a) => a.type === Annotation.notApplicable),
    deliveryLatenciesMs: [],
  };
}

const failing = (t: TestOutcome) => t.outcome === 'unexpected' || t.outcome === 'flaky';

/** The verdict of a run with this fault: the tests it ran, the clean outcomes of the others. */
function verdictWith(ran: readonly TestOutcome[], traced: TracedRun): Pick<FaultRow, 'verdict' | 'verdictReasons'> {
  const ranKeys = new Set(ran.map((t) => t.title));
  const tests = [...ran, ...traced.tests.filter((t) => !ranKeys.has(t.title))].map(record);
  const report = buildReport({
    tests,
    runInfo: null,
    runErrors: [],
    shard: null,
    date: new Date(),
    durationMs: 0,
    fakerSeed: undefined,
  });
  return { verdict: report.verdict, verdictReasons: report.reasons };
}

function firstLines(error: string | undefined): string {
  return (error ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 3)
    .join(' / ')
    .slice(0, 400);
}

/** Step 4. */
function judge(input: {
  traced: TracedRun;
  faults: readonly FaultName[];
  pairs: Map<FaultName, readonly TestOutcome[]>;
  outcomes: Map<FaultName, Map<string, TestOutcome>>;
  unrun: readonly string[];
  timings: FaultMatrix['timings'];
  whole: boolean;
  started: number;
}): FaultMatrix {
  const { traced, faults, pairs, outcomes, whole } = input;
  const { tests } = traced;
  const rows = faults.map((fault) => faultRow(fault, traced, [...(outcomes.get(fault)?.values() ?? [])]));
  // A test is proven by a failure under a fault of a clause it cites.
  const proven = new Set(
    rows.flatMap((row) =>
      [...(outcomes.get(row.fault)?.values() ?? [])]
        .filter((t) => failing(t) && t.clauses.includes(row.clause))
        .map((t) => t.title),
    ),
  );
  const stated = (clause: ClauseId) => tests.filter((t) => t.clauses.includes(clause) && levelOf(t) === 'stated');
  const measured = rows.filter((r) => r.ran > 0);
  const keyCounts = new Map<string, number>();
  for (const t of tests) keyCounts.set(t.title, (keyCounts.get(t.title) ?? 0) + 1);
  return {
    rows,
    clauses: clauseRows(tests),
    tests,
    cleanFailures: traced.failures,
    duplicateKeys: [...keyCounts].filter(([, n]) => n > 1).map(([key]) => key),
    unrun: input.unrun,
    openApi: traced.openApi,
    survivors: rows.filter((r) => r.caughtBy.length === 0),
    notOnlyGenerated: rows.filter(
      (r) =>
        r.onlyGenerated !== undefined && (r.onlyGenerated.generated.length === 0 || r.onlyGenerated.fixed.length > 0),
    ),
    verdictUnturned: measured.filter((r) => r.level === 'stated' && r.verdict === 'CONFORMANT'),
    verdictTurnedByReading: measured.filter((r) => r.level === 'assumed' && r.verdict !== 'CONFORMANT'),
    unproven: whole ? tests.filter((t) => !proven.has(t.title)) : [],
    statedWithoutTest: whole ? StatedClauses.filter((c) => stated(c).length === 0) : [],
    statedWithoutFault: whole
      ? StatedClauses.filter((c) => !FaultNames.some((f) => FaultCatalogue[f].clause === c))
      : [],
    blastRadius: blastRadius(rows),
    timings: input.timings,
    pairs: [...pairs.values()].reduce((n, list) => n + list.length, 0),
    durationMs: performance.now() - input.started,
  };
}

/** What a fault did: the tests of its clause that caught it, the others it failed (its blast), the verdict with it. */
function faultRow(fault: FaultName, traced: TracedRun, ran: readonly TestOutcome[]): FaultRow {
  const { clause, description } = FaultCatalogue[fault];
  const level = Clauses[clause].level;
  const failed = ran.filter(failing);
  const ranKeys = new Set(ran.map((t) => t.title));
  return {
    fault,
    clause,
    level,
    description,
    ran: ran.length,
    caughtBy: failed
      .filter((t) => t.clauses.includes(clause) && (level === 'assumed' || levelOf(t) === 'stated'))
      .map((t) => t.title),
    blast: failed.filter((t) => !t.clauses.includes(clause)).map((t) => t.title),
    ...((FaultCatalogue[fault] as FaultDefinition).onlyGenerated
      ? {
          onlyGenerated: {
            generated: failed.filter((t) => isGenerated(t) && t.clauses.includes(clause)).map((t) => t.title),
            fixed: failed.filter((t) => !isGenerated(t)).map((t) => t.title),
          },
        }
      : {}),
    unmeasured: traced.tests.filter((t) => !cites(fault, t) && !ranKeys.has(t.title) && traced.reaches(fault, t))
      .length,
    failures: failed.map((t) => ({ test: t.title, error: firstLines(t.errors[0]) })),
    ...(ran.length === 0 ? { verdict: '(not run)', verdictReasons: [] } : verdictWith(ran, traced)),
  };
}

/** Every clause with the tests citing it (its @stated ones apart) and the faults that break it. */
function clauseRows(tests: readonly TestOutcome[]): ClauseRow[] {
  return (Object.keys(Clauses) as ClauseId[]).map((clause) => ({
    clause,
    level: Clauses[clause].level,
    statedTests: tests.filter((t) => t.clauses.includes(clause) && levelOf(t) === 'stated').map((t) => t.title),
    tests: tests.filter((t) => t.clauses.includes(clause)).map((t) => t.title),
    faults: FaultNames.filter((f) => FaultCatalogue[f].clause === clause),
  }));
}

/** How many tests outside its clause each measured fault failed: the median, the most, and which fault. */
function blastRadius(rows: readonly FaultRow[]): FaultMatrix['blastRadius'] {
  const measured = rows.filter((r) => r.ran > 0);
  const blastCounts = measured.map((r) => r.blast.length);
  const worst = measured.reduce<FaultRow | undefined>(
    (w, r) => (w === undefined || r.blast.length > w.blast.length ? r : w),
    undefined,
  );
  return {
    median: median(blastCounts),
    max: Math.max(0, ...blastCounts),
    worst: worst?.fault,
    unmeasured: rows.reduce((n, r) => n + r.unmeasured, 0),
  };
}

const ms = (duration: number) => `${Math.round(duration)} ms`;
