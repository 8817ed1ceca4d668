/**
 * `npm run seeds [-- --seeds=10 --variants=standard,divergent,strict]`: the proof that nothing a
 * `@stated` test expects depends on FAKER_SEED. The whole suite runs against each embedded reference
 * variant under each seed (1 to N); per run it prints the verdict and every `@stated` test that did not
 * pass (a failure, or a skip the report does not accept), and at the end the count of runs that were
 * not CONFORMANT. Exits 1 when any was not.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ReferenceVariants } from '../support/contract/embedded-targets.ts';
import { ConformanceReport } from '../support/report/report-format.ts';
import { runSuite } from '../selftest/harness/suite-run.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '10' },
    variants: { type: 'string', default: 'standard,divergent,strict' },
  },
});
const seeds = Number(values.seeds);
const variants = values.variants.split(',').map((v) => v.trim());
const unknown = variants.filter((v) => !(ReferenceVariants as readonly string[]).includes(v));
if (!Number.isInteger(seeds) || seeds < 1 || unknown.length > 0) {
  console.error(`--seeds must be a positive integer, --variants a list of ${ReferenceVariants.join(', ')}`);
  process.exit(2);
}

let notConformant = 0;
for (const variant of variants) {
  for (let seed = 1; seed <= seeds; seed++) {
    const dir = await mkdtemp(path.join(tmpdir(), 'seeds-'));
    try {
      const run = await runSuite({ env: { REFERENCE_VARIANT: variant, FAKER_SEED: String(seed) }, keepReports: dir });
      const report = ConformanceReport.parse(
        JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')),
      );
      const unaccepted = new Set(report.unexplainedSkips.map((s) => s.title));
      const stated = report.tests.filter(
        (t) => t.level === 'stated' && (t.outcome === 'failed' || t.outcome === 'flaky' || unaccepted.has(t.title)),
      );
      if (report.verdict !== 'CONFORMANT') notConformant++;
      console.log(
        `${variant.padEnd(14)} FAKER_SEED=${String(seed).padEnd(3)} ${report.verdict.padEnd(15)} ` +
          `${report.totals.stated.passed} @stated passed, ${report.totals.assumed.failed} @assumed failed, ` +
          `exit ${run.exitCode}`,
      );
      for (const t of stated) console.log(`    ${t.outcome}: ${t.title}${t.error ? ` (${t.error})` : ''}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
console.log(`${variants.length * seeds} runs, ${notConformant} not CONFORMANT`);
process.exit(notConformant > 0 ? 1 : 0);
