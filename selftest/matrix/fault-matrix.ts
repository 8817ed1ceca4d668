/**
 * The fault matrix: proof that every check can fail, and that the verdict turns when a stated clause
 * breaks. For each fault of reference/faults, the tests it can reach run against a reference with that
 * fault on; the matrix then asks:
 * - is the fault caught? A fault of a stated clause only by a failing `@stated` test citing the clause
 *   (the verdict turns NOT CONFORMANT); a fault of an assumed clause by any failing test citing it, and
 *   the verdict must then stay CONFORMANT (nothing assumed decides it);
 * - what else failed? The tests outside the fault's clause that failed: its blast radius;
 * - is every test proven (failed under some fault of a clause it cites), every stated clause judged by
 *   a `@stated` test, and broken by some fault?
 *
 * How it stays fast (Playwright starts a new worker after every failed test, so runs and failures cost):
 * 1. One traced run against the clean reference, each request naming its test: the reference records,
 *    per test, which faults its code consulted while serving it (`faults.has`). A fault never consulted
 *    for a test cannot change what that test sees; a fault consulted outside any request (when the app is
 *    built) can reach every test. That run is also the proof the suite passes against the clean reference,
 *    and that spec/openapi.json describes every success answer it got (OPENAPI_CHECK_DIR: each 2xx answer
 *    is checked against the document, support/report/openapi/validate.ts).
 * 2. One matrix run: every fault gets its own reference (in this process, each on its own port), and
 *    each test is declared once per fault that can reach it (selftest/matrix/plan.ts, fixtures/matrix.ts),
 *    all in one set of workers; a copy that fails keeps its worker (fixtures/target.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildReference } from '../../reference/app.ts';
import { FaultCatalogue, FaultNames, FaultSet, type FaultName } from '../../reference/faults/index.ts';
import { PROJECT_ROOT, REFERENCE_PROFILE } from '../../support/run/config.ts';
import { Annotation, OBSERVATION_TAG } from '../../support/contract/annotations.ts';
import { Clauses, StatedClauses, type ClauseId } from '../../support/contract/clauses.ts';
import { keyHash, MatrixAnnotation, SET_UP_MARK, TEST_HEADER, type FaultPlan } from './plan.ts';
import { OperationIds, type OperationId } from '../../support/contract/operations.ts';
import { OPENAPI_FILE } from '../../support/report/openapi/document.ts';
import { readCheckRecords } from '../../support/report/openapi/validate.ts';
import { buildReport, median, type Outcome, type TestRecord } from '../../support/report/conformance-report.ts';
import { listSuite, runSuite, type ListedTest, type TestOutcome } from '../harness/suite-run.ts';

const TOKEN = `matrix-${randomBytes(12).toString('hex')}`;
/**
 * Workers of the traced and the matrix run. Much of a matrix run waits (on faults withholding an answer
 * or a delivery), so one more worker than cores overlaps those waits: on 2 cores, 2 workers 99 s, 3 92 s,
 * 4 90 s (`npm run fault-matrix -- --workers=<n>`).
 */
const MATRIX_WORKERS = 3;
/**
 * How long a matrix run waits for a delivery (see childEnv): every fault that withholds one costs its
 * tests this long. An answer is given longer, 8 s: only create-booking-no-answer withholds one, once, and
 * under the load of the other self tests a 16 MiB body can take more than 3 s to be sent and refused.
 */
const MATRIX_DELIVERY_WAIT_MS = 3_000;
const MATRIX_REQUEST_WAIT_MS = 8_000;
/** The plan's name for the reference without faults. */
const CLEAN = 'clean';
/** Where the traced run records a consultation made outside any request (while the app is built). */
const OUTSIDE_REQUESTS = '(outside any request)';
/** Where it records those of requests that name no test (preflight's, teardown's): they reach no test. */
const UNTRACED_REQUESTS = '(a request of no test)';

