/**
 * The fault matrix's plan for one run of the suite (scripts/lib/fault-matrix.ts): which reference each
 * test talks to, per repeat (`--repeat-each`), so that one Playwright run checks every test against
 * every fault that can reach it, each fault on its own reference instance. Read by the `api` fixture
 * (fixtures/target.ts) when FAULT_PLAN names a plan file; never used in a conformance run.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const FaultPlan = z.object({
  /** The reference serving each fault (`clean` for none): base URLs, all with the run's token. */
  targets: z.record(z.string(), z.string()),
  /** Per test key, the fault of each repeat (index = repeatEachIndex); a repeat past the list is skipped. */
  tests: z.record(z.string(), z.array(z.string())),
});
export type FaultPlan = z.infer<typeof FaultPlan>;

/** The annotation naming the fault a test ran against in a matrix run. */
export const FAULT_ANNOTATION = 'fault';

/** The annotation of a test that failed in a matrix run (and was then marked as expected to fail). */
export const MATRIX_FAILED_ANNOTATION = 'matrix-failed';

/** The header that names the test on each request of a traced run (the test key's hash: titles are not ASCII). */
export const TEST_HEADER = 'x-conformance-test';

/** `tests/<file> › <describe> › <title>`: the same from a running test and from a JSON report. */
export function testKey(file: string, titles: readonly string[]): string {
  return [file, ...titles].join(' › ');
}

/** A running test's key: its file relative to the project root, then its describes and title. */
export function runningTestKey(root: string, absoluteFile: string, titlePath: readonly string[]): string {
  return testKey(path.relative(root, absoluteFile), titlePath.slice(1));
}

export function testKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

let cached: { file: string; plan: FaultPlan } | undefined;
/** The plan in `file`, read once per worker. */
export function readFaultPlan(file: string): FaultPlan {
  if (cached?.file !== file) cached = { file, plan: FaultPlan.parse(JSON.parse(readFileSync(file, 'utf8'))) };
  return cached.plan;
}
