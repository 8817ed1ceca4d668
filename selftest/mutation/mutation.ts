/**
 * Mutation testing of the reference's rule code (`npm run mutation`, docs/mutation.md): every mutant
 * Stryker's instrumenter makes of it (sandbox.ts) runs against the tests that reach its line, in the fault
 * matrix's own way: one Playwright run declares each test once per mutant it meets (selftest/matrix/
 * suite-test.ts), each copy naming its mutant on every request, and one reference process serves them all
 * (server.ts). A mutant is killed when a copy of a test fails against it.
 *
 * In three steps:
 * 1. A traced run: the suite against the instrumented reference, no mutant on, each request naming its
 *    test; the switch (switch.ts) counts which mutants each test's requests covered, and which ran as the
 *    modules loaded or as an app was built (those may change what any test sees).
 * 2. Rounds, as Stryker stops at a mutant's first failing test: each live mutant runs against its next few
 *    candidates (the tests covering it, `@stated` first, quickest first; every passing test after those
 *    for a mutant of load or build time), first a few, then more, then the rest. A mutant killed by a
 *    `@stated` test is done (it turns the verdict); one killed only by other tests goes on against its
 *    `@stated` candidates, to tell whether any of them sees it.
 * 3. The outcome of each mutant: killed (by a `@stated` test or only by others), survived, not covered by
 *    any test, or skipped (Ignored, with the reason its line gives).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Annotation, GENERATED_TAG, OBSERVATION_TAG } from '../../support/contract/annotations.ts';
import { Clauses } from '../../support/contract/clauses.ts';
import { PROJECT_ROOT, REFERENCE_PROFILE } from '../../support/run/config.ts';
import { FaultCatalogue, FaultNames } from '../../reference/faults/index.ts';
import { settingsNamed } from '../../support/report/conformance-report.ts';
import { durationOf, listSuite, runSuite, type TestOutcome } from '../harness/suite-run.ts';
import { keyHash, MatrixAnnotation, matrixRunEnvironment, SET_UP_MARK, type FaultPlan } from '../matrix/plan.ts';
import { readingAt, readingRanges, type ReadingRange } from './readings.ts';
import { identity, readHistory, readSample, type Killed } from './history.ts';
import { instrumentReference, MUTATED, type Mutant } from './sandbox.ts';
import { APP_BUILD, MODULE_LOAD, MUTANT_HEADER, startMutantServer, type MutantServer } from './server.ts';
import { coverage, installSwitch } from './switch.ts';

const TOKEN = `mutation-${randomBytes(12).toString('hex')}`;
/**
 * Workers of the rounds: many mutants withhold a delivery or an answer, and their tests mostly wait, so more
 * workers than cores overlap those waits (the traced run and the rounds alike).
 */
const WORKERS = 4;
/** How many candidates each round gives a live mutant: a few, then more, then all that are left. */
const ROUNDS = [3, 10, 30, 100, Infinity] as const;

type MutantStatus = 'killed' | 'survived' | 'no coverage' | 'ignored';

export interface MutantResult {
  readonly mutant: Mutant;
  readonly status: MutantStatus;
  /** The tests that failed against it. */
  readonly killedBy: readonly string[];
  /** Whether one of them is `@stated`: the verdict of a store with this bug turns. */
  readonly stated: boolean;
  /**
   * The `@stated` tests it made skip on a clause whose tests, those that reach its line, all ran against it and
   * passed: the verdict counts such a skip against the store (no failing test explains it), so it turns.
   */
  readonly skippedUnexplained: readonly string[];
  /** For a mutant no `@stated` test killed: the stated clauses the tests that killed it cite (a stated rule it may break). */
  readonly statedClausesCited: readonly string[];
  /** The readings its line implements (`// Reading:`, readings.ts): a mutant there breaks a reading, not the spec. */
  readonly reading?: readonly string[];
  /** Tests run against it. */
  readonly ran: number;
  /** Tests it could have run against (its candidates). */
  readonly candidates: number;
  /** Where it was covered: by tests' requests, as an app was built, as the modules loaded. */
  readonly coveredAt: readonly ('tests' | 'build' | 'load')[];
}

export interface MutationResult {
  readonly files: readonly string[];
  readonly results: readonly MutantResult[];
  /** Tests of the traced run that did not pass against the clean instrumented reference (they can kill nothing). */
  readonly cleanFailures: readonly string[];
  readonly tests: number;
  readonly pairs: number;
  readonly timings: { readonly instrument: number; readonly traced: number; readonly rounds: readonly number[] };
  readonly durationMs: number;
}

export interface MutationOptions {
  /** Files to mutate (default MUTATED). */
  readonly files?: readonly string[];
  /** Only these mutants (by id), e.g. a sample; the others are left out of the result. */
  readonly only?: (mutants: readonly Mutant[]) => readonly Mutant[];
  /** At most this many tests per mutant. */
  readonly maxTests?: number;
  readonly workers?: number;
  readonly log?: (line: string) => void;
  /** Called after each round with what is known so far (a long run's report, written as it goes). */
  readonly progress?: (run: MutationResult) => Promise<void>;
}

