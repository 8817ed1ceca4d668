/**
 * `store-api-conformance compare <a.json> <b.json>` (`npm run compare -- a.json b.json`): what changed from
 * run a to run b, clause by clause (support/report/baseline.ts): newly failing, newly passing, newly judged,
 * no longer judged. Exit code: 0, 1 when a clause newly fails, 2 when a file is not a conformance report.
 */
import type { Command } from '../command.ts';

export const compare: Command = {
  name: 'compare',
  summary: 'Compare two runs (their conformance.json), clause by clause: newly failing, newly passing, newly judged.',
  usage: '<a/conformance.json> <b/conformance.json>',
  details: [
    'a is the earlier run, b the later. Exit code: 0, 1 when a clause fails in b that did not in a, 2 when a',
    'file cannot be read as a conformance report.',
  ],
  options: {},
  positionals: { min: 2, max: 2 },
  run: async ({ positionals }) => {
    const [a = '', b = ''] = positionals;
    const { compareReports, readReportFile, ReportFileError } = await import('../../support/report/baseline.ts');
    let reports;
    try {
      reports = [readReportFile(a), readReportFile(b)] as const;
    } catch (error) {
      if (!(error instanceof ReportFileError)) throw error;
      console.error(error.message);
      return 2;
    }
    const [before, after] = reports;
    const change = compareReports(before, after);
    const verdicts = `${before.verdict} → ${after.verdict}`;
    console.log(`From ${a} to ${b}: ${verdicts}`);
    const section = (heading: string, ids: readonly string[]) => {
      console.log(`${heading}: ${ids.length === 0 ? 'none' : ids.length}`);
      for (const id of ids) console.log(`  ${id}`);
    };
    section('Newly failing', change.newlyFailing);
    section('Newly passing', change.newlyPassing);
    section('Newly judged', change.newlyJudged);
    section('No longer judged', change.noLongerJudged);
    section('Still failing', change.stillFailing);
    return change.newlyFailing.length > 0 ? 1 : 0;
  },
};
