/**
 * The one harness for child Playwright runs. The self tests, the fault matrix, the benches and the
 * seeds script start `playwright test` through it, in a child process, as a user would, and read what
 * the run reported: the suite is judged by what it reports, not by its internals. A child run inherits
 * no configuration from the process that starts it (no variable of the registry: not the parent's
 * token, target or reports directory, nor a store named in the shell) and reads no dotenv file
 * (SELF_TEST): it is told all it needs, and otherwise runs against the embedded reference.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../support/run/config.ts';
import { PLAYWRIGHT_CLI } from './playwright-cli.ts';
import { Annotation } from '../../support/contract/annotations.ts';
import { Variables } from '../../support/contract/variables.ts';
import { CONFORMANCE_REPORTER, REDACTING_REPORTER } from '../../support/run/reporter-guard.ts';

/** The reporters a run keeps its verdict with (support/run/reporter-guard.ts), by absolute path. */
const VERDICT_REPORTERS = [REDACTING_REPORTER, CONFORMANCE_REPORTER]
  .map((file) => path.join(PROJECT_ROOT, file))
  .join(',');

/** Every configuration variable: a child run is given its own, never the parent's. */
const CONFIGURATION = Object.keys(Variables);

/**
 * The environment of a child process: this one's without any configuration variable, nor the worker
 * indexes Playwright gives a worker (this process may be one; the child is a runner, not one of our
 * workers), marked SELF_TEST (no dotenv file is read), with `overrides` over it (undefined removes a variable).
 */
export function childEnvironment(overrides: Readonly<Record<string, string | undefined>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  for (const key of CONFIGURATION) delete env[key];
  for (const key of Object.keys(env)) if (key.startsWith('TEST_') && key.endsWith('_INDEX')) delete env[key];
  env.SELF_TEST = 'true';
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export interface ListedTest {
  /** `[conformance] › file › describe › title`, the form `--test-list` takes. */
  readonly listLine: string;
  readonly file: string;
  readonly line: number;
  /** Its describe titles and its title: the test's key in the fault matrix (selftest/matrix/plan.ts). */
  readonly title: string;
  readonly tags: readonly string[];
  readonly clauses: readonly string[];
}

/** One attempt of a test: the worker it ran in and when (the benches' timings). */
interface ResultTiming {
  readonly workerIndex: number;
  /** The worker slot (0 … workers - 1): a restarted worker takes its predecessor's. */
  readonly parallelIndex: number;
  /** Epoch ms. */
  readonly startTime: number;
  readonly duration: number;
  readonly status: string;
}

export interface TestOutcome extends ListedTest {
  /** Playwright's verdict: expected (passed), unexpected (failed), flaky, skipped. */
  readonly outcome: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  readonly errors: readonly string[];
  /** Every annotation of the test and its results (runtime ones included: skip reasons, depends-on, fault). */
  readonly annotations: readonly { readonly type: string; readonly description?: string }[];
  /** Its repeat (`--repeat-each`), 0 when not repeated. */
  readonly repeat: number;
  readonly results: readonly ResultTiming[];
}

/** The time a test took over all its attempts. */
export const durationOf = (test: Pick<TestOutcome, 'results'>) => test.results.reduce((sum, r) => sum + r.duration, 0);

export interface RunResult {
  readonly exitCode: number;
  /** Empty when the run wrote no report: it stopped before any test (bad config, unreachable target). */
  readonly tests: readonly TestOutcome[];
  /** Whether the run wrote its JSON report. */
  readonly reported: boolean;
  /** The workers the run had (its JSON report's config); NaN without a report. */
  readonly workers: number;
  readonly stdout: string;
  readonly stderr: string;
  /** From spawn to exit: config, global setup, every worker start, the tests, teardown and the reports. */
  readonly durationMs: number;
  /** When the run was spawned (epoch ms). */
  readonly startedAt: number;
  /** CPU time of the run's processes, runner and workers (ChildProcessResult). */
  readonly cpuMs: number;
}

export interface PlaywrightOptions {
  /** Arguments after `playwright test`. */
  readonly args: readonly string[];
  /** Over the child environment (undefined removes a variable). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Project directory (its playwright.config.ts is used); default the suite's. */
  readonly cwd?: string;
  /** Only these tests (by `listLine`). */
  readonly only?: readonly ListedTest[];
  readonly timeoutMs?: number;
  /**
   * Keep what the run writes, as a user's run would write it, under this directory: the config's own
   * reporters (HTML, JUnit, conformance report, blob with --shard) in `reports/`, test results in
   * `test-results/`. Without it, everything goes to a temporary directory, removed after.
   */
  readonly keepReports?: string;
  /** The config's own reporters (and JSON) even without keepReports; else JSON alone. */
  readonly configReporters?: boolean;
  /** In a process group of its own, killed with its workers on timeout and when this process exits (the benches). */
  readonly processGroup?: boolean;
}

interface JsonAnnotation {
  type: string;
  description?: string;
}

interface JsonSuite {
  title: string;
  file: string;
  specs: {
    title: string;
    file: string;
    line: number;
    column: number;
    tags: string[];
    tests: {
      projectName: string;
      status: TestOutcome['outcome'];
      annotations: JsonAnnotation[];
      results: {
        errors: { message?: string }[];
        annotations?: JsonAnnotation[];
        workerIndex: number;
        parallelIndex: number;
        startTime: string;
        duration: number;
        status: string;
      }[];
    }[];
  }[];
  suites?: JsonSuite[];
}

interface JsonReport {
  config: { workers?: number; metadata?: { actualWorkers?: number } };
  suites: JsonSuite[];
}

function flatten(suites: readonly JsonSuite[], titles: readonly string[] = []): TestOutcome[] {
  const out: TestOutcome[] = [];
  for (const suite of suites) {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs) {
      spec.tests.forEach((test, repeat) => {
        const annotations = [...test.annotations, ...test.results.flatMap((r) => r.annotations ?? [])];
        out.push({
          listLine: [`[${test.projectName}]`, spec.file, ...path, spec.title].join(' › '),
          file: spec.file,
          line: spec.line,
          title: [...path, spec.title].join(' › '),
          tags: spec.tags.map((t) => `@${t}`),
          clauses: [
            ...new Set(annotations.filter((a) => a.type === Annotation.clause).map((a) => a.description ?? '')),
          ],
          outcome: test.status,
          errors: test.results.flatMap((r) => r.errors.map((e) => e.message ?? '')),
          annotations,
          repeat,
          results: test.results.map((r) => ({
            workerIndex: r.workerIndex,
            parallelIndex: r.parallelIndex,
            startTime: Date.parse(r.startTime),
            duration: r.duration,
            status: r.status,
          })),
        });
      });
    }
    out.push(...flatten(suite.suites ?? [], path));
  }
  return out;
}