const levelOf = (test: TestOutcome) =>
  test.tags.includes(GENERATED_TAG)
    ? 'generated'
    : test.tags.includes('@stated')
      ? 'stated'
      : test.tags.includes('@assumed')
        ? 'assumed'
        : 'other';
const LEVEL_ORDER = { stated: 0, assumed: 1, other: 2, generated: 3 } as const;
const isStated = (clause: string) => (Clauses as Record<string, { level: string }>)[clause]?.level === 'stated';
/** The environment of a child run against the mutation server, as the fault matrix's. */
function childEnv(): Record<string, string> {
  return {
    API_TOKEN: TOKEN,
    TARGET_PROFILE: REFERENCE_PROFILE,
    WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks',
    REQUEST_TIMEOUT_MS: '8000',
    // The reference delivers within milliseconds: a mutant that withholds a delivery costs each test this long.
    DELIVERY_TIMEOUT_MS: '2000',
    LIST_WAIT_MS: '0',
    FUZZ: 'on',
    FUZZ_SEED: '1',
    FUZZ_RUNS: '150',
  };
}

/** Per mutant, where it was covered and which tests' requests covered it (judged requests, then set-up ones). */
function readCoverage(tests: readonly TestOutcome[], fileOf: (id: string) => string) {
  const { perTest } = coverage();
  const byHash = new Map(tests.map((t) => [keyHash(t.title), t]));
  const hits = (id: string) => (test: TestOutcome) => perTest[keyHash(test.title)]?.[id] ?? 0;
  const judged = new Map<string, Set<TestOutcome>>();
  const setUp = new Map<string, Set<TestOutcome>>();
  const at = new Map<string, Set<'tests' | 'build' | 'load'>>();
  const mark = (id: string, where: 'tests' | 'build' | 'load') => at.set(id, (at.get(id) ?? new Set()).add(where));
  for (const [key, hits] of Object.entries(perTest)) {
    const ids = Object.keys(hits);
    if (key === MODULE_LOAD || key === APP_BUILD) {
      for (const id of ids) mark(id, key === MODULE_LOAD ? 'load' : 'build');
      continue;
    }
    const test = byHash.get(key.replace(SET_UP_MARK, ''));
    if (test === undefined) continue;
    const into = key.endsWith(SET_UP_MARK) ? setUp : judged;
    for (const id of ids) {
      mark(id, 'tests');
      into.set(id, (into.get(id) ?? new Set()).add(test));
    }
  }
  // How many mutants of each file each test's judged requests took: the tests that run most of a file first.
  const inFile = new Map<string, number>();
  for (const [id, tested] of judged)
    for (const test of tested) {
      const key = `${fileOf(id)}\n${test.title}`;
      inFile.set(key, (inFile.get(key) ?? 0) + 1);
    }
  return { judged, setUp, at, hits, inFile };
}

/**
 * The clauses each file serves: those of the faults that bend a hook point the file hands
 * (`faults.bend('settle', …)` in the dispatcher: the delivery faults' clauses). A test of one of them judges
 * what that code does, where a test that merely passes through it (every write delivers) judges other things.
 */
