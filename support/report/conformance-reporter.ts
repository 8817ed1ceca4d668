/**
 * Playwright reporter writing `reports/conformance.json` and `reports/conformance.md` for the tests of
 * the `conformance` project, and making the exit code follow the verdict: 0 for CONFORMANT (even when
 * `@assumed` tests failed: readings, not breaches), 1 for NOT CONFORMANT, 2 for NO VERDICT (nothing was
 * judged: bad configuration, an unusable target, a run stopped in global set-up).
 *
 * It works the same on a whole run, on one shard (a partial report, marked so) and on `merge-reports`
 * of the shards' blob reports, where it sees every shard's tests and the metadata playwright.config.ts
 * recorded (support/report/run-info.ts). Everything it writes comes from the tests' tags and
 * annotations, so specs added later are reported without changes here.
 *
 * Observation tests (tagged @observation) are treated apart: what they observed (their
 * `observed-delivery` annotations) is reported, and they count for nothing in the verdict.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError } from '@playwright/test/reporter';
import { z } from 'zod';
import { PROJECT_ROOT, workingDirectory } from '../run/config.ts';
import { redact } from '../redaction/redact.ts';
import { Annotation, OBSERVATION_TAG } from '../contract/annotations.ts';
import { Operations } from '../contract/operations.ts';
import { buildReport, type ObservationTest } from './conformance-report.ts';
import { renderHtml } from './conformance-html.ts';
import { renderMarkdown } from './conformance-markdown.ts';
import { EvidenceNames } from '../client/evidence.ts';
import {
  ConformanceReport,
  DeliveryObservation,
  EXIT_CODES,
  type Level,
  type Outcome,
  type RunInfo,
  type StoreEffects,
  type TestRecord,
} from './report-format.ts';
import { RUN_INFO_METADATA_KEY, safeEnvironment } from './run-info.ts';
import { applyBaseline, describeGate, readReportFile, ReportFileError } from './baseline.ts';
import { readVariable } from '../contract/variables.ts';
import { reportsDir } from './index.ts';
import { createdResourcesFiles, storeEffects } from './store-effects.ts';

export interface ConformanceReporterOptions {
  /** Where conformance.json and conformance.md go (default: REPORTS_DIR, else reports). */
  readonly outputDir?: string;
  /** The project whose tests are judged (default: conformance). */
  readonly project?: string;
}