/**
 * Runs `playwright test <args>` and reads the JSON report it writes: the verdict's reporters and JSON, or the config's
 * reporters and JSON (the config adds it when PLAYWRIGHT_JSON_OUTPUT_FILE is set). Its reports go
 * under keepReports, or a temporary directory; never the project's reports/.
 */
export async function runPlaywright(options: PlaywrightOptions): Promise<RunResult> {
  const work = options.keepReports ?? (await mkdtemp(path.join(tmpdir(), 'playwright-run-')));
  await mkdir(work, { recursive: true });
  try {
    const reportFile = path.join(work, 'report.json');
    const configReporters = options.keepReports !== undefined || options.configReporters === true;
    const args = [
      PLAYWRIGHT_CLI,
      'test',
      // The verdict's reporters stay (global setup refuses a run without them), and JSON for this harness.
      ...(configReporters ? [] : [`--reporter=${VERDICT_REPORTERS},json`]),
      `--output=${path.join(work, 'test-results')}`,
      ...options.args,
    ];
    if (options.only) {
      const listFile = path.join(work, 'tests.txt');
      await writeFile(listFile, options.only.map((t) => t.listLine).join('\n'));
      args.push(`--test-list=${listFile}`);
    }
    // Created-resources.json among them, even with JSON alone: REPORTS_DIR goes under `work`.
    const env = childEnvironment({
      PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
      REPORTS_DIR: path.join(work, 'reports'),
      ...options.env,
    });
    const run = await spawnNode(args, {
      env,
      cwd: options.cwd ?? PROJECT_ROOT,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      processGroup: options.processGroup === true,
    });
    let json: JsonReport | undefined;
    try {
      json = JSON.parse(await readFile(reportFile, 'utf8')) as JsonReport;
    } catch {
      // No report: the run stopped before any test. exitCode and stderr say why.
    }
    return {
      ...run,
      tests: json ? flatten(json.suites) : [],
      reported: json !== undefined,
      workers: json?.config.metadata?.actualWorkers ?? json?.config.workers ?? Number.NaN,
    };
  } finally {
    if (!options.keepReports) await rm(work, { recursive: true, force: true });
  }
}