interface FaultRow {
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
  /** Every failing test, with the first line of its error (written to the JSON report, for a look). */
  readonly failures: readonly { readonly test: string; readonly error: string }[];
  /** The verdict of a run against a reference with only this fault. */
  readonly verdict: string;
}

interface ClauseRow {
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
  /** The clean run's success answers checked against spec/openapi.json: how many per operation, and those it does not describe. */
  readonly openApi: {
    readonly checked: Readonly<Record<OperationId, number>>;
    readonly mismatches: readonly string[];
  };
  readonly survivors: readonly FaultRow[];
  /** Faults of stated clauses after which the verdict stayed CONFORMANT. */
  readonly verdictUnturned: readonly FaultRow[];
  /** Faults of assumed clauses after which the verdict was not CONFORMANT: a reading decided it. */
  readonly verdictTurnedByReading: readonly FaultRow[];
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
    super([], FaultNames);
    this.#request = request;
  }

  override consult(name: string): boolean {
    const test = this.#request.getStore() ?? OUTSIDE_REQUESTS;
    const seen = this.consulted.get(test) ?? new Set<FaultName>();
    this.consulted.set(test, seen.add(name as FaultName));
    return false;
  }
}

interface Reference {
  readonly url: string;
  close(): Promise<void>;
}

async function startReference(
  faults: FaultSet,
  request?: AsyncLocalStorage<string>,
  countSetUp = false,
): Promise<Reference> {
  // Everything a request causes (its hooks, its handler, the deliveries it sends) runs with its test's key hash.
  const trace = (app: FastifyInstance) =>
    app.addHook('onRequest', (req, _reply, done) => {
      const test = req.headers[TEST_HEADER];
      // A set-up request is read leniently (it can make its test skip, not fail): what it consults reaches no test.
      const traced = typeof test === 'string' && (countSetUp || !test.endsWith(SET_UP_MARK));
      request?.run(traced ? test.replace(SET_UP_MARK, '') : UNTRACED_REQUESTS, done);
    });
  const { app } = buildReference({ token: TOKEN, faults, ...(request ? { instrument: trace } : {}) });
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
    // The references answer and deliver within milliseconds: a fault that withholds an answer or a
    // delivery costs its tests this long, not the 10 s a distant target is given.
    REQUEST_TIMEOUT_MS: String(MATRIX_REQUEST_WAIT_MS),
    DELIVERY_TIMEOUT_MS: String(MATRIX_DELIVERY_WAIT_MS),
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
    notApplicable: test.outcome === 'skipped' && test.annotations.some((a) => a.type === Annotation.notApplicable),
    deliveryLatenciesMs: [],
  };
}

export interface MatrixOptions {
  /** Only these faults (unproven tests and clause coverage are then not judged). */
  readonly faults?: readonly FaultName[];
  readonly workers?: number;
  readonly log?: (line: string) => void;
  /** Stop after the traced run: log how many tests each fault reaches (to see where a fault is consulted too widely). */
  readonly planOnly?: boolean;
  /** Keep the matrix run's own reports (JSON, HTML) in this directory, for a look at a puzzling result. */
  readonly keepRunDir?: string;
  /** Count what set-up requests consult too (slower: to check that leaving them out changes no result). */
  readonly countSetUp?: boolean;
}

