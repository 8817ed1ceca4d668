/**
 * The reporters of a run, in order, and where they write (REPORTS_DIR, default `reports/`):
 * - redacting-reporter first, so every reporter after it sees scrubbed errors, steps and attachments;
 * - list (dot on CI), HTML (`html/`), JUnit (`junit.xml`), the conformance report (`conformance.{json,md}`);
 * - with `--shard=i/n`, a blob report (`blob/shard-i-of-n/`) for `npm run report:merge`;
 * - JSON when PLAYWRIGHT_JSON_OUTPUT_FILE is set (the self tests read it).
 */
import path from 'node:path';
import type { ReporterDescription } from '@playwright/test';
import { workingDirectory } from '../run/config.ts';
import { readVariable } from '../contract/variables.ts';
import { collectRunInfo, RUN_INFO_METADATA_KEY, safeEnvironment } from './run-info.ts';

export interface ReporterOptions {
  readonly reportsDir: string;
  readonly ci: boolean;
  readonly argv: readonly string[];
}

/** REPORTS_DIR from the environment or the dotenv file (default: reports), from the working directory: never the installed package. */
export function reportsDir(env: Record<string, string | undefined> = safeEnvironment()): string {
  return path.resolve(workingDirectory(), readVariable('REPORTS_DIR', env));
}

/** `--shard=2/3` or `--shard 2/3` on the command line. */
function shardOf(argv: readonly string[]): { current: number; total: number } | undefined {
  const index = argv.findIndex((a) => a === '--shard' || a.startsWith('--shard='));
  const value = index < 0 ? undefined : argv[index]?.includes('=') ? argv[index]?.split('=')[1] : argv[index + 1];
  const match = /^(\d+)\/(\d+)$/.exec(value ?? '');
  return match ? { current: Number(match[1]), total: Number(match[2]) } : undefined;
}

export function conformanceReporters({ reportsDir: dir, ci, argv }: ReporterOptions): ReporterDescription[] {
  const merging = argv.includes('merge-reports');
  const shard = merging ? undefined : shardOf(argv);
  return [
    ['./support/report/redacting-reporter.ts'],
    [ci || merging ? 'dot' : 'list'],
    ['html', { outputFolder: `${dir}/html`, open: 'never' }],
    ['junit', { outputFile: `${dir}/junit.xml` }],
    ['./support/report/conformance-reporter.ts', { outputDir: dir }],
    ...(shard
      ? [['blob', { outputDir: `${dir}/blob/shard-${shard.current}-of-${shard.total}` }] as ReporterDescription]
      : []),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as ReporterDescription] : []),
  ];
}

/**
 * The config's metadata: what the conformance report states about the run. Workers load the config too
 * (and a worker starts again after every failed test): they skip the git calls, the runner does them.
 */
export function runMetadata(env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  if (env.TEST_WORKER_INDEX !== undefined) return {};
  return { [RUN_INFO_METADATA_KEY]: collectRunInfo() };
}