async function servedClauses(files: readonly string[]): Promise<Map<string, Set<string>>> {
  const served = new Map<string, Set<string>>();
  for (const file of files) {
    const text = await readFile(path.join(PROJECT_ROOT, file), 'utf8');
    const points = new Set([...text.matchAll(/\.bend\(\s*'(\w+)'/g)].map((m) => m[1] ?? ''));
    const faults = FaultNames.filter((f) => Object.keys(FaultCatalogue[f].bends).some((p) => points.has(p)));
    served.set(file, new Set(faults.map((f) => FaultCatalogue[f].clause)));
  }
  return served;
}

/** Whether mutant `inner` replaces code within what `outer` replaces. */
const within = (inner: Mutant, outer: Mutant) =>
  inner.file === outer.file &&
  (inner.line > outer.line || (inner.line === outer.line && inner.column >= outer.column)) &&
  (inner.end.line < outer.end.line || (inner.end.line === outer.end.line && inner.end.column <= outer.end.column));

/** Lines apart within which a mutant's neighbour is likely the same rule's: a helper beside the function that calls it. */
const NEIGHBOURHOOD = 5;
/** Whether `other` sits a few lines from `m` in its file (`pad` beside the timestamp it pads). */
const nearby = (other: Mutant, m: Mutant) => other.file === m.file && Math.abs(other.line - m.line) <= NEIGHBOURHOOD;

/**
 * Each mutant's candidates: the tests whose requests covered it (judged ones, then set-up ones). A mutant
 * of load or build time (a function made as the app is built, a schema) is covered as its code is made,
 * not as it runs: its first candidates are the tests that covered the mutants inside it (the body of that
 * function) or a few lines from it (the function a helper serves), then every other passing test, since what
 * it changes may show to any of them.
 */
function candidatesOf(
  mutants: readonly Mutant[],
  passing: readonly TestOutcome[],
  cov: ReturnType<typeof readCoverage>,
) {
  const passes = new Set(passing);
  const byFile = new Map<string, Mutant[]>();
  for (const m of mutants) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
  const covered = (m: Mutant) => [...(cov.judged.get(m.id) ?? [])];
  return new Map(
    mutants.map((m) => {
      const judged = covered(m).filter((t) => passes.has(t));
      const setUp = [...(cov.setUp.get(m.id) ?? [])].filter((t) => passes.has(t));
      const at = cov.at.get(m.id) ?? new Set();
      const everywhere = at.has('load') || at.has('build');
      const inside = everywhere
        ? (byFile.get(m.file) ?? [])
            .filter((o) => o !== m && (within(o, m) || nearby(o, m)))
            .flatMap(covered)
            .filter((t) => passes.has(t))
        : [];
      const first = new Set([...judged, ...inside]);
      return [m.id, { list: [...new Set([...first, ...setUp, ...(everywhere ? passing : [])])], first }];
    }),
  );
}

/** How many mutants, of any file, each test killed in the last whole runs (history.json). */
function killPower(history: ReadonlyMap<string, Killed>): ReadonlyMap<string, number> {
  const power = new Map<string, number>();
  for (const killed of history.values())
    for (const title of killed.killedBy) power.set(title, (power.get(title) ?? 0) + 1);
  return power;
}

/** A test quicker than this runs before slower ones of equal promise: one walk of pages costs ten quick answers. */
const QUICK_MS = 400;

/**
 * The order a live mutant's untried candidates run in, as each round learns. First the tests that killed it in
 * the last whole run (history.ts), then the tests of the clauses its earlier tests skipped on (a mutant
 * that breaks Register Webhook skips every test that registers one, naming register-webhook.data), then the
 * others; the generated tests last: they
 * reach every line and judge only readings, and each costs a hundred requests. Before them: the tests that
 * killed the most mutants of its file so far (the tests of its rule), then those whose requests took its
 * line (or the lines inside it, for a function made as the app is built), then those that killed the most
 * mutants of any file last time (a code made as the app is built, a schema, reaches every test: the few
 * that judge the writes every other test leans on, such as the success answers, see it first), then those that took most of its
 * file (a request refused for its token takes more of auth.ts than one let through), the quick ones before
 * the slow, `@stated` before others (only they turn the verdict), those that took its line most often (a
 * walk over pages reads what a page's arithmetic changes), the quickest.
 */
function promise(
  mutant: Mutant,
  cov: ReturnType<typeof readCoverage>,
  killsInFile: ReadonlyMap<string, number>,
  first: ReadonlySet<TestOutcome>,
  recorded: ReadonlySet<string>,
  pointed: ReadonlySet<string>,
  served: ReadonlySet<string>,
  power: ReadonlyMap<string, number>,
) {
  const before = (t: TestOutcome) => Number(recorded.has(t.title));
  const strength = (t: TestOutcome) => power.get(t.title) ?? 0;
  const judges = (t: TestOutcome) => Number(t.clauses.some((c) => pointed.has(c)));
  const serves = (t: TestOutcome) => Number(t.clauses.some((c) => served.has(c)));
  const hits = cov.hits(mutant.id);
  const kills = (t: TestOutcome) => killsInFile.get(`${mutant.file}\n${t.title}`) ?? 0;
  const near = (t: TestOutcome) => cov.inFile.get(`${mutant.file}\n${t.title}`) ?? 0;
  const generated = (t: TestOutcome) => Number(levelOf(t) === 'generated');
  const slow = (t: TestOutcome) => Number(durationOf(t) >= QUICK_MS);
  return (a: TestOutcome, b: TestOutcome) =>
    before(b) - before(a) ||
    judges(b) - judges(a) ||
    generated(a) - generated(b) ||
    serves(b) - serves(a) ||
    kills(b) - kills(a) ||
    Number(first.has(b)) - Number(first.has(a)) ||
    strength(b) - strength(a) ||
    Math.sign(near(b) - near(a)) ||
    slow(a) - slow(b) ||
    LEVEL_ORDER[levelOf(a)] - LEVEL_ORDER[levelOf(b)] ||
    hits(b) - hits(a) ||
    durationOf(a) - durationOf(b);
}

/** Where a candidate stands before any other measure: a killer last time, a test of a clause it skipped on, one of its file's. */
function tierOf(
  t: TestOutcome,
  recorded: ReadonlySet<string>,
  pointed: ReadonlySet<string>,
  served: ReadonlySet<string>,
  names: ReadonlySet<string>,
): number {
  if (recorded.has(t.title)) return 0;
  if (t.clauses.some((c) => pointed.has(c))) return 1;
  if (levelOf(t) === 'generated') return 5;
  if (names.size > 0 && namesAny(t, names)) return 1.5;
  return t.clauses.some((c) => served.has(c)) ? 2 : 4;
}

/**
 * The names a mutant's code holds that a test's title may name too: a field (`min_purchase`), an event
 * (`'product.created'`), a query parameter. The test that answers "with the min_purchase and max_purchase sent"
 * judges the line that stores them, among the many that pass through it.
 */
function namesOf(code: string): Set<string> {
  const fields = [
    ...[...code.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)].map((m) => m[0]),
    ...[...code.matchAll(/\.([a-z]{5,})\b(?!\()/g)].map((m) => m[1] ?? ''),
  ];
  const quoted = [...code.matchAll(/'([a-z][\w.-]{2,})'/g)].map((m) => m[1] ?? '');
  return new Set([...fields, ...quoted.filter((q) => q.includes('.') || q.includes('_'))]);
}

const namesAny = (t: TestOutcome, names: ReadonlySet<string>) => [...names].some((name) => t.title.includes(name));

/**
 * The candidates in their order of promise, but within each tier one per clause first: the tests that take
 * most of a file judge one rule of it each (the last page, the links, the walk), and a round of the first few
 * alone would try one rule several times over. Per tier: the first test of each clause, in order, then the
 * rest in order.
 */
function byClause(ordered: readonly TestOutcome[], tier: (t: TestOutcome) => number): TestOutcome[] {
  const tiers = new Map<number, TestOutcome[]>();
  for (const t of ordered) tiers.set(tier(t), [...(tiers.get(tier(t)) ?? []), t]);
  return [...tiers.keys()]
    .sort((a, b) => a - b)
    .flatMap((key) => {
      const group = tiers.get(key) ?? [];
      const seen = new Set<string>();
      const leads = group.filter((t) => {
        const fresh = t.clauses.some((c) => !seen.has(c));
        for (const c of t.clauses) seen.add(c);
        return fresh;
      });
      const led = new Set(leads);
      return [...leads, ...group.filter((t) => !led.has(t))];
    });
}

interface Tally {
  readonly failed: Set<string>;
  readonly tried: Set<TestOutcome>;
  /** Clauses the tests it made skip depend on: their tests come next. */
  readonly pointed: Set<string>;
  stated: boolean;
  /** The `@stated` tests it made skip, by the clause each depends on (`dependsOn`). */
  readonly skippedOn: Map<string, Set<string>>;
  /** Those of them the verdict holds against the store: every test of the clause they depend on passed. */
  readonly unexplained: Set<string>;
  /** The tests that passed against it. */
  readonly passed: Set<string>;
  /** The tests it made skip for a reason the verdict accepts. */
  readonly excused: Set<string>;
}

/**
 * Copies of tests one run of the suite declares at most: every worker declares every copy of each spec file
 * it loads, so a run's cost per copy grows with their number; a larger round is cut into several runs.
 */
const COPIES_PER_RUN = 2_500;

/** One round: each mutant against its given tests, in runs of the suite of COPIES_PER_RUN copies at most. */
async function runRound(
  round: ReadonlyMap<string, readonly Pick<TestOutcome, 'title'>[]>,
  server: { url: string },
  work: string,
  name: string,
  workers: number,
): Promise<RoundResult> {
  const chunks = [new Map<string, readonly Pick<TestOutcome, 'title'>[]>()];
  let size = 0;
  for (const [id, tests] of round) {
    if (size + tests.length > COPIES_PER_RUN && size > 0) {
      chunks.push(new Map());
      size = 0;
    }
    chunks.at(-1)?.set(id, tests);
    size += tests.length;
  }
  const failed = new Map<string, Set<string>>();
  const pointed = new Map<string, Set<string>>();
  const skippedOn = new Map<string, Map<string, Set<string>>>();
  const passed = new Map<string, Set<string>>();
  const excused = new Map<string, Set<string>>();
  let ranCopies = 0;
  let durationMs = 0;
  for (const [i, chunk] of chunks.entries()) {
    const run = await runChunk(chunk, server, work, chunks.length > 1 ? `${name}-${i + 1}` : name, workers);
    for (const [id, keys] of run.failed) failed.set(id, keys);
    for (const [id, clauses] of run.pointed) pointed.set(id, clauses);
    for (const [id, byClause] of run.skippedOn) skippedOn.set(id, byClause);
    for (const [id, keys] of run.passed) passed.set(id, keys);
    for (const [id, keys] of run.excused) excused.set(id, keys);
    ranCopies += run.ranCopies;
    durationMs += run.durationMs;
  }
  return { failed, pointed, skippedOn, passed, excused, ranCopies, durationMs };
}

interface RoundResult {
  /** The tests each mutant failed, by key. */
  readonly failed: Map<string, Set<string>>;
  /**
   * The clauses the tests a mutant made skip depend on (`dependsOn`): what it broke is judged by their tests.
   * A mutant that removes Register Webhook skips every test that registers one, naming register-webhook.data.
   */
  readonly pointed: Map<string, Set<string>>;
  /** The `@stated` tests each mutant made skip, by the clause each depends on. */
  readonly skippedOn: Map<string, Map<string, Set<string>>>;
  /** The tests that passed against each mutant. */
  readonly passed: Map<string, Set<string>>;
  /** The tests each mutant made skip for a reason the verdict accepts: not applicable, or a setting named. */
  readonly excused: Map<string, Set<string>>;
  readonly ranCopies: number;
  readonly durationMs: number;
}

/** Where a round's time went (MUTATION_DEBUG): the slowest tests over their copies. */
function logTimes(name: string, result: Awaited<ReturnType<typeof runSuite>>): void {
  const byTest = new Map<string, number[]>();
  for (const copy of result.tests) {
    const key = copy.annotations.find((a) => a.type === MatrixAnnotation.test)?.description ?? copy.title;
    byTest.set(key, [...(byTest.get(key) ?? []), copy.results.reduce((n, r) => n + r.duration, 0)]);
  }
  const total = [...byTest.values()].flat().reduce((a, b) => a + b, 0);
  console.log(
    `${name}: ${result.tests.length} copies, ${Math.round(total)} ms in tests, ${Math.round(result.durationMs)} ms wall`,
  );
  for (const [key, ds] of [...byTest]
    .sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0))
    .slice(0, 12))
    console.log(`  ${Math.round(ds.reduce((x, y) => x + y, 0))} ms over ${ds.length}: ${key}`);
}