export async function buildFaultMatrix(options: MatrixOptions = {}): Promise<FaultMatrix> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const workers = String(options.workers ?? MATRIX_WORKERS);
  const faults = options.faults ?? FaultNames;
  // Observation tests judge nothing, so no fault can (or should) make them fail: they are not in the matrix.
  const tests = (await listSuite()).filter((t) => !t.tags.includes(OBSERVATION_TAG));
  const work = await mkdtemp(path.join(tmpdir(), 'fault-matrix-'));
  const references: Reference[] = [];
  try {
    // 1. The traced run against the clean reference.
    const request = new AsyncLocalStorage<string>();
    const tracing = new TracingFaultSet(request);
    const traced = await startReference(tracing, request, options.countSetUp);
    references.push(traced);
    const openApiChecks = path.join(work, 'openapi-checks');
    const clean = await runSuite({
      env: childEnv(traced.url, { TRACE_TESTS: 'true', OPENAPI_CHECK_DIR: openApiChecks }),
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
    const checks = readCheckRecords(openApiChecks);
    const openApi = {
      checked: Object.fromEntries(
        OperationIds.map((id) => [id, checks.filter((c) => c.operation === id).length]),
      ) as Record<OperationId, number>,
      mismatches: checks
        .filter((c) => c.problems.length > 0)
        .map((c) => `${c.operation} ${c.status}: ${c.problems.join('; ')}`),
    };
    log(
      `traced clean run: ${clean.tests.length} tests, ${cleanFailures.length} not passing, ${checks.length} success answers checked against ${OPENAPI_FILE}, ${Math.round(clean.durationMs)} ms`,
    );

    const everywhere = tracing.consulted.get(OUTSIDE_REQUESTS) ?? new Set<FaultName>();
    const reaches = (fault: FaultName, test: ListedTest) =>
      everywhere.has(fault) || (tracing.consulted.get(keyHash(test.key))?.has(fault) ?? false);
    const cites = (fault: FaultName, test: ListedTest) => test.clauses.includes(FaultCatalogue[fault].clause);
    const candidates = new Map(
      faults.map((fault) => [
        fault,
        tests.filter((t) =>
          'once' in FaultCatalogue[fault]
            ? cites(fault, t) && levelOf(t) === 'stated'
            : cites(fault, t) || reaches(fault, t),
        ),
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
    const plan: FaultPlan = { targets, tests: planned };
    const planFile = path.join(work, 'plan.json');
    await writeFile(planFile, JSON.stringify(plan));
    const pairs = Object.values(planned).reduce((n, list) => n + list.length, 0);
    log(`matrix run: ${faults.length} faults, ${pairs} (test, fault) pairs`);
    if (options.planOnly) {
      const reach = [...candidates]
        .map(([fault, reached]) => [fault, reached.length] as const)
        .sort((a, b) => b[1] - a[1]);
      for (const [fault, count] of reach) {
        log(
          `reaches ${String(count).padStart(4)} test(s): ${fault}${everywhere.has(fault) ? ' (consulted outside requests)' : ''}`,
        );
      }
      const perTest = Object.values(planned)
        .map((list) => list.length)
        .sort((a, b) => a - b);
      const at = (q: number) => perTest[Math.min(perTest.length - 1, Math.floor(perTest.length * q))] ?? 0;
      log(`faults per test: p10 ${at(0.1)}, median ${at(0.5)}, p90 ${at(0.9)}, max ${perTest.at(-1) ?? 0}`);
      return { ...emptyMatrix(tests, cleanFailures), openApi, durationMs: performance.now() - started };
    }

    const matrix = await runSuite({
      env: childEnv(traced.url, { FAULT_PLAN: planFile }),
      args: [`--workers=${workers}`],
      timeoutMs: 20 * 60_000,
      ...(options.keepRunDir ? { keepReports: options.keepRunDir } : {}),
    });
    log(`matrix run: ${matrix.tests.length} entries, exit ${matrix.exitCode}, ${Math.round(matrix.durationMs)} ms`);

    // 3. Each fault's outcomes: the tests it ran, and the clean outcomes of those it cannot reach.
    const underFault = new Map<FaultName, TestOutcome[]>();
    for (const copy of matrix.tests) {
      const fault = copy.annotations.find((a) => a.type === MatrixAnnotation.fault)?.description as
        FaultName | undefined;
      const key = copy.annotations.find((a) => a.type === MatrixAnnotation.test)?.description;
      // A failure the fixture marked as expected (to keep the worker) is a failure; the copy stands for its test.
      const failed = copy.annotations.some((a) => a.type === MatrixAnnotation.failed);
      const entry = { ...copy, key: key ?? copy.key, ...(failed ? { outcome: 'unexpected' as const } : {}) };
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
        failures: failed.map((t) => ({
          test: t.key,
          error: (t.errors[0] ?? '')
            .replace(/\u001b\[[0-9;]*m/g, '')
            .split('\n')
            .filter((line) => line.trim() !== '')
            .slice(0, 3)
            .join(' / ')
            .slice(0, 400),
        })),
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
      openApi,
      survivors: rows.filter((r) => r.caughtBy.length === 0),
      verdictUnturned: rows.filter((r) => r.level === 'stated' && r.verdict === 'CONFORMANT'),
      verdictTurnedByReading: rows.filter((r) => r.level === 'assumed' && r.verdict !== 'CONFORMANT'),
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

/** A matrix of no fault: what `planOnly` returns. */
function emptyMatrix(
  tests: readonly ListedTest[],
  cleanFailures: readonly string[],
): Omit<FaultMatrix, 'durationMs' | 'openApi'> {
  return {
    rows: [],
    clauses: [],
    tests,
    cleanFailures,
    survivors: [],
    verdictUnturned: [],
    verdictTurnedByReading: [],
    unproven: [],
    statedWithoutTest: [],
    statedWithoutFault: [],
    blastRadius: { median: 0, max: 0, worst: undefined },
  };
}

/** Everything that makes the matrix fail, one line each (empty: it passes). */
export function matrixProblems(matrix: FaultMatrix): string[] {
  return [
    ...matrix.cleanFailures.map((t) => `fails against the clean reference: ${t.split('\n')[0] ?? t}`),
    ...matrix.openApi.mismatches.map(
      (m) => `${OPENAPI_FILE} does not describe a success answer of the clean reference: ${m}`,
    ),
    ...(Object.entries(matrix.openApi.checked) as [OperationId, number][])
      .filter(([, count]) => count === 0)
      .map(([id]) => `no success answer of ${id} was checked against ${OPENAPI_FILE} in the clean run`),
    ...matrix.survivors.map(
      (r) =>
        `fault survives: ${r.fault} (breaks ${r.clause}, ${r.level}: ${r.description}); ${r.ran} test(s) ran against it`,
    ),
    ...matrix.verdictUnturned.map(
      (r) => `verdict stays CONFORMANT with ${r.fault}, which breaks the stated clause ${r.clause}`,
    ),
    ...matrix.verdictTurnedByReading.map(
      (r) =>
        `verdict is ${r.verdict} with ${r.fault}, which breaks only the reading ${r.clause}: a reading decided the verdict`,
    ),
    ...matrix.unproven.map(
      (t) => `unproven test (no fault of its clauses makes it fail): ${t.key} (clauses: ${t.clauses.join(', ')})`,
    ),
    ...matrix.statedWithoutTest.map((c) => `stated clause without a @stated test: ${c}`),
    ...matrix.statedWithoutFault.map((c) => `stated clause without a fault: ${c}`),
  ];
}

const shortKey = (key: string) => key.replace(/^tests\//, '');

function renderFaultMatrix(matrix: FaultMatrix): string {
  const { blastRadius } = matrix;
  const lines = [
    '# Fault matrix',
    '',
    `${matrix.rows.length} faults, ${matrix.survivors.length} surviving, ${matrix.verdictUnturned.length} stated-clause fault(s) leaving the verdict CONFORMANT; ` +
      `${matrix.tests.length} tests, ${matrix.unproven.length} unproven; ${Math.round(matrix.durationMs / 1000)} s.`,
    '',
    `Blast radius (failing tests outside the fault's clause): median ${blastRadius.median}, maximum ${blastRadius.max}${blastRadius.worst ? ` (${blastRadius.worst})` : ''}.`,
    '',
    `Success answers of the clean run checked against ${OPENAPI_FILE}: ${Object.entries(matrix.openApi.checked)
      .map(([id, count]) => `${id} ${count}`)
      .join(', ')}; ${matrix.openApi.mismatches.length} not described.`,
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