const OUTCOMES: Record<ReturnType<TestCase['outcome']>, Outcome> = {
  expected: 'passed',
  unexpected: 'failed',
  skipped: 'skipped',
  flaky: 'flaky',
};
const NO_REASON = 'no reason given (the run may have been interrupted or stopped early)';
const ANSI = /\u001b\[[0-9;]*m/g;
const REPORT_FILES = ['conformance.json', 'conformance.md', 'conformance.html'] as const;
/** The longest run error kept in the report (a configuration error lists every bad variable). */
const MAX_RUN_ERROR_CHARS = 4_000;

/**
 * Makes this process exit with 2 (NO VERDICT) where Playwright would exit with 1.
 *
 * Playwright maps every run that did not pass to exit code 1 (lib/runner `finishTaskRun`, then
 * lib/cli/testActions.js calls process.exit(status === 'passed' ? 0 : 1)), and a reporter can only
 * pass or fail the run. Node calls the process's 'exit' listeners inside process.exit and then exits
 * with process.exitCode as they leave it: this listener turns that 1 into 2. Unlike a reporter placed
 * last that calls process.exit(2) in its onExit, it lets every reporter (blob, HTML, JUnit) and
 * Playwright's own shutdown finish first, whatever the order of the reporters; an interrupted run
 * keeps its 130. selftest/preflight.spec.ts checks the exit code of real runs.
 */
function exitWithNoVerdict(): void {
  process.once('exit', (code) => {
    if (code === EXIT_CODES['NOT CONFORMANT']) process.exitCode = EXIT_CODES['NO VERDICT'];
  });
}

/** Whether the command line selects the project: no --project, or one naming it or a pattern. */
function selectsProject(argv: readonly string[], project: string): boolean {
  const named = argv.flatMap((arg, i) =>
    arg === '--project' ? [argv[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [],
  );
  return named.length === 0 || named.some((name) => name === project || name.includes('*'));
}

/** Options of `playwright test` that run part of the suite's tests. */
const SELECTING_OPTIONS = [
  '--grep',
  '-g',
  '--grep-invert',
  '--last-failed',
  '--only-changed',
  '--test-list',
  '--test-list-invert',
];

/**
 * How part of the suite was chosen, when only part of it ran: an option that selects tests, or spec
 * files of the project's that none of its tests came from. Undefined for the whole suite.
 */
function selectionOf(
  argv: readonly string[],
  testDir: string | undefined,
  files: ReadonlySet<string>,
): string | undefined {
  const options = argv.filter((arg) => SELECTING_OPTIONS.some((o) => arg === o || arg.startsWith(`${o}=`)));
  const reasons = options.map((o) => o.split('=')[0] ?? o);
  if (testDir && existsSync(testDir)) {
    const all = readdirSync(testDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.spec.ts'));
    if (files.size < all.length) reasons.push(`${files.size} of its ${all.length} spec files`);
  }
  return reasons.length > 0 ? [...new Set(reasons)].join(', ') : undefined;
}

function annotationsOf(test: TestCase): { type: string; description?: string }[] {
  const seen = new Set<string>();
  return [...test.annotations, ...(test.results.at(-1)?.annotations ?? [])].filter((a) => {
    const key = `${a.type}\u0000${a.description ?? ''}`;
    return !seen.has(key) && (seen.add(key), true);
  });
}

function firstError(test: TestCase): string | undefined {
  const error: TestError | undefined = test.results.flatMap((r) => r.errors)[0];
  const text = error?.message ?? error?.value;
  if (!text) return undefined;
  const lines = redact(text)
    .replace(ANSI, '')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 4)
    .join(' / ');
  return lines.length > 500 ? `${lines.slice(0, 500)}…` : lines;
}

/** The longest evidence kept in the report (the attachments hold the whole): a curl line long enough to replay most requests. */
const MAX_EVIDENCE_CHARS = { curl: 16_000, response: 2_000 } as const;

/** A failed test's last request and answer, as its failure evidence attached them. */
function evidenceOf(test: TestCase): TestRecord['evidence'] {
  const attachments = test.results.at(-1)?.attachments ?? [];
  const text = (name: string, max: number) => {
    const body = attachments.find((a) => a.name === name)?.body;
    if (body === undefined) return undefined;
    const shown = redact(body.toString('utf8'));
    return shown.length > max
      ? `${shown.slice(0, max)}… [${shown.length - max} more characters in the attachment]`
      : shown;
  };
  const curl = text(EvidenceNames.curl, MAX_EVIDENCE_CHARS.curl);
  const response = text(EvidenceNames.response, MAX_EVIDENCE_CHARS.response);
  return curl === undefined || response === undefined ? undefined : { curl, response };
}

export function toTestRecord(test: TestCase): TestRecord {
  const annotations = annotationsOf(test);
  const tags = new Set(test.tags);
  const level: Level = tags.has('@stated') ? 'stated' : tags.has('@assumed') ? 'assumed' : 'untagged';
  const operation = Object.values(Operations).find((op) => tags.has(op.tag))?.name ?? '(no operation tag)';
  const outcome = OUTCOMES[test.outcome()];
  const skip = annotations.find((a) => a.type === 'skip' || a.type === 'fixme');
  const seed = annotations.find((a) => a.type === Annotation.fakerSeed)?.description;
  const described = (type: string) =>
    annotations.filter((a) => a.type === type && a.description).map((a) => (a.description as string).trim());
  const failed = outcome === 'failed' || outcome === 'flaky';
  const error = failed ? firstError(test) : undefined;
  const evidence = failed ? evidenceOf(test) : undefined;
  return {
    title: test.titlePath().slice(3).join(' › '),
    location: `${path.relative(PROJECT_ROOT, test.location.file)}:${test.location.line}`,
    level,
    operation,
    clauses: described(Annotation.clause),
    outcome,
    ...(outcome === 'skipped' ? { skipReason: redact(skip?.description?.trim() || NO_REASON) } : {}),
    dependsOn: [...new Set(described(Annotation.dependsOn))],
    notApplicable: outcome === 'skipped' && annotations.some((a) => a.type === Annotation.notApplicable),
    ...(error ? { error } : {}),
    ...(evidence ? { evidence } : {}),
    ...(seed ? { fakerSeed: seed } : {}),
    deliveryLatenciesMs: described(Annotation.deliveryLatencyMs)
      .map((v) => Number.parseFloat(v))
      .filter((v) => Number.isFinite(v)),
  };
}

const isObservation = (test: TestCase) => test.tags.includes(OBSERVATION_TAG);

/** An observation test: what it observed, or why it did not (skipped, or the observation could not be made). */
export function toObservationTest(test: TestCase): ObservationTest {
  const { title, location, outcome, skipReason } = toTestRecord(test);
  const observed: DeliveryObservation[] = [];
  const problems: string[] = [];
  for (const a of annotationsOf(test).filter((a) => a.type === Annotation.observedDelivery)) {
    let json: unknown;
    try {
      json = JSON.parse(a.description ?? '');
    } catch {
      json = undefined;
    }
    const parsed = DeliveryObservation.safeParse(json);
    if (parsed.success) observed.push(parsed.data);
    else problems.push('an observation the report format does not take was left out (a bug of the suite)');
  }
  const error = outcome === 'failed' || outcome === 'flaky' ? firstError(test) : undefined;
  const reason = [skipReason, error, ...problems].filter(Boolean).join('; ');
  return { title, location, outcome, ...(reason ? { reason } : {}), observed };
}

export default class ConformanceReporter implements Reporter {
  readonly #outputDir: string;
  readonly #project: string;
  #config: FullConfig | undefined;
  #suite: Suite | undefined;
  #started = new Date();
  readonly #runErrors: string[] = [];

  constructor(options: ConformanceReporterOptions = {}) {
    // Given by playwright.config.ts; named on the command line (`--reporter=…`), it takes REPORTS_DIR.
    this.#outputDir = path.resolve(workingDirectory(), options.outputDir ?? reportsDir());
    this.#project = options.project ?? 'conformance';
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.#config = config;
    this.#suite = suite;
    this.#started = new Date();
    // Before global setup: a report left by an earlier run must not pass for this one's if it stops early.
    if (suite.allTests().some((t) => this.#judges(t))) {
      for (const file of REPORT_FILES) rmSync(path.join(this.#outputDir, file), { force: true });
    }
  }

  onError(error: TestError): void {
    // Whole: a configuration error's first line is only its heading. ConfigError and PreflightError have no stack.
    const text = redact(error.message ?? error.value ?? 'unknown error')
      .replace(ANSI, '')
      .trim();
    this.#runErrors.push(text.length > MAX_RUN_ERROR_CHARS ? `${text.slice(0, MAX_RUN_ERROR_CHARS)}…` : text);
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const all = this.#suite?.allTests() ?? [];
    const judged = all.filter((t) => this.#judges(t));
    // No test ran: a listing (--list) writes nothing; a run that stopped in global setup (its suite is
    // empty then) says why, in place of an earlier run's report.
    const ran = judged.some((t) => t.results.length > 0);
    const stoppedEarly = all.length === 0 && this.#runErrors.length > 0 && selectsProject(process.argv, this.#project);
    if (!stoppedEarly && (judged.length === 0 || (!ran && this.#runErrors.length === 0))) return undefined;
    let report = buildReport({
      tests: ran ? judged.filter((t) => !isObservation(t)).map(toTestRecord) : [],
      observations: ran ? judged.filter(isObservation).map(toObservationTest) : [],
      runInfo: this.#runInfo(),
      runErrors: this.#runErrors,
      shard: this.#config?.shard ?? null,
      selection:
        ran && !this.#config?.shard
          ? selectionOf(
              process.argv,
              this.#config?.projects.find((p) => p.name === this.#project)?.testDir,
              new Set(judged.filter((t) => t.results.length > 0).map((t) => t.location.file)),
            )
          : undefined,
      date: result.startTime ?? this.#started,
      durationMs: result.duration,
      fakerSeed: process.env.FAKER_SEED,
      readOnly: this.#runInfo()?.configuration.TARGET_READ_ONLY === 'true',
      store: this.#storeEffects(),
    });
    const gated = this.#gated(report);
    if (gated === undefined) return { status: 'failed' };
    report = gated;
    this.#write(report);
    const shown = path.relative(process.cwd(), path.join(this.#outputDir, 'conformance.md'));
    const partial = report.shard ? ` (shard ${report.shard.current}/${report.shard.total} only)` : '';
    console.log(`\nConformance: ${report.headline}${partial}. ${shown}`);
    if (report.selection)
      console.log(`  only part of the suite ran (${report.selection}): the verdict covers those tests alone`);
    for (const clause of report.failingClauses) console.log(`  breaks ${clause.id}: ${clause.quote}`);
    if (report.verdict === 'NO VERDICT') {
      // The error that stopped the run was printed above it, once: it is not repeated here.
      const stopped = report.tests.length === 0 && report.runErrors.length > 0;
      console.log(
        `  nothing was judged about the target: ${stopped ? 'the run stopped before any test ran (the error above)' : report.reasons.join(' ')}`,
      );
    }

    if (report.baseline) for (const line of describeGate(report.baseline)) console.log(line);

    // Before the early return: a run stopped by the global timeout before any test has no verdict either.
    if (report.verdict === 'NO VERDICT') exitWithNoVerdict();
    if (result.status === 'interrupted' || result.status === 'timedout') return undefined;
    // A baseline's gate passes a NOT CONFORMANT run whose failures are all known: exit 0, the verdict unchanged.
    if (report.verdict !== 'CONFORMANT' && report.baseline?.gate !== 'passed') return { status: 'failed' };
    // CONFORMANT: failed @assumed tests do not fail the run, but anything else that failed still does.
    const othersOk = all.every((t) => judged.includes(t) || t.ok());
    return othersOk ? { status: 'passed' } : undefined;
  }

  /**
   * The report marked against CONFORMANCE_BASELINE, when one is given (support/report/baseline.ts); the
   * report as it is without one. Undefined when the baseline cannot be read (global setup checked it
   * exists): a mistake of setting, said in one line, and no report: NO VERDICT.
   */
  #gated(report: ConformanceReport): ConformanceReport | undefined {
    const given = readVariable('CONFORMANCE_BASELINE', safeEnvironment());
    if (!given) return report;
    const file = path.resolve(workingDirectory(), given);
    try {
      return applyBaseline(report, readReportFile(file), given);
    } catch (error) {
      if (!(error instanceof ReportFileError)) throw error;
      console.log(`CONFORMANCE_BASELINE: ${error.message}`);
      exitWithNoVerdict();
      return undefined;
    }
  }

  /**
   * What the run did to the store, from the created-resources list global teardown wrote before this
   * (global setup named a run's own, a shard's; a merge reads every shard's list of the run).
   */
  #storeEffects(): StoreEffects | null {
    const named = process.env.CREATED_RESOURCES_FILE;
    const env = safeEnvironment();
    const file =
      named ??
      path.resolve(
        workingDirectory(),
        readVariable('CREATED_RESOURCES_FILE', env) ?? path.join(reportsDir(env), 'created-resources.json'),
      );
    return storeEffects(createdResourcesFiles(file, named === undefined), this.#runInfo()?.runId);
  }

  #judges(test: TestCase): boolean {
    return test.parent.project()?.name === this.#project;
  }

  /** From the config's metadata; the run id global setup generated is only in this process's environment. */
  #runInfo(): RunInfo | null {
    const info = this.#config?.metadata[RUN_INFO_METADATA_KEY] as RunInfo | undefined;
    if (!info) return null;
    return { ...info, runId: info.runId ?? process.env.RUN_ID };
  }

  /**
   * Writes the report after checking it against its own format (support/report/report-format.ts),
   * as the JSON readers will get it. A report that does not match is a bug of the suite: nothing is
   * written, the run has no verdict, and the error says which fields are wrong.
   */
  #write(report: ConformanceReport): void {
    const json = redact(JSON.stringify(report, null, 2));
    const checked = ConformanceReport.safeParse(JSON.parse(json));
    if (!checked.success) {
      exitWithNoVerdict();
      throw new Error(
        `Bug in the suite: the conformance report does not match its own format (support/report/report-format.ts), so none was written:\n${z.prettifyError(checked.error)}`,
      );
    }
    mkdirSync(this.#outputDir, { recursive: true });
    writeFileSync(path.join(this.#outputDir, 'conformance.json'), `${json}\n`);
    writeFileSync(path.join(this.#outputDir, 'conformance.md'), redact(renderMarkdown(report)));
    writeFileSync(path.join(this.#outputDir, 'conformance.html'), redact(renderHtml(report)));
  }
}
