/**
 * The fault matrix's first step: the suite against the clean reference, each request naming its test
 * (TEST_HEADER, suite-test.ts). The reference evaluates the guard of every fault's bend at every hook point it passes
 * (reference/hooks.ts) and applies none; a guard that holds while it serves a test's request is a fault
 * that could change what that test sees. A fault whose guard never held for a test cannot make it fail.
 *
 * The same run is the proof that the suite passes against the clean reference, and that spec/openapi.json
 * describes every success answer the reference sent (checked here, as it sends them).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { buildReference } from '../../reference/app.ts';
import { FaultNames, FaultSet, type FaultName } from '../../reference/faults/index.ts';
import { operationOf } from '../../reference/routes/context.ts';
import { OBSERVATION_TAG } from '../../support/contract/annotations.ts';
import { runSuite, type TestOutcome } from '../harness/suite-run.ts';
import { OpenApiAnswers, type OpenApiCheck } from './openapi-answers.ts';
import { keyHash, matrixRunEnvironment, SET_UP_MARK, TEST_HEADER } from './plan.ts';

/** Where a consultation is recorded when its request names no test (preflight's, teardown's, a set-up step's). */
const NO_TEST = '(a request of no test)';
/** Where one made outside any request is recorded: it could reach every test. */
const OUTSIDE_REQUESTS = '(outside any request)';

/** The clean reference with every fault's guards evaluated: which faults each test's requests consulted. */
class TracingFaultSet extends FaultSet {
  readonly consulted = new Map<string, Set<FaultName>>();

  constructor(private readonly requestOf: AsyncLocalStorage<string>) {
    super([], FaultNames);
  }

  override consult(fault: string): boolean {
    const test = this.requestOf.getStore() ?? OUTSIDE_REQUESTS;
    const seen = this.consulted.get(test) ?? new Set<FaultName>();
    this.consulted.set(test, seen.add(fault as FaultName));
    return false;
  }
}

export interface Reference {
  readonly url: string;
  close(): Promise<void>;
}

/** A reference of this process, listening on a free loopback port. */
export async function startReference(token: string, faults: FaultSet, instrument?: (app: FastifyInstance) => void) {
  const { app } = buildReference({ token, faults, ...(instrument ? { instrument } : {}) });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() } satisfies Reference;
}

export interface TracedRun {
  /** Every test but the observations (they judge nothing), with its clean outcome. */
  readonly tests: readonly TestOutcome[];
  /** Tests that did not pass against the clean reference, with their errors. */
  readonly failures: readonly string[];
  /** Whether a fault's guard held while the reference served one of the test's requests, or outside any request. */
  readonly reaches: (fault: FaultName, test: TestOutcome) => boolean;
  /** Faults whose guard held outside any request: they reach every test. */
  readonly everywhere: ReadonlySet<FaultName>;
  readonly openApi: OpenApiCheck;
  readonly durationMs: number;
}

export interface TraceOptions {
  readonly token: string;
  readonly env: Readonly<Record<string, string>>;
  readonly workers: number;
  /** Count what set-up requests consult too (to check that leaving them out changes no result). */
  readonly countSetUp?: boolean;
}

/** Runs the suite against a traced clean reference, which it returns still listening (the matrix run's BASE_URL). */
export async function traceCleanRun(options: TraceOptions): Promise<{ run: TracedRun; reference: Reference }> {
  const requestOf = new AsyncLocalStorage<string>();
  const tracing = new TracingFaultSet(requestOf);
  const openApi = new OpenApiAnswers();
  const instrument = (app: FastifyInstance) => {
    // Everything a request causes (its hooks, its route, the deliveries it sends) runs with its test's key hash.
    app.addHook('onRequest', (request, _reply, done) => {
      const test = request.headers[TEST_HEADER];
      // A set-up request is read leniently (it can make its test skip, not fail): what it consults reaches no test.
      const traced = typeof test === 'string' && (options.countSetUp === true || !test.endsWith(SET_UP_MARK));
      requestOf.run(traced ? test.replace(SET_UP_MARK, '') : NO_TEST, done);
    });
    // First of the onSend hooks, and nothing of the clean reference's bends its answers: what the client gets.
    app.addHook('onSend', async (request, reply, payload) => {
      const operation = operationOf(request);
      if (operation) openApi.record(operation, reply.statusCode, typeof payload === 'string' ? payload : undefined);
      return payload;
    });
  };
  const reference = await startReference(options.token, tracing, instrument);
  const clean = await runSuite({
    env: { ...options.env, BASE_URL: reference.url, ...matrixRunEnvironment({ trace: true }) },
    args: [`--workers=${options.workers}`],
  });
  if (clean.tests.length === 0) {
    await reference.close();
    throw new Error(
      `The traced run against the clean reference ran no test (exit ${clean.exitCode}):\n${clean.stderr.slice(0, 2000)}`,
    );
  }
  const tests = clean.tests.filter((t) => !t.tags.includes(OBSERVATION_TAG));
  const consultedBy = (test: TestOutcome) => tracing.consulted.get(keyHash(test.title));
  const everywhere = tracing.consulted.get(OUTSIDE_REQUESTS) ?? new Set<FaultName>();
  return {
    reference,
    run: {
      tests,
      failures: clean.tests
        .filter((t) => t.outcome !== 'expected' && t.outcome !== 'skipped')
        .map((t) => `${t.title}\n${t.errors.join('\n')}`),
      reaches: (fault, test) => everywhere.has(fault) || (consultedBy(test)?.has(fault) ?? false),
      everywhere,
      openApi: openApi.result,
      durationMs: clean.durationMs,
    },
  };
}