/**
 * A `@stated` copy skipped on a clause that the verdict holds against the store unless that clause is shown
 * broken (support/report/conformance-report.ts): not a test that does not apply, nor one whose reason names a
 * setting the configuration could change.
 */
function countedAgainstTheStore(copy: TestOutcome): boolean {
  return copy.outcome === 'skipped' && copy.tags.includes('@stated') && !excusedSkip(copy);
}

/** A skip the verdict accepts of itself: a test that does not apply, or one whose reason names a setting. */
function excusedSkip(copy: TestOutcome): boolean {
  if (copy.outcome !== 'skipped') return false;
  if (copy.annotations.some((a) => a.type === Annotation.notApplicable)) return true;
  const reason = copy.annotations.find((a) => a.type === 'skip')?.description ?? '';
  return settingsNamed(reason).length > 0;
}

/** One run of the suite: each mutant of `round` against its given tests. The failures, by mutant. */
async function runChunk(
  round: ReadonlyMap<string, readonly Pick<TestOutcome, 'title'>[]>,
  server: { url: string },
  work: string,
  name: string,
  workers: number,
): Promise<RoundResult> {
  const target = (id: string) => `mutant-${id}`;
  const plan: FaultPlan = { targets: {}, tests: {}, headers: {} };
  for (const [id, tests] of round) {
    plan.targets[target(id)] = server.url;
    (plan.headers ??= {})[target(id)] = { [MUTANT_HEADER]: id };
    for (const test of tests) (plan.tests[test.title] ??= []).push(target(id));
  }
  const planFile = path.join(work, `${name}.json`);
  await writeFile(planFile, JSON.stringify(plan));
  const result = await runSuite({
    env: { ...childEnv(), BASE_URL: server.url, FUZZ_SHRINK: 'off', ...matrixRunEnvironment({ plan: planFile }) },
    args: [`--workers=${workers}`],
    timeoutMs: 60 * 60_000,
  });
  if (result.tests.length === 0)
    throw new Error(`The ${name} run ran no test (exit ${result.exitCode}):\n${result.stderr.slice(0, 2000)}`);
  const failed = new Map<string, Set<string>>();
  const pointed = new Map<string, Set<string>>();
  const skippedOn = new Map<string, Map<string, Set<string>>>();
  const passed = new Map<string, Set<string>>();
  const excused = new Map<string, Set<string>>();
  if (process.env.MUTATION_DEBUG) logTimes(name, result);
  for (const copy of result.tests) {
    const id = copy.annotations.find((a) => a.type === MatrixAnnotation.fault)?.description?.replace(/^mutant-/, '');
    const key = copy.annotations.find((a) => a.type === MatrixAnnotation.test)?.description;
    if (id === undefined || key === undefined) continue;
    const broke =
      copy.annotations.some((a) => a.type === MatrixAnnotation.failed) ||
      copy.outcome === 'unexpected' ||
      copy.outcome === 'flaky';
    if (broke) failed.set(id, (failed.get(id) ?? new Set()).add(key));
    else if (copy.outcome === 'expected') passed.set(id, (passed.get(id) ?? new Set()).add(key));
    else if (excusedSkip(copy)) excused.set(id, (excused.get(id) ?? new Set()).add(key));
    for (const a of copy.annotations) {
      if (a.type !== Annotation.dependsOn || !a.description) continue;
      pointed.set(id, (pointed.get(id) ?? new Set()).add(a.description));
      if (!countedAgainstTheStore(copy)) continue;
      const byClause = skippedOn.get(id) ?? new Map<string, Set<string>>();
      byClause.set(a.description, (byClause.get(a.description) ?? new Set()).add(key));
      skippedOn.set(id, byClause);
    }
  }
  return {
    failed,
    pointed,
    skippedOn,
    passed,
    excused,
    ranCopies: result.tests.length,
    durationMs: result.durationMs,
  };
}

