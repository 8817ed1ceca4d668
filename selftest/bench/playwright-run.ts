/**
 * One timed Playwright run, as a user starts it (`playwright test …` in a child process, the config's
 * own reporters plus JSON), with everything it writes kept in a temporary directory. The time is the
 * child's wall time from spawn to exit: config, global setup, every worker start, the tests, teardown
 * and the reports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PLAYWRIGHT_CLI } from '../harness/playwright-cli.ts';
import { INHERITED_RUN_STATE } from '../harness/suite-run.ts';
import { load, spawnTimed, tempDir } from './harness.ts';

interface TestResultTiming {
  readonly workerIndex: number;
  /** The worker slot (0 … workers - 1): a restarted worker takes its predecessor's. */
  readonly parallelIndex: number;
  readonly startTime: number;
  readonly duration: number;
  readonly status: string;
}

export interface RunReport {
  readonly tests: number;
  readonly files: number;
  readonly passed: number;
  readonly failed: number;
  readonly flaky: number;
  readonly skipped: number;
  /** The workers the run was configured with (`config.workers` of the JSON report). */
  readonly workers: number;
  /** Every result (attempt) with the worker it ran in and when it started (epoch ms). */
  readonly results: readonly TestResultTiming[];
}

export interface PlaywrightRun {
  readonly exitCode: number;
  readonly durationMs: number;
  /** When the run was spawned (epoch ms). */
  readonly startedAt: number;
  /** CPU time of the run's processes (runner and workers), ms. */
  readonly cpuMs: number;
  readonly report: RunReport | undefined;
  readonly stdout: string;
  readonly stderr: string;
  /** Load averages when the run ended. */
  readonly load: string;
}

interface JsonSuite {
  file: string;
  specs: {
    file: string;
    tests: {
      status: string;
      results: { workerIndex: number; parallelIndex: number; startTime: string; duration: number; status: string }[];
    }[];
  }[];
  suites?: JsonSuite[];
}
interface JsonReport {
  config: { workers?: number; metadata?: { actualWorkers?: number } };
  suites: JsonSuite[];
}

function readJsonReport(file: string): RunReport {
  const json = JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  const files = new Set<string>();
  const outcomes = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 } as Record<string, number>;
  const results: TestResultTiming[] = [];
  const walk = (suites: readonly JsonSuite[]) => {
    for (const suite of suites) {
      for (const spec of suite.specs) {
        for (const test of spec.tests) {
          files.add(spec.file);
          outcomes[test.status] = (outcomes[test.status] ?? 0) + 1;
          for (const r of test.results)
            results.push({
              workerIndex: r.workerIndex,
              parallelIndex: r.parallelIndex,
              startTime: Date.parse(r.startTime),
              duration: r.duration,
              status: r.status,
            });
        }
      }
      walk(suite.suites ?? []);
    }
  };
  walk(json.suites);
  return {
    tests: Object.values(outcomes).reduce((a, b) => a + b, 0),
    files: files.size,
    passed: outcomes.expected ?? 0,
    failed: outcomes.unexpected ?? 0,
    flaky: outcomes.flaky ?? 0,
    skipped: outcomes.skipped ?? 0,
    workers: json.config.metadata?.actualWorkers ?? json.config.workers ?? NaN,
    results,
  };
}

export interface RunOptions {
  /** Arguments after `playwright test`. */
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Project directory (its playwright.config.ts is used); default the suite's. */
  readonly cwd?: string;
  readonly timeoutMs?: number;
}

/**
 * Runs `playwright test <args>` with the config's reporters (REPORTS_DIR and test results in a temporary
 * directory, removed after) and reads the JSON report the config adds when PLAYWRIGHT_JSON_OUTPUT_FILE is set.
 */
export async function runPlaywright(options: RunOptions): Promise<PlaywrightRun> {
  const work = tempDir('bench-run');
  try {
    const reportFile = path.join(work.dir, 'report.json');
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of INHERITED_RUN_STATE) delete env[key];
    Object.assign(env, {
      PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
      REPORTS_DIR: path.join(work.dir, 'reports'),
      FORCE_COLOR: '0',
    });
    for (const [key, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    const args = [PLAYWRIGHT_CLI, 'test', `--output=${path.join(work.dir, 'test-results')}`, ...options.args];
    const run = await spawnTimed(args, {
      env,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    let report: RunReport | undefined;
    try {
      report = readJsonReport(reportFile);
    } catch {
      // No report: the run stopped before any test; exitCode and stderr say why.
    }
    return { ...run, report, load: load() };
  } finally {
    work.remove();
  }
}

/** `playwright test --project=conformance`, the command of `npm run conformance`, with extra env and args. */
export function runConformance(
  env: Readonly<Record<string, string | undefined>> = {},
  args: readonly string[] = [],
): Promise<PlaywrightRun> {
  return runPlaywright({ args: ['--project=conformance', ...args], env });
}

/** Throws with the run's output when it wrote no report (it could not start). */
export function reported(run: PlaywrightRun, what: string): RunReport {
  if (run.report) return run.report;
  throw new Error(
    `${what}: no JSON report (exit ${run.exitCode}).\n${run.stderr.slice(-3000)}\n${run.stdout.slice(-3000)}`,
  );
}

/**
 * Where a run's wall time went: spawn to the first test's start (config, global setup, the first worker
 * start), first test start to last test end, last test end to exit (global teardown, the reports).
 */
export function phases(run: PlaywrightRun): string {
  const results = run.report?.results ?? [];
  if (results.length === 0) return 'no test ran';
  const first = Math.min(...results.map((r) => r.startTime));
  const last = Math.max(...results.map((r) => r.startTime + r.duration));
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `before the first test ${s(first - run.startedAt)}, tests ${s(last - first)}, after the last test ${s(run.startedAt + run.durationMs - last)}`;
}
