/**
 * What the fault matrix (fault-matrix.ts) tells the suite's runs it starts, and how: a child run of the
 * matrix loads suite-hooks.js (`NODE_OPTIONS=--import`), which hands the spec files suite-test.ts where
 * they import fixtures/index.ts. The suite itself knows none of it: a conformance run, installed or not,
 * never loads this folder.
 * - The traced run (traced-run.ts, TRACE_TESTS): each request names its test (TEST_HEADER), marked when a
 *   set-up step sends it.
 * - A matrix run (FAULT_PLAN, the plan file): each test is declared once per fault the plan gives it, and
 *   each such copy talks to the reference serving its fault, so one Playwright run, in one set of workers,
 *   checks every (test, fault) pair.
 *
 * A test is known by its title path: its describe titles and its title, unique across the suite
 * (selftest/fault-matrix.spec.ts checks it). It is the same where a spec file declares the test, in a
 * running test and in a run's JSON report.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const FaultPlan = z.object({
  /** The reference serving each fault: base URLs, all with the run's token. */
  targets: z.record(z.string(), z.string()),
  /** Per test key, the faults the test runs against (one copy of the test each). */
  tests: z.record(z.string(), z.array(z.string())),
  /**
   * Headers a copy sends with every request, by fault: the mutation run serves every mutant from one
   * reference, and a copy names its mutant (selftest/mutation/server.ts).
   */
  headers: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type FaultPlan = z.infer<typeof FaultPlan>;

/** The variables a child run of the matrix reads (suite-test.ts); not the suite's configuration. */
export const MatrixVariable = {
  /** The plan file of a matrix run. */
  plan: 'FAULT_PLAN',
  /** `true`: each request names its test. */
  trace: 'TRACE_TESTS',
} as const;

export const MatrixAnnotation = {
  /** The fault a copy of a test runs against. */
  fault: 'fault',
  /** The key of the test a copy is of. */
  test: 'matrix-test',
  /** A copy that failed (and was then marked as expected to fail, to keep its worker). */
  failed: 'matrix-failed',
} as const;

/** The header that names the test on each request of a traced run (the key's hash: titles are not ASCII). */
export const TEST_HEADER = 'x-conformance-test';
/** Appended to the header's value on a set-up request (fixtures/set-up.ts). */
export const SET_UP_MARK = ';set-up';

const SEPARATOR = ' › ';

/** A test's key: its describe titles and its title, as a run's JSON report joins them. */
export function testKey(titles: readonly string[]): string {
  return titles.join(SEPARATOR);
}

/** The key of a running test, from its title path (the file first, then the describes and the title). */
export function runningTestKey(titlePath: readonly string[]): string {
  return testKey(titlePath.slice(1));
}

export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

let cached: { file: string; plan: FaultPlan } | undefined;
/** The plan in `file`, read once per process. */
export function readFaultPlan(file: string): FaultPlan {
  if (cached?.file !== file) cached = { file, plan: FaultPlan.parse(JSON.parse(readFileSync(file, 'utf8'))) };
  return cached.plan;
}

const HOOKS = new URL('./suite-hooks.js', import.meta.url).href;

/**
 * The environment of one of the matrix's child runs, over the harness's (selftest/harness/suite-run.ts):
 * the hooks that give its spec files suite-test.ts, and what that module is to do. Undefined removes a
 * variable the parent may have.
 */
export function matrixRunEnvironment(run: { plan: string } | { trace: true }): Record<string, string | undefined> {
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${HOOKS}`.trim(),
    [MatrixVariable.plan]: 'plan' in run ? run.plan : undefined,
    [MatrixVariable.trace]: 'trace' in run ? 'true' : undefined,
  };
}