type Coverage = ReturnType<typeof readCoverage>;

/** Step 1: the suite against the instrumented reference, no mutant on: what each test covered. */
async function traceRun(server: MutantServer, workers: number, mutants: readonly Mutant[]) {
  const traced = await runSuite({
    env: { ...childEnv(), BASE_URL: server.url, ...matrixRunEnvironment({ trace: true }) },
    args: [`--workers=${workers}`],
  });
  if (traced.tests.length === 0)
    throw new Error(`The traced run ran no test (exit ${traced.exitCode}):\n${traced.stderr.slice(0, 2000)}`);
  const tests = traced.tests.filter((t) => !t.tags.includes(OBSERVATION_TAG));
  const fileOf = new Map(mutants.map((m) => [m.id, m.file]));
  return {
    tests,
    passing: tests.filter((t) => t.outcome === 'expected'),
    cleanFailures: tests.filter((t) => t.outcome !== 'expected' && t.outcome !== 'skipped').map((t) => t.title),
    coverage: readCoverage(tests, (id) => fileOf.get(id) ?? ''),
    durationMs: traced.durationMs,
  };
}

interface RoundsInput {
  readonly judged: readonly Mutant[];
  readonly candidates: ReturnType<typeof candidatesOf>;
  readonly coverage: Coverage;
  readonly readings: readonly ReadingRange[];
  /** The tests that killed each mutant in the last whole run, by identity. */
  readonly history: ReadonlyMap<string, Killed>;
  /** The clauses each file serves (servedClauses). */
  readonly served: ReadonlyMap<string, ReadonlySet<string>>;
  readonly cap: number;
  readonly run: (round: ReadonlyMap<string, readonly TestOutcome[]>, name: string) => ReturnType<typeof runRound>;
  readonly log: (line: string) => void;
  /** Called after each round, with every tally so far. */
  readonly afterRound?: (tallies: ReadonlyMap<string, Tally>) => Promise<void>;
}

