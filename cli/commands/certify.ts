/**
 * `store-api-conformance certify`: runs the suite as `run` does, then writes one certification bundle of
 * what it wrote (support/report/certification/bundle.ts) and exits like the run: 0 CONFORMANT, 1 NOT
 * CONFORMANT (the bundle is written all the same), 2 NO VERDICT (no bundle: it says why). With
 * `--bundle-only`, bundles the reports already written (merged shards).
 */
import path from 'node:path';
import { PROGRAM, type Command } from '../command.ts';
import { playwright } from '../playwright.ts';
import { RUN_OPTIONS, RUN_USAGE, runOf } from '../run-options.ts';

const NO_VERDICT = 2;

async function bundle(dir: string, runExitCode: number | undefined): Promise<number> {
  const [{ writeCertificationBundle }, { describeUnjudged }, { EXIT_CODES }] = await Promise.all([
    import('../../support/report/certification/bundle.ts'),
    import('../../support/report/certification/judged.ts'),
    import('../../support/report/report-format.ts'),
  ]);
  const result = writeCertificationBundle({ reportsDir: dir });
  if (!result.written) {
    console.error(`\nNo certification bundle: ${result.reason}`);
    return runExitCode ?? NO_VERDICT;
  }
  const shown = path.relative(process.cwd(), result.archive);
  const { manifest } = result;
  console.log(`\nCertification bundle (${result.verdict}${manifest.partial ? ', partial' : ''}): ${shown}`);
  if (manifest.partial)
    console.log(
      `  Partial: ${manifest.unjudged.length} stated clause(s) not judged (${describeUnjudged(manifest.unjudged)}). A verifier does not accept it.`,
    );
  console.log(`  ${manifest.files.length} files and manifest.json; check it with: ${PROGRAM} verify ${shown}`);
  return runExitCode ?? EXIT_CODES[result.verdict];
}

/** The run's reports directory, with its dotenv file under the environment as the run reads it (a bad ENV_FILE is the run's to report). */
async function reportsDirOf(env: NodeJS.ProcessEnv): Promise<string> {
  const [{ reportsDir }, { readEnvironment }] = await Promise.all([
    import('../../support/report/index.ts'),
    import('../../support/run/config.ts'),
  ]);
  try {
    return reportsDir(readEnvironment(env));
  } catch {
    return reportsDir(env);
  }
}

/** TARGET_READ_ONLY as the run would read it (the environment over its dotenv file). */
async function readOnly(env: NodeJS.ProcessEnv): Promise<boolean> {
  const [{ readEnvironment }, { readVariable }] = await Promise.all([
    import('../../support/run/config.ts'),
    import('../../support/contract/variables.ts'),
  ]);
  try {
    return readVariable('TARGET_READ_ONLY', readEnvironment(env));
  } catch {
    return readVariable('TARGET_READ_ONLY', env);
  }
}

export const certify: Command = {
  name: 'certify',
  summary: 'Run the suite as `run` does, then write reports/certification-<run id>.zip for a verifier.',
  usage: RUN_USAGE,
  details: [
    'Exit code: like the run. A NOT CONFORMANT or partial run gets a bundle too; NO VERDICT gets none.',
    'A read-only run (--read-only, TARGET_READ_ONLY=true) is refused: it certifies nothing.',
    'Certify with a released, unmodified install: a verifier accepts only bundles its own release made.',
  ],
  options: {
    ...RUN_OPTIONS,
    'bundle-only': {
      type: 'boolean',
      description: 'bundle the reports already in REPORTS_DIR (merged shards: `merge` first), without running',
    },
  },
  positionals: { min: 0, max: Infinity },
  passThrough: true,
  run: async (args) => {
    const { env, args: playwrightArgs } = runOf(args);
    if (await readOnly(env)) {
      console.error(
        `${PROGRAM} certify: refusing a read-only run (TARGET_READ_ONLY=true, --read-only): it judges only what reads can judge, and certifies nothing. Certify with writes allowed (--allow-writes), against a store you may write to.`,
      );
      return NO_VERDICT;
    }
    const dir = await reportsDirOf(env);
    if (args.values['bundle-only'] === true) return bundle(dir, undefined);
    const started = Date.now();
    const exitCode = await playwright(playwrightArgs, env);
    const { readRunReport } = await import('../../support/report/certification/bundle.ts');
    const read = readRunReport(dir);
    // A report older than this run is an earlier run's: this one stopped before writing its own.
    if ('reason' in read || Date.parse(read.report.date) < started - 1_000) {
      console.error(
        `\nNo certification bundle: this run wrote no conformance report (exit ${exitCode})${'reason' in read ? `: ${read.reason}` : ''}.`,
      );
      return exitCode === 0 ? NO_VERDICT : exitCode;
    }
    return bundle(dir, exitCode);
  },
};