export interface RunOptions {
  /** Over the child environment (undefined removes a variable). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly args?: readonly string[];
  /** Only these tests (by `listLine`). */
  readonly only?: readonly ListedTest[];
  readonly timeoutMs?: number;
  /** As for runPlaywright: keep what the run writes, as a user's run would write it, under this directory. */
  readonly keepReports?: string;
}

/** Runs the conformance suite (`playwright test --project=conformance`) with the given env and reads its report. */
export function runSuite(options: RunOptions = {}): Promise<RunResult> {
  const args = options.args ?? [];
  // One worker by default: two self tests run beside each other on CI's two cores, and each worker a run
  // starts costs it a Playwright start. A run's own args may say otherwise.
  const workers = args.some((a) => a.startsWith('--workers')) ? [] : ['--workers=1'];
  return runPlaywright({
    args: ['--project=conformance', ...workers, ...args],
    // Observation tests watch for seconds (retries): a child run has them only when it asks (OBSERVE_DELIVERIES=true).
    // Generated requests likewise (FUZZ=on): the fault matrix proves them, bench:fuzz runs them against each variant.
    env: { OBSERVE_DELIVERIES: 'false', FUZZ: 'off', ...options.env },
    timeoutMs: options.timeoutMs ?? 10 * 60_000,
    ...(options.only ? { only: options.only } : {}),
    ...(options.keepReports ? { keepReports: options.keepReports } : {}),
  });
}

/** The conformance tests with their clauses, without running them. */
export async function listSuite(env: Readonly<Record<string, string>> = {}): Promise<TestOutcome[]> {
  const result = await runSuite({ env, args: ['--list'] });
  if (result.tests.length === 0)
    throw new Error(`Listing the suite found no tests (exit ${result.exitCode}):\n${result.stderr}`);
  return [...result.tests];
}

export interface ChildProcessResult {
  readonly exitCode: number;
  readonly durationMs: number;
  /** When the child was spawned (epoch ms). */
  readonly startedAt: number;
  readonly stdout: string;
  readonly stderr: string;
  /**
   * CPU time (user and system, ms) of the child and of every descendant it waited for (a Playwright
   * runner's workers): what the run cost the machine, whatever else shares it. NaN off Linux, and
   * meaningful only when no other child of this process ends meanwhile (the benches run one at a time).
   */
  readonly cpuMs: number;
}

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU time (ms) of this process's children that ended and were waited for, with their own waited-for
 * descendants (`cutime` + `cstime`, fields 16 and 17 of /proc/self/stat).
 */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / USER_HZ;
  } catch {
    return NaN;
  }
}

/** Children in a process group of their own, killed with their workers when this process exits. */
const groups = new Set<ChildProcess>();

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

let killedOnExit = false;

/**
 * Spawns `node args…` and times it from spawn to exit; killed after `timeoutMs` (default 15 minutes). In a process group of
 * its own when asked, so that a Playwright runner's workers go with it.
 */
export function spawnNode(
  args: readonly string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv; timeoutMs?: number; processGroup?: boolean },
): Promise<ChildProcessResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const startedAt = performance.timeOrigin + started;
    const cpuBefore = childrenCpuMs();
    const child = spawn(process.execPath, args, {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.processGroup === true,
    });
    if (options.processGroup) {
      groups.add(child);
      if (!killedOnExit) process.on('exit', () => groups.forEach(killGroup));
      killedOnExit = true;
    }
    const kill = () => (options.processGroup ? killGroup(child) : child.kill('SIGKILL'));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(kill, options.timeoutMs ?? 15 * 60_000);
    child.on('close', (code) => {
      const durationMs = performance.now() - started;
      clearTimeout(timer);
      groups.delete(child);
      resolve({ exitCode: code ?? -1, durationMs, startedAt, stdout, stderr, cpuMs: childrenCpuMs() - cpuBefore });
    });
  });
}