/** The tests each live mutant runs against next: its most promising untried candidates (see the module comment). */
function nextRound(
  input: RoundsInput,
  tallies: ReadonlyMap<string, Tally>,
  killsInFile: ReadonlyMap<string, number>,
  size: number,
  power: ReadonlyMap<string, number>,
) {
  const round = new Map<string, TestOutcome[]>();
  for (const m of input.judged) {
    const tally = tallies.get(m.id);
    if (!tally || tally.stated) continue;
    // Killed by another test: only a `@stated` one still tells something (whether the verdict sees it),
    // and nothing does where the line says it is a reading.
    const checking = tally.failed.size > 0;
    if (checking && readingAt(input.readings, m.file, m.line) !== undefined) continue;
    const { list = [], first = new Set<TestOutcome>() } = input.candidates.get(m.id) ?? {};
    const untried = list.filter((t) => !tally.tried.has(t) && (!checking || levelOf(t) === 'stated'));
    // Killed by another test, it goes on against every `@stated` candidate, the most promising first, until one
    // fails: a cap would leave a stated break unseen (the list route gone, its 404 seen first by a reading's test).
    const room = checking ? Infinity : input.cap - tally.tried.size;
    const recorded = new Set(input.history.get(identity(m))?.killedBy ?? []);
    const served = input.served.get(m.file) ?? new Set<string>();
    const order = promise(m, input.coverage, killsInFile, first, recorded, tally.pointed, served, power);
    const names = namesOf(m.original);
    const tier = (t: TestOutcome) => tierOf(t, recorded, tally.pointed, served, names);
    const take = byClause(untried.sort(order), tier).slice(0, Math.min(size, room));
    if (take.length > 0) round.set(m.id, take);
  }
  return round;
}

