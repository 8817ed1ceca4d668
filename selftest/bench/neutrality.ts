/**
 * The neutrality bench: the whole conformance suite against the embedded reference making a drawn set
 * of its choices (REFERENCE_CHOICES=random:<seed>), through the one child-run harness. A suite that
 * relies on none of the reference's choices is CONFORMANT against every draw, with no `@stated` failure
 * and no unexplained skip. `npm run neutrality` and selftest/neutrality.spec.ts run it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  referenceChoicesOf,
  type ReferenceChoiceName,
  type ReferenceVariant,
} from '../../support/contract/embedded-targets.ts';
import { ConformanceReport } from '../../support/report/report-format.ts';
import { runSuite } from '../harness/suite-run.ts';

/** A test a draw holds against the suite: a `@stated` failure, or a skip nothing explains. */
interface Finding {
  readonly kind: 'failed' | 'flaky' | 'unexplained skip';
  readonly title: string;
  /** Why: the failure's first lines, or the skip's reason. */
  readonly why: string;
  readonly replay: string;
}

export interface DrawRun {
  readonly seed: number;
  readonly base: ReferenceVariant;
  readonly choices: readonly ReferenceChoiceName[];
  readonly verdict: ConformanceReport['verdict'];
  readonly totals: ConformanceReport['totals'] | undefined;
  readonly findings: readonly Finding[];
  readonly exitCode: number;
  /** Why the run has no report (it stopped before any test), from its output. */
  readonly stopped: string | undefined;
}

/** The environment that makes the embedded reference of `base` make the draw of `seed`. */
const drawEnvironment = (seed: number, base: ReferenceVariant): Record<string, string> => ({
  REFERENCE_VARIANT: base,
  REFERENCE_CHOICES: `random:${seed}`,
});

/** `npm run conformance` of one test, as a user replays it: its title's parts, regex-escaped, as Playwright greps them. */
export function replayCommand(seed: number, base: ReferenceVariant, title: string): string {
  const grep = title
    .split(' › ')
    .join(' ')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/'/g, "'\\''");
  const variant = base === 'standard' ? '' : `REFERENCE_VARIANT=${base} `;
  return `${variant}REFERENCE_CHOICES=random:${seed} npm run conformance -- --grep '${grep}'`;
}

/** What a draw's report holds against the suite. */
function findingsOf(report: ConformanceReport, seed: number, base: ReferenceVariant): Finding[] {
  const failed = report.tests
    .filter((t) => t.level === 'stated' && (t.outcome === 'failed' || t.outcome === 'flaky'))
    .map((t) => ({ kind: t.outcome as 'failed' | 'flaky', title: t.title, why: t.error ?? '' }));
  const skipped = report.unexplainedSkips.map((s) => ({
    kind: 'unexplained skip' as const,
    title: s.title,
    why: s.reason,
  }));
  return [...failed, ...skipped].map((f) => ({ ...f, replay: replayCommand(seed, base, f.title) }));
}

/** The whole suite against the draw of `seed` over `base`; `args` go to `playwright test` (`--workers=2`). */
export async function runDraw(seed: number, base: ReferenceVariant, args: readonly string[] = []): Promise<DrawRun> {
  const env = drawEnvironment(seed, base);
  const choices = referenceChoicesOf(base, env.REFERENCE_CHOICES ?? '');
  const dir = await mkdtemp(path.join(tmpdir(), 'neutrality-'));
  try {
    const run = await runSuite({ env, args, keepReports: dir });
    const text = await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8').catch(() => undefined);
    const report = text === undefined ? undefined : ConformanceReport.parse(JSON.parse(text));
    return {
      seed,
      base,
      choices,
      verdict: report?.verdict ?? 'NO VERDICT',
      totals: report?.totals,
      findings: report ? findingsOf(report, seed, base) : [],
      exitCode: run.exitCode,
      stopped: report ? undefined : (run.stderr || run.stdout).trim().split('\n').slice(-5).join('\n'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A draw the suite passes: CONFORMANT, with no `@stated` failure and no unexplained skip. */
export const passes = (run: DrawRun): boolean => run.verdict === 'CONFORMANT' && run.findings.length === 0;

/** One line for the run (seed, choices, verdict, counts), then one block per finding, with its replay. */
export function describeDraw(run: DrawRun): string[] {
  const { stated, assumed } = run.totals ?? {};
  const counts =
    stated && assumed
      ? `@stated ${stated.passed} passed ${stated.failed + stated.flaky} failed ${stated.skipped} skipped, ` +
        `@assumed ${assumed.passed} passed ${assumed.failed + assumed.flaky} failed ${assumed.skipped} skipped`
      : 'no report';
  const base = run.base === 'standard' ? '' : ` on ${run.base}`;
  const head = `random:${run.seed}${base}  ${run.verdict}  ${counts}  choices: ${run.choices.join(', ') || 'none'}`;
  const findings = run.findings.flatMap((f) => [
    `    ${f.kind}: ${f.title}`,
    ...(f.why ? [`        ${f.why.split('\n')[0]?.slice(0, 200)}`] : []),
    `        ${f.replay}`,
  ]);
  return [head, ...findings, ...(run.stopped ? [`    stopped before any test:\n${run.stopped}`] : [])];
}
