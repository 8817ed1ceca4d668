/**
 * `npm run certify`: runs the conformance suite as `npm run conformance` does (the embedded reference
 * without BASE_URL, or the configured target), then writes one certification bundle of what it wrote,
 * `reports/certification-<run id>.zip` (support/report/certification/bundle.ts), and exits like the run: 0
 * CONFORMANT, 1 NOT CONFORMANT (the bundle is written all the same), 2 NO VERDICT (no bundle: it says why).
 *
 *   npm run certify                                  # run, then bundle
 *   npm run certify -- --workers=8                   # arguments after -- go to playwright test
 *   npm run certify -- --bundle-only [reports dir]   # bundle reports already written (e.g. merged shards)
 *
 * `npm run certify:verify <archive>` checks a bundle (scripts/certify-verify.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { PLAYWRIGHT_CLI } from '../selftest/harness/playwright-cli.ts';
import { readRunReport, writeCertificationBundle } from '../support/report/certification/bundle.ts';
import { reportsDir } from '../support/report/index.ts';
import { EXIT_CODES } from '../support/report/report-format.ts';

const NO_VERDICT = EXIT_CODES['NO VERDICT'];

function bundle(dir: string, runExitCode: number | undefined): number {
  const result = writeCertificationBundle({ reportsDir: dir });
  if (!result.written) {
    console.error(`\nNo certification bundle: ${result.reason}`);
    return runExitCode ?? NO_VERDICT;
  }
  const shown = path.relative(process.cwd(), result.archive);
  console.log(`\nCertification bundle (${result.verdict}): ${shown}`);
  console.log(
    `  ${result.manifest.files.length} files and manifest.json; check it with: npm run certify:verify ${shown}`,
  );
  return runExitCode ?? EXIT_CODES[result.verdict];
}

function main(args: readonly string[]): number {
  const dir = path.resolve(PROJECT_ROOT, reportsDir());
  if (args[0] === '--bundle-only') return bundle(path.resolve(process.cwd(), args[1] ?? dir), undefined);

  const started = Date.now();
  const run = spawnSync(process.execPath, [PLAYWRIGHT_CLI, 'test', '--project=conformance', ...args], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  const exitCode = run.status ?? NO_VERDICT;
  const read = readRunReport(dir);
  // A report older than this run is an earlier run's: this one stopped before writing its own.
  if ('reason' in read || Date.parse(read.report.date) < started - 1_000) {
    console.error(
      `\nNo certification bundle: this run wrote no conformance report (exit ${exitCode})${'reason' in read ? `: ${read.reason}` : ''}.`,
    );
    return exitCode === 0 ? NO_VERDICT : exitCode;
  }
  return bundle(dir, exitCode);
}

process.exit(main(process.argv.slice(2)));
