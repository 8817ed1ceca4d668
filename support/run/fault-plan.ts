/**
 * The fault matrix's plan for one run of the suite (selftest/matrix/fault-matrix.ts; it lives here because the shipped fixtures read it): each test is declared
 * once per fault that can reach it (fixtures/matrix.ts), and each such copy talks to the reference
 * serving its fault (fixtures/target.ts), so one Playwright run, in one set of workers, checks every
 * test against every such fault. Read only when FAULT_PLAN names a plan file; never in a conformance run.
 *
 * A test is known by where it is declared: its file, line and column, title and tags. That is known
 * both when a spec file declares it and in a listing's JSON report, and it tells apart the tests a
 * loop declares at one line (their titles or operation tags differ).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const FaultPlan = z.object({
  /** The reference serving each fault: base URLs, all with the run's token. */
  targets: z.record(z.string(), z.string()),
  /** Per declaration key, the faults the test runs against (one copy of the test each). */
  tests: z.record(z.string(), z.array(z.string())),
});
export type FaultPlan = z.infer<typeof FaultPlan>;

export const MatrixAnnotation = {
  /** The fault a copy of a test runs against. */
  fault: 'fault',
  /** The declaration key of the test a copy is of. */
  test: 'matrix-test',
  /** A copy that failed (and was then marked as expected to fail, to keep its worker). */
  failed: 'matrix-failed',
} as const;

/** The header that names the test on each request of a traced run (the key's hash: titles are not ASCII). */
export const TEST_HEADER = 'x-conformance-test';
/** Appended to the header's value on a set-up request (fixtures/steps/set-up.ts). */
export const SET_UP_MARK = ';set-up';

export interface Declaration {
  /** Relative to the project root. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly title: string;
  /** With or without the leading `@`. */
  readonly tags: readonly string[];
}

/** `tests/<file>:<line>:<column> › <title> › <tags>`. */
export function declarationKey({ file, line, column, title, tags }: Declaration): string {
  const sortedTags = tags.map((tag) => tag.replace(/^@/, '')).sort();
  return `${file.split(path.sep).join('/')}:${line}:${column} › ${title} › ${sortedTags.join(' ')}`;
}

/** A running test's declaration key (its file is absolute there). */
export function runningDeclarationKey(root: string, test: Declaration): string {
  return declarationKey({ ...test, file: path.relative(root, test.file) });
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
