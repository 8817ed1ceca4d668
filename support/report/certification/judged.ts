/**
 * Which stated clauses a run judged, as certification counts them. A stated clause is judged when a
 * `@stated` test citing it passed, failed or was flaky, or was skipped for a reason that is not the
 * configuration: not applicable to the target (a choice the spec leaves it made the check moot), or an
 * accepted dependent (another clause broke first, and the run is NOT CONFORMANT for it). A clause whose
 * `@stated` tests were all skipped by configuration (deliveries without CAPTURE_PUBLIC_URL, say), or
 * that no `@stated` test of the run cites (a `--grep` subset), was not judged: a bundle of that run is
 * partial, and never acceptable.
 */
import { settingsNamed } from '../conformance-report.ts';
import type { ConformanceReport } from '../report-format.ts';

export interface UnjudgedClause {
  readonly clause: string;
  /** Why: the settings that skipped its tests, or that no test of the run cites it. */
  readonly why: string;
}

export function unjudgedClauses(report: ConformanceReport): UnjudgedClause[] {
  const skips = new Map(report.skips.map((s) => [s.title, s]));
  return report.coverage
    .filter((clause) => clause.level === 'stated')
    .flatMap((clause): UnjudgedClause[] => {
      const tests = report.tests.filter((t) => t.level === 'stated' && t.clauses.includes(clause.id));
      if (tests.length === 0) return [{ clause: clause.id, why: 'no @stated test of the run cites it' }];
      const judgedBy = tests.filter((t) => {
        if (t.outcome !== 'skipped') return true;
        const skip = skips.get(t.title);
        return skip !== undefined && (skip.notApplicable || skip.acceptedAsDependent || !skip.explainedByConfiguration);
      });
      if (judgedBy.length > 0) return [];
      const settings = [...new Set(tests.flatMap((t) => settingsNamed(skips.get(t.title)?.reason ?? '')))];
      return [{ clause: clause.id, why: `skipped by configuration (${settings.join(', ') || 'see its skips'})` }];
    });
}

/** The unjudged clauses on one line: grouped by why (the configuration's first), the first few of each named. */
export function describeUnjudged(unjudged: readonly UnjudgedClause[], shown = 4): string {
  const byWhy = new Map<string, string[]>();
  for (const u of unjudged) byWhy.set(u.why, [...(byWhy.get(u.why) ?? []), u.clause]);
  const configurationFirst = (why: string) => (why.startsWith('skipped by configuration') ? 0 : 1);
  return [...byWhy]
    .sort(([a], [b]) => configurationFirst(a) - configurationFirst(b))
    .map(
      ([why, clauses]) =>
        `${clauses.length} ${why}: ${clauses.slice(0, shown).join(', ')}${clauses.length > shown ? ', …' : ''}`,
    )
    .join('; ');
}