/** Step 2: the rounds. Each mutant's tally: the tests it ran against, those that failed. */
async function runRounds(input: RoundsInput) {
  const tallies = new Map<string, Tally>(
    input.judged.map((m) => [
      m.id,
      {
        failed: new Set(),
        tried: new Set(),
        pointed: new Set(),
        stated: false,
        skippedOn: new Map(),
        unexplained: new Set(),
        passed: new Set(),
        excused: new Set(),
      },
    ]),
  );
  const fileOf = new Map(input.judged.map((m) => [m.id, m.file]));
  const killsInFile = new Map<string, number>();
  const power = killPower(input.history);
  const roundMs: number[] = [];
  let pairs = 0;
  for (const [index, size] of ROUNDS.entries()) {
    const round = nextRound(input, tallies, killsInFile, size, power);
    if (round.size === 0) break;
    const count = [...round.values()].reduce((n, t) => n + t.length, 0);
    pairs += count;
    const { failed, pointed, skippedOn, passed, excused, durationMs } = await input.run(round, `round-${index + 1}`);
    roundMs.push(durationMs);
    for (const [id, ran] of round) {
      const tally = tallies.get(id);
      if (!tally) continue;
      for (const test of ran) tally.tried.add(test);
      for (const clause of pointed.get(id) ?? []) tally.pointed.add(clause);
      for (const key of passed.get(id) ?? []) tally.passed.add(key);
      for (const key of excused.get(id) ?? []) tally.excused.add(key);
      for (const [clause, titles] of skippedOn.get(id) ?? [])
        for (const title of titles) tally.skippedOn.set(clause, (tally.skippedOn.get(clause) ?? new Set()).add(title));
      for (const key of failed.get(id) ?? []) {
        tally.failed.add(key);
        const fileKey = `${fileOf.get(id) ?? ''}\n${key}`;
        killsInFile.set(fileKey, (killsInFile.get(fileKey) ?? 0) + 1);
        if (ran.some((t) => t.title === key && levelOf(t) === 'stated')) tally.stated = true;
      }
    }
    for (const m of input.judged) {
      const tally = tallies.get(m.id);
      if (tally && !tally.stated) unexplainedSkips(tally, input.candidates.get(m.id)?.list ?? []);
    }
    const alive = input.judged.filter((m) => {
      const tally = tallies.get(m.id);
      return tally?.failed.size === 0 && tally.unexplained.size === 0;
    }).length;
    input.log(
      `round ${index + 1}: ${round.size} mutants, ${count} (test, mutant) pairs, ${Math.round(durationMs)} ms; ${alive} not killed yet`,
    );
    await input.afterRound?.(tallies);
  }
  return { tallies, roundMs, pairs };
}

/**
 * The `@stated` tests a mutant made skip that the verdict holds against the store: those that depend on a clause
 * whose tests (of those that reach its line: the others run as on the clean reference) all ran against it, and
 * none failed or skipped for a reason the verdict accepts. A store with the bug is then NOT CONFORMANT though no test fails (a skip no failing test explains), and
 * the mutant is done.
 */
function unexplainedSkips(tally: Tally, candidates: readonly TestOutcome[]): void {
  for (const [clause, titles] of tally.skippedOn) {
    // A stated clause is shown broken by a @stated test of it alone, as the verdict reads it.
    const citing = candidates.filter(
      (t) => t.clauses.includes(clause) && (!isStated(clause) || levelOf(t) === 'stated'),
    );
    // Shown broken by a test of it that failed, or that skipped for a reason the verdict accepts (the others
    // skipped on a further clause are taken as unexplained too: the verdict accepts those only down a chain that
    // ends in a failure).
    const unbroken = (t: TestOutcome) =>
      tally.tried.has(t) && !tally.failed.has(t.title) && !tally.excused.has(t.title);
    if (!citing.every(unbroken)) continue;
    for (const title of titles) tally.unexplained.add(title);
    tally.stated = true;
  }
}

/** Step 3: what became of one mutant. */
function resultOf(
  mutant: Mutant,
  tally: Tally | undefined,
  context: {
    coverage: Coverage;
    candidates: ReturnType<typeof candidatesOf>;
    readings: readonly ReadingRange[];
    byTitle: ReadonlyMap<string, TestOutcome>;
  },
): MutantResult {
  const list = context.candidates.get(mutant.id)?.list ?? [];
  // `@stated` ones first: the history keeps the first two, and a sampled mutant should still turn the verdict.
  const stated = (key: string) => Number(context.byTitle.get(key)?.tags.includes('@stated') ?? false);
  const killedBy = [...(tally?.failed ?? [])].sort((a, b) => stated(b) - stated(a));
  const statedClausesCited = tally?.stated
    ? []
    : [...new Set(killedBy.flatMap((key) => context.byTitle.get(key)?.clauses ?? []))].filter((c) => isStated(c));
  const reading = readingAt(context.readings, mutant.file, mutant.line)?.clauses;
  const skippedUnexplained = [...(tally?.unexplained ?? [])];
  const status: MutantStatus =
    mutant.ignored !== undefined
      ? 'ignored'
      : killedBy.length > 0 || skippedUnexplained.length > 0
        ? 'killed'
        : list.length === 0
          ? 'no coverage'
          : 'survived';
  return {
    mutant,
    status,
    killedBy,
    stated: tally?.stated ?? false,
    skippedUnexplained,
    statedClausesCited,
    ...(reading ? { reading } : {}),
    ran: tally?.tried.size ?? 0,
    candidates: list.length,
    coveredAt: [...(context.coverage.at.get(mutant.id) ?? [])],
  };
}

function instrumented(files: readonly string[], all: readonly Mutant[], chosen: readonly Mutant[], ms: number): string {
  const skipped = all.filter((m) => m.ignored).length;
  return `instrumented ${files.length} files: ${all.length} mutants, ${skipped} skipped by their lines; ${chosen.length} to judge (${Math.round(ms)} ms)`;
}

