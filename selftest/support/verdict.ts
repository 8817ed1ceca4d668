/**
 * What a run against a valid store must show, read from its conformance.json: CONFORMANT, no `@stated`
 * test failed or flaky, no skip that nothing explains. The self tests and benches that run the suite
 * against stores we know to be valid (the foreign store, drawn reference choices, seeds) each say why
 * a run falls short in the same words.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConformanceReport } from '../../support/report/report-format.ts';

/** The conformance report a run kept under `dir` (runSuite's keepReports). */
export async function reportIn(dir: string): Promise<ConformanceReport> {
  return ConformanceReport.parse(JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')));
}

/** One line per way the run falls short of a valid store's: empty when it does not. */
export function shortfalls(report: ConformanceReport): string[] {
  const stated = report.tests
    .filter((t) => t.level === 'stated' && (t.outcome === 'failed' || t.outcome === 'flaky'))
    .map((t) => `@stated ${t.outcome}: ${t.title}${t.error ? ` (${t.error.slice(0, 300)})` : ''}`);
  const skips = report.unexplainedSkips.map((s) => `unexplained skip: ${s.title}: ${s.reason}`);
  const verdict = report.verdict === 'CONFORMANT' ? [] : [`verdict ${report.verdict}: ${report.reasons.join('; ')}`];
  return [...verdict, ...stated, ...skips];
}
