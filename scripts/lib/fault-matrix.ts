/**
 * The fault matrix: proof that every check can fail, and that the verdict turns when a stated clause
 * breaks. For each fault of reference/faults, the tests it can reach run against a reference with that
 * fault on; the matrix then asks:
 * - is the fault caught? A fault of a stated clause only by a failing `@stated` test citing the clause
 *   (the verdict turns NOT CONFORMANT); a fault of an assumed clause by any failing test citing it;
 * - what else failed? The tests outside the fault's clause that failed: its blast radius;
 * - is every test proven (failed under some fault of a clause it cites), every stated clause judged by
 *   a `@stated` test, and broken by some fault?
 *
 * How it stays fast (Playwright starts a new worker after every failed test, so runs and failures cost):
 * 1. One traced run against the clean reference, each request naming its test: the reference records,
 *    per test, which faults its code consulted while serving it (`faults.has`). A fault never consulted
 *    for a test cannot change what that test sees; a fault consulted outside any request (when the app is
 *    built) can reach every test. That run is also the proof the suite passes against the clean reference.
 * 2. One matrix run: every fault gets its own reference (in this process, each on its own port), and
 *    `--repeat-each` gives each test one repeat per fault that can reach it, the plan saying which
 *    (support/fault-plan.ts); repeats a test has no fault for are skipped at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildReference } from '../../reference/app.ts';
import { FaultCatalogue, FaultNames, FaultSet, type FaultName } from '../../reference/faults/index.ts';
import { PROJECT_ROOT, REFERENCE_PROFILE } from '../../support/config.ts';
import { Annotation, OBSERVATION_TAG } from '../../support/contract/annotations.ts';
import { Clauses, StatedClauses, type ClauseId } from '../../support/contract/clauses.ts';
import {
  FAULT_ANNOTATION,
  MATRIX_FAILED_ANNOTATION,
  TEST_HEADER,
  testKeyHash,
  type FaultPlan,
} from '../../support/fault-plan.ts';
import { buildReport, median, type Outcome, type TestRecord } from '../../support/reporters/conformance-report.ts';
import { listSuite, runSuite, type ListedTest, type TestOutcome } from './suite-run.ts';

const TOKEN = `matrix-${randomBytes(12).toString('hex')}`;
/** The plan's name for the reference without faults. */
const CLEAN = 'clean';
/** Where the traced run records a consultation made outside any request. */
const OUTSIDE_REQUESTS = '(outside any request)';

export interface FaultRow {
  readonly fault: FaultName;
  readonly clause: ClauseId;
  readonly level: 'stated' | 'assumed';
  readonly description: string;
  /** Tests run against it (those it can reach, and those citing its clause). */
  readonly ran: number;
  /** Failing tests that catch it (see the module comment), by key. */
  readonly caughtBy: readonly string[];
  /** Failing tests outside its clause, by key. */
  readonly blast: readonly string[];
  /** The verdict of a run against a reference with only this fault. */
  readonly verdict: string;
}

export interface ClauseRow {
  readonly clause: ClauseId;
  readonly level: 'stated' | 'assumed';
  readonly statedTests: readonly string[];
  readonly tests: readonly string[];
  readonly faults: readonly FaultName[];
}

export interface FaultMatrix {
  readonly rows: readonly FaultRow[];
  readonly clauses: readonly ClauseRow[];
  readonly tests: readonly ListedTest[];
  /** Tests that did not pass against the clean reference. */
  readonly cleanFailures: readonly string[];
  readonly survivors: readonly FaultRow[];
  /** Faults of stated clauses after which the verdict stayed CONFORMANT. */
  readonly verdictUnturned: readonly FaultRow[];
  readonly unproven: readonly ListedTest[];
  readonly statedWithoutTest: readonly ClauseId[];
  readonly statedWithoutFault: readonly ClauseId[];
  readonly blastRadius: { readonly median: number; readonly max: number; readonly worst: FaultName | undefined };
  readonly durationMs: number;
}

/** Consults of faults, per test (by key hash), recorded while the clean reference serves the traced run. */
class TracingFaultSet extends FaultSet {
  readonly consulted = new Map<string, Set<FaultName>>();
  readonly #request: AsyncLocalStorage<string>;

  constructor(request: AsyncLocalStorage<string>) {
    super([]);
    this.#request = request;
  }