export async function runMutation(options: MutationOptions = {}): Promise<MutationResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const workers = options.workers ?? WORKERS;
  const files = options.files ?? MUTATED;
  installSwitch();
  const sandbox = await instrumentReference(files);
  const work = await mkdtemp(path.join(tmpdir(), 'mutation-run-'));
  let coverage: Coverage | undefined;
  const server = await startMutantServer({
    sandbox,
    token: TOKEN,
    loadsWithModules: (id) => coverage?.at.get(id)?.has('load') ?? false,
  }).catch(async (error: unknown) => {
    await sandbox.remove();
    throw error;
  });
  try {
    const instrumentMs = performance.now() - started;
    const chosen = options.only ? options.only(sandbox.mutants) : sandbox.mutants;
    log(instrumented(files, sandbox.mutants, chosen, instrumentMs));
    const traced = await traceRun(server, workers, sandbox.mutants);
    coverage = traced.coverage;
    log(
      `traced run: ${traced.tests.length} tests, ${traced.passing.length} passing, ${traced.cleanFailures.length} failing, ${Math.round(traced.durationMs)} ms`,
    );
    const judged = chosen.filter((m) => m.ignored === undefined);
    const readings = await readingRanges(files);
    const candidates = candidatesOf(judged, traced.passing, coverage);
    const context = { coverage, candidates, readings, byTitle: new Map(traced.tests.map((t) => [t.title, t])) };
    const resultWith = (tallies: ReadonlyMap<string, Tally>, pairs: number, rounds: readonly number[]) => ({
      files,
      results: chosen.map((mutant) => resultOf(mutant, tallies.get(mutant.id), context)),
      cleanFailures: traced.cleanFailures,
      tests: traced.tests.length,
      pairs,
      timings: { instrument: instrumentMs, traced: traced.durationMs, rounds },
      durationMs: performance.now() - started,
    });
    const { tallies, roundMs, pairs } = await runRounds({
      judged,
      candidates,
      coverage,
      readings,
      history: await readHistory(),
      served: await servedClauses(files),
      cap: options.maxTests ?? Infinity,
      run: (round, name) => runRound(round, server, work, name, workers),
      log,
      ...(options.progress
        ? { afterRound: (so) => options.progress?.(resultWith(so, NaN, [])) ?? Promise.resolve() }
        : {}),
    });
    return resultWith(tallies, pairs, roundMs);
  } finally {
    await server.close();
    await sandbox.remove();
    await rm(work, { recursive: true, force: true });
  }
}

export interface SampleRun {
  /** Sampled mutants run against the tests that killed them in the last whole run. */
  readonly checked: number;
  /** Sampled mutants a line now skips (accounted for). */
  readonly skipped: number;
  /** Those none of the tests killed now, with the tests they ran against. */
  readonly alive: readonly { readonly mutant: Mutant; readonly tests: readonly string[] }[];
  /** Sampled mutants the instrumenter no longer makes, or whose killers the suite no longer has: run `npm run mutation` again. */
  readonly gone: readonly string[];
  readonly durationMs: number;
}

/** The fixed sample (history.ts): each sampled mutant against the tests that killed it, in one run, with no traced run. */
export async function runSample(options: { workers?: number } = {}): Promise<SampleRun> {
  const started = performance.now();
  installSwitch();
  const sandbox = await instrumentReference(MUTATED);
  const work = await mkdtemp(path.join(tmpdir(), 'mutation-sample-'));
  try {
    const { found, gone } = await readSample(sandbox.mutants);
    // A killer renamed or removed since is no test to run: its mutant reads as gone, for the next whole run.
    const titles = new Set((await listSuite()).map((t) => t.title));
    const killable = found.filter(({ killed }) => killed.killedBy.some((title) => titles.has(title)));
    const run = killable
      .filter(({ mutant }) => mutant.ignored === undefined)
      .map(({ mutant, killed }) => ({
        mutant,
        killed: { ...killed, killedBy: killed.killedBy.filter((t) => titles.has(t)) },
      }));
    const loading = new Set(run.filter(({ killed }) => killed.loads).map(({ mutant }) => mutant.id));
    const server = await startMutantServer({ sandbox, token: TOKEN, loadsWithModules: (id) => loading.has(id) });
    try {
      const round = new Map(run.map(({ mutant, killed }) => [mutant.id, killed.killedBy.map((title) => ({ title }))]));
      const { failed } = await runRound(round, server, work, 'sample', options.workers ?? WORKERS);
      return {
        checked: run.length,
        skipped: killable.length - run.length,
        alive: run
          .filter(({ mutant }) => (failed.get(mutant.id)?.size ?? 0) === 0)
          .map(({ mutant, killed }) => ({ mutant, tests: killed.killedBy })),
        gone: [...gone, ...found.filter((f) => !killable.includes(f)).map((f) => f.killed)].map(
          (g) => `${g.file}: ${g.mutator} ${JSON.stringify(g.original)} → ${JSON.stringify(g.replacement)}`,
        ),
        durationMs: performance.now() - started,
      };
    } finally {
      await server.close();
    }
  } finally {
    await sandbox.remove();
    await rm(work, { recursive: true, force: true });
  }
}
