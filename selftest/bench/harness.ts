/**
 * What every bench script shares: its timed runs of the suite (through the one child-run harness,
 * selftest/harness/suite-run.ts, each in its own process group, so a runner's workers go with it),
 * temporary directories and servers closed on exit, and the figures' formatting (median, seconds, the
 * machine's load averages beside every figure).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { runPlaywright, type PlaywrightOptions, type RunResult } from '../harness/suite-run.ts';

const dirs = new Set<string>();
const closers = new Set<() => unknown>();

function cleanUpNow(): void {
  for (const close of closers) void close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

// Exiting also kills the runs still going (the harness's own exit hook).
process.on('exit', cleanUpNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    cleanUpNow();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });

/** A new temporary directory, removed when this process exits (or by `remove()` earlier). */
export function tempDir(prefix: string): { readonly dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  dirs.add(dir);
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      dirs.delete(dir);
    },
  };
}

/** Runs `close` on exit unless it was run before (servers this process started). */
export function closeOnExit<T extends () => Promise<unknown>>(close: T): T {
  const once = (async () => {
    closers.delete(once);
    await close();
  }) as T;
  closers.add(once);
  return once;
}

/** A timed run, and the machine's load averages when it ended. */
export type PlaywrightRun = RunResult & { readonly load: string };

/**
 * One timed run, as a user starts it (`playwright test …`, the config's own reporters plus JSON), with
 * everything it writes in a temporary directory. The time is the child's wall time from spawn to exit.
 */
export async function timedRun(options: PlaywrightOptions): Promise<PlaywrightRun> {
  const run = await runPlaywright({ ...options, configReporters: true, processGroup: true });
  return { ...run, load: load() };
}

/** `playwright test --project=conformance`, the command of `npm run conformance`, with extra env and args. */
export function runConformance(
  env: Readonly<Record<string, string | undefined>> = {},
  args: readonly string[] = [],
): Promise<PlaywrightRun> {
  return timedRun({ args: ['--project=conformance', ...args], env });
}

export interface RunReport {
  readonly tests: number;
  readonly files: number;
  readonly passed: number;
  readonly failed: number;
  readonly flaky: number;
  readonly skipped: number;
  /** The workers the run was configured with. */
  readonly workers: number;
  /** Every result (attempt) with the worker it ran in and when it started (epoch ms). */
  readonly results: RunResult['tests'][number]['results'];
}

/** The run's counts; throws with its output when it wrote no report (it could not start). */
export function reported(run: PlaywrightRun, what: string): RunReport {
  if (!run.reported)
    throw new Error(
      `${what}: no JSON report (exit ${run.exitCode}).\n${run.stderr.slice(-3000)}\n${run.stdout.slice(-3000)}`,
    );
  const count = (outcome: string) => run.tests.filter((t) => t.outcome === outcome).length;
  return {
    tests: run.tests.length,
    files: new Set(run.tests.map((t) => t.file)).size,
    passed: count('expected'),
    failed: count('unexpected'),
    flaky: count('flaky'),
    skipped: count('skipped'),
    workers: run.workers,
    results: run.tests.flatMap((t) => t.results),
  };
}

/**
 * Where a run's wall time went: spawn to the first test's start (config, global setup, the first worker
 * start), first test start to last test end, last test end to exit (global teardown, the reports).
 */
export function phases(run: PlaywrightRun): string {
  const results = run.tests.flatMap((t) => t.results);
  if (results.length === 0) return 'no test ran';
  const first = Math.min(...results.map((r) => r.startTime));
  const last = Math.max(...results.map((r) => r.startTime + r.duration));
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `before the first test ${s(first - run.startedAt)}, tests ${s(last - first)}, after the last test ${s(run.startedAt + run.durationMs - last)}`;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}`;

/** `load 1.20 0.85 0.40` (1, 5 and 15 minutes). */
export const load = (): string =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** One line on the machine: cores and load, printed at the top of every bench. */
export function machine(): string {
  return `machine: ${cpus().length} cores (availableParallelism ${availableParallelism()}), ${load()}, node ${process.version}`;
}

/** `--name=value` or `--name value` from this script's arguments. */
export function option(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const index = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index < 0) return fallback;
  const arg = argv[index]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[index + 1] ?? fallback);
}

export const numbers = (list: string): number[] =>
  list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