  override has(name: FaultName): boolean {
    const test = this.#request.getStore() ?? OUTSIDE_REQUESTS;
    const seen = this.consulted.get(test) ?? new Set<FaultName>();
    this.consulted.set(test, seen.add(name));
    return super.has(name);
  }
}

interface Reference {
  readonly url: string;
  close(): Promise<void>;
}

async function startReference(faults: FaultSet, request?: AsyncLocalStorage<string>): Promise<Reference> {
  const { app } = buildReference({ token: TOKEN, faults });
  if (request) {
    // Everything the request causes (its handler, the deliveries it sends) runs with its test's key hash.
    app.addHook('onRequest', (req, _reply, done) => {
      const test = req.headers[TEST_HEADER];
      if (typeof test === 'string') request.run(test, done);
      else done();
    });
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

/** The environment of a child run against a reference of this process (a loopback target). */
function childEnv(baseUrl: string, extra: Record<string, string>): Record<string, string> {
  return {
    BASE_URL: baseUrl,
    API_TOKEN: TOKEN,
    TARGET_PROFILE: REFERENCE_PROFILE,
    // The references sign as the embedded one does by default.
    WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks',
    ...extra,
  };
}

const OUTCOME: Record<TestOutcome['outcome'], Outcome> = {
  expected: 'passed',
  unexpected: 'failed',
  skipped: 'skipped',
  flaky: 'flaky',
};

function levelOf(test: { tags: readonly string[] }): TestRecord['level'] {
  return test.tags.includes('@stated') ? 'stated' : test.tags.includes('@assumed') ? 'assumed' : 'untagged';
}

function record(test: TestOutcome): TestRecord {
  const skip = test.annotations.find((a) => a.type === 'skip')?.description;
  const dependsOn = test.annotations.filter((a) => a.type === Annotation.dependsOn).map((a) => a.description ?? '');
  return {
    title: test.key,
    location: `${test.file}:${test.line}`,
    level: levelOf(test),
    operation: '(fault matrix)',
    clauses: [...test.clauses],
    outcome: OUTCOME[test.outcome],
    ...(test.outcome === 'skipped' ? { skipReason: skip ?? 'no reason given' } : {}),
    dependsOn,
    deliveryLatenciesMs: [],
  };
}

export interface MatrixOptions {
  /** Only these faults (unproven tests and clause coverage are then not judged). */
  readonly faults?: readonly FaultName[];
  readonly workers?: number;
  readonly log?: (line: string) => void;
}

export async function buildFaultMatrix(options: MatrixOptions = {}): Promise<FaultMatrix> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const workers = String(options.workers ?? 2);
  const faults = options.faults ?? FaultNames;
  // Observation tests judge nothing, so no fault can (or should) make them fail: they are not in the matrix.
  const tests = (await listSuite()).filter((t) => !t.tags.includes(OBSERVATION_TAG));
  const work = await mkdtemp(path.join(tmpdir(), 'fault-matrix-'));
  const references: Reference[] = [];
  try {
    // 1. The traced run against the clean reference.
    const request = new AsyncLocalStorage<string>();
    const tracing = new TracingFaultSet(request);
    const traced = await startReference(tracing, request);
    references.push(traced);
    const clean = await runSuite({
      env: childEnv(traced.url, { TRACE_TESTS: 'true' }),
      args: [`--workers=${workers}`],
    });
    const cleanOutcomes = new Map(clean.tests.filter((t) => !t.tags.includes(OBSERVATION_TAG)).map((t) => [t.key, t]));
    const cleanFailures = clean.tests
      .filter((t) => t.outcome !== 'expected' && t.outcome !== 'skipped')
      .map((t) => `${t.key}\n${t.errors.join('\n')}`);
    if (clean.tests.length === 0)
      throw new Error(
        `The traced run against the clean reference ran no test (exit ${clean.exitCode}):\n${clean.stderr.slice(0, 2000)}`,
      );
    log(
      `traced clean run: ${clean.tests.length} tests, ${cleanFailures.length} not passing, ${Math.round(clean.durationMs)} ms`,
    );

    const everywhere = tracing.consulted.get(OUTSIDE_REQUESTS) ?? new Set<FaultName>();
    const reaches = (fault: FaultName, test: ListedTest) =>
      everywhere.has(fault) || (tracing.consulted.get(testKeyHash(test.key))?.has(fault) ?? false);
    const candidates = new Map(
      faults.map((fault) => [
        fault,
        tests.filter((t) => t.clauses.includes(FaultCatalogue[fault].clause) || reaches(fault, t)),
      ]),
    );

    // 2. One reference per fault, and the plan.
    const targets: Record<string, string> = { [CLEAN]: traced.url };
    for (const fault of faults) {
      const reference = await startReference(new FaultSet([fault]));
      references.push(reference);
      targets[fault] = reference.url;
    }
    const planned: Record<string, string[]> = {};
    for (const [fault, reached] of candidates) for (const test of reached) (planned[test.key] ??= []).push(fault);
    const repeats = Math.max(1, ...Object.values(planned).map((list) => list.length));
    const plan: FaultPlan = { targets, tests: planned };
    const planFile = path.join(work, 'plan.json');
    await writeFile(planFile, JSON.stringify(plan));
    const pairs = Object.values(planned).reduce((n, list) => n + list.length, 0);
    log(`matrix run: ${faults.length} faults, ${pairs} (test, fault) pairs, --repeat-each=${repeats}`);

    const matrix = await runSuite({
      env: childEnv(traced.url, { FAULT_PLAN: planFile }),
      args: [`--repeat-each=${repeats}`, `--workers=${workers}`],
      only: tests.filter((t) => planned[t.key] !== undefined),
      timeoutMs: 20 * 60_000,
    });
    log(`matrix run: ${matrix.tests.length} entries, exit ${matrix.exitCode}, ${Math.round(matrix.durationMs)} ms`);

    // 3. Each fault's outcomes: the tests it ran, and the clean outcomes of those it cannot reach.
    const underFault = new Map<FaultName, TestOutcome[]>();
    for (const raw of matrix.tests) {
      const fault = raw.annotations.find((a) => a.type === FAULT_ANNOTATION)?.description as FaultName | undefined;
      // A failure the fixture marked as expected (to keep the worker) is a failure.
      const entry = raw.annotations.some((a) => a.type === MATRIX_FAILED_ANNOTATION)
        ? { ...raw, outcome: 'unexpected' as const }
        : raw;
      if (fault !== undefined) underFault.set(fault, [...(underFault.get(fault) ?? []), entry]);
    }
    const rows = faults.map((fault): FaultRow => {
      const { clause, description } = FaultCatalogue[fault];
      const level = Clauses[clause].level;
      const ran = underFault.get(fault) ?? [];
      const failed = ran.filter((t) => t.outcome === 'unexpected' || t.outcome === 'flaky');
      const catching = failed.filter(
        (t) => t.clauses.includes(clause) && (level === 'assumed' || levelOf(t) === 'stated'),
      );
      const ranKeys = new Set(ran.map((t) => t.key));
      const records = [
        ...ran.map(record),
        ...[...cleanOutcomes.values()].filter((t) => !ranKeys.has(t.key)).map(record),
      ];
      const report = buildReport({
        tests: records,
        runInfo: null,
        runErrors: [],
        shard: null,
        date: new Date(),
        durationMs: 0,
        fakerSeed: undefined,
      });
      return {
        fault,
        clause,
        level,
        description,
        ran: ran.length,
        caughtBy: catching.map((t) => t.key),
        blast: failed.filter((t) => !t.clauses.includes(clause)).map((t) => t.key),
        verdict: report.verdict,
      };
    });

    const proven = new Set(rows.flatMap((r) => r.caughtBy));
    for (const row of rows)
      for (const entry of underFault.get(row.fault) ?? []) {
        if ((entry.outcome === 'unexpected' || entry.outcome === 'flaky') && entry.clauses.includes(row.clause))
          proven.add(entry.key);
      }
    const clauses = (Object.keys(Clauses) as ClauseId[]).map((clause) => ({
      clause,
      level: Clauses[clause].level,
      statedTests: tests.filter((t) => t.clauses.includes(clause) && levelOf(t) === 'stated').map((t) => t.key),
      tests: tests.filter((t) => t.clauses.includes(clause)).map((t) => t.key),
      faults: FaultNames.filter((f) => FaultCatalogue[f].clause === clause),
    }));
    const blastCounts = rows.map((r) => r.blast.length);
    const worst = rows.reduce<FaultRow | undefined>(
      (w, r) => (w === undefined || r.blast.length > w.blast.length ? r : w),
      undefined,
    );
    const whole = options.faults === undefined;
    return {
      rows,
      clauses,
      tests,
      cleanFailures,
      survivors: rows.filter((r) => r.caughtBy.length === 0),
      verdictUnturned: rows.filter((r) => r.level === 'stated' && r.verdict === 'CONFORMANT'),
      unproven: whole ? tests.filter((t) => !proven.has(t.key)) : [],
      statedWithoutTest: whole
        ? StatedClauses.filter((c) => !tests.some((t) => t.clauses.includes(c) && levelOf(t) === 'stated'))
        : [],
      statedWithoutFault: whole
        ? StatedClauses.filter((c) => !FaultNames.some((f) => FaultCatalogue[f].clause === c))
        : [],
      blastRadius: { median: median(blastCounts), max: Math.max(0, ...blastCounts), worst: worst?.fault },
      durationMs: performance.now() - started,
    };
  } finally {
    await Promise.all(references.map((r) => r.close()));
    await rm(work, { recursive: true, force: true });
  }
}

/** Everything that makes the matrix fail, one line each (empty: it passes). */
export function matrixProblems(matrix: FaultMatrix): string[] {
  return [
    ...matrix.cleanFailures.map((t) => `fails against the clean reference: ${t.split('\n')[0] ?? t}`),
    ...matrix.survivors.map(
      (r) =>
        `fault survives: ${r.fault} (breaks ${r.clause}, ${r.level}: ${r.description}); ${r.ran} test(s) ran against it`,
    ),
    ...matrix.verdictUnturned.map(
      (r) => `verdict stays CONFORMANT with ${r.fault}, which breaks the stated clause ${r.clause}`,
    ),
    ...matrix.unproven.map(
      (t) => `unproven test (no fault of its clauses makes it fail): ${t.key} (clauses: ${t.clauses.join(', ')})`,
    ),
    ...matrix.statedWithoutTest.map((c) => `stated clause without a @stated test: ${c}`),
    ...matrix.statedWithoutFault.map((c) => `stated clause without a fault: ${c}`),
  ];
}

const shortKey = (key: string) => key.replace(/^tests\//, '');

export function renderFaultMatrix(matrix: FaultMatrix): string {
  const { blastRadius } = matrix;
  const lines = [
    '# Fault matrix',
    '',
    `${matrix.rows.length} faults, ${matrix.survivors.length} surviving, ${matrix.verdictUnturned.length} stated-clause fault(s) leaving the verdict CONFORMANT; ` +
      `${matrix.tests.length} tests, ${matrix.unproven.length} unproven; ${Math.round(matrix.durationMs / 1000)} s.`,
    '',
    `Blast radius (failing tests outside the fault's clause): median ${blastRadius.median}, maximum ${blastRadius.max}${blastRadius.worst ? ` (${blastRadius.worst})` : ''}.`,
    '',
    'A fault of a stated clause is caught only by a failing `@stated` test citing the clause; a fault of an assumed clause by any failing test citing it.',
    '',
    '| fault | clause | level | caught by | outside its clause | verdict | ran |',
    '|---|---|---|---|---|---|---|',
    ...matrix.rows.map(
      (r) =>
        `| ${r.fault} | ${r.clause} | ${r.level} | ${r.caughtBy.length === 0 ? '**SURVIVED**' : r.caughtBy.map(shortKey).join('<br>')} | ` +
        `${r.blast.length === 0 ? '0' : `${r.blast.length}: ${r.blast.map(shortKey).join('<br>')}`} | ${r.verdict} | ${r.ran} |`,
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
  );
  lines.push('| clause | level | @stated tests | other tests | faults |', '|---|---|---|---|---|');
  for (const c of matrix.clauses) {
    const others = c.tests.filter((t) => !c.statedTests.includes(t));
    lines.push(
      `| ${c.clause} | ${c.level} | ${c.statedTests.map(shortKey).join('<br>') || '—'} | ${others.length} | ${c.faults.join('<br>') || '—'} |`,
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
    durationMs: Math.round(matrix.durationMs),
  };
  await writeFile(path.join(dir, 'fault-matrix.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(path.join(dir, 'fault-matrix.md'), renderFaultMatrix(matrix));
}
