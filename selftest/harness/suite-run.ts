/**
 * Runs the conformance suite as a child process (as a user would) and reads its JSON report:
 * the self tests judge the suite by what it reports, not by its internals.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../support/run/config.ts';
import { PLAYWRIGHT_CLI } from './playwright-cli.ts';
import { Annotation } from '../../support/contract/annotations.ts';

/** Variables a parent Playwright run sets for its own workers; a child run must make its own. */
export const INHERITED_RUN_STATE = [
  'EMBEDDED_REFERENCE_URL',
  'API_TOKEN',
  'RUN_ID',
  'FAKER_SEED',
  'REFERENCE_FAULTS',
  'REFERENCE_VARIANT',
  'BASE_URL',
  'REPORTS_DIR',
  'CREATED_RESOURCES_FILE',
  'CAPTURE_LOCAL_URL',
  'CAPTURE_CONTROL_TOKEN',
  // A shared capture server of the caller's: a child run starts its own unless given one.
  'CAPTURE_URL',
  'OBSERVE_RETRY_WINDOW_MS',
  'WORKERS',
  'FAULT_PLAN',
  'TRACE_TESTS',
];

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

export interface TestOutcome extends ListedTest {
  /** Playwright's verdict: expected (passed), unexpected (failed), flaky, skipped. */
  readonly outcome: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  readonly errors: readonly string[];
  /** Every annotation of the test and its results (runtime ones included: skip reasons, depends-on, fault). */
  readonly annotations: readonly { readonly type: string; readonly description?: string }[];
  /** Its repeat (`--repeat-each`), 0 when not repeated. */
  readonly repeat: number;
}

export interface RunResult {
  readonly exitCode: number;
  readonly tests: readonly TestOutcome[];
  readonly stdout: string;
  readonly stderr: string;
  readonly durationMs: number;
}

export interface RunOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly args?: readonly string[];
  /** Only these tests (by `listLine`). */
  readonly only?: readonly ListedTest[];
  readonly timeoutMs?: number;
  /**
   * Keep what the run writes, as a user's run would write it, under this directory: the config's own
   * reporters (HTML, JUnit, conformance report, blob with --shard) in `reports/`, test results in
   * `test-results/`. Without it only a JSON report is written, to a temporary directory.
   */
  readonly keepReports?: string;
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
      results: { errors: { message?: string }[]; annotations?: JsonAnnotation[] }[];
    }[];
  }[];
  suites?: JsonSuite[];
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
        });
      });
    }
    out.push(...flatten(suite.suites ?? [], path));
  }
  return out;
}

/** Runs `playwright test --project=conformance` with the given env and reads the JSON report. */
export async function runSuite(options: RunOptions = {}): Promise<RunResult> {
  const work = options.keepReports ?? (await mkdtemp(path.join(tmpdir(), 'conformance-run-')));
  await mkdir(work, { recursive: true });
  try {
    const reportFile = path.join(work, 'report.json');
    // With keepReports the config's reporters run (it adds JSON because PLAYWRIGHT_JSON_OUTPUT_FILE is set).
    const reporters = options.keepReports ? [] : ['--reporter=json'];
    // Two workers by default: self tests run beside each other on CI's two cores; a run's own args may say otherwise.
    const workers = (options.args ?? []).some((a) => a.startsWith('--workers')) ? [] : ['--workers=2'];
    const args = [
      PLAYWRIGHT_CLI,
      'test',
      '--project=conformance',
      ...reporters,
      ...workers,
      `--output=${path.join(work, 'test-results')}`,
      ...(options.args ?? []),
    ];
    if (options.only) {
      const listFile = path.join(work, 'tests.txt');
      await writeFile(listFile, options.only.map((t) => t.listLine).join('\n'));
      args.push(`--test-list=${listFile}`);
    }
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of INHERITED_RUN_STATE) delete env[key];
    // This process is a Playwright worker; the child is a runner, not one of our workers.
    for (const key of Object.keys(env)) if (key.startsWith('TEST_') && key.endsWith('_INDEX')) delete env[key];
    // Observation tests watch for seconds (retries): a child run has them only when it asks (OBSERVE_DELIVERIES=true).
    // Its reports (created-resources.json among them, even with --reporter=json) go under `work`, never the project's reports/.
    Object.assign(
      env,
      {
        PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
        FORCE_COLOR: '0',
        OBSERVE_DELIVERIES: 'false',
        REPORTS_DIR: path.join(work, 'reports'),
      },
      options.env,
    );
    const started = performance.now();
    const { exitCode, stdout, stderr } = await spawnCollect(
      process.execPath,
      args,
      env,
      options.timeoutMs ?? 10 * 60_000,
    );
    let tests: TestOutcome[] = [];
    try {
      tests = flatten((JSON.parse(await readFile(reportFile, 'utf8')) as { suites: JsonSuite[] }).suites);
    } catch {
      // No report: the run stopped before any test (bad config, unreachable target). exitCode and stderr say why.
    }
    return { exitCode, tests, stdout, stderr, durationMs: performance.now() - started };
  } finally {
    if (!options.keepReports) await rm(work, { recursive: true, force: true });
  }
}

/** The conformance tests with their clauses, without running them. */
export async function listSuite(env: Readonly<Record<string, string>> = {}): Promise<ListedTest[]> {
  const result = await runSuite({ env, args: ['--list'] });
  if (result.tests.length === 0)
    throw new Error(`Listing the suite found no tests (exit ${result.exitCode}):\n${result.stderr}`);
  return [...result.tests];
}

function spawnCollect(command: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ exitCode: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? -1, stdout, stderr });
    });
  });
}
