/**
 * What `store-api-conformance merge [blob dir]` does (cli/commands/merge.ts): merges the blob reports of a sharded run (`--shard i/n` writes
 * `reports/blob/shard-i-of-n/`) into one HTML report, one JUnit file and one conformance report under
 * REPORTS_DIR, and exits with the merged verdict: 0 CONFORMANT, 1 NOT CONFORMANT, 2 NO VERDICT, which is
 * also what it exits with when there is nothing to judge: no blob reports, a shard's report missing, or a
 * merge that wrote no conformance report.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { reportsDir } from '../support/report/index.ts';
import { ConformanceReport, EXIT_CODES } from '../support/report/report-format.ts';
import { CONFIG_FILE, playwright } from './playwright.ts';

const NO_VERDICT = EXIT_CODES['NO VERDICT'];

function blobFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.zip'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Shards the blobs' folders (`shard-i-of-n`) say are missing: a lost shard must not pass as a smaller run. */
function missingShards(files: readonly string[]): string[] {
  const seen = new Map<number, Set<number>>();
  for (const file of files) {
    const match = /shard-(\d+)-of-(\d+)/.exec(file);
    if (match) seen.set(Number(match[2]), (seen.get(Number(match[2])) ?? new Set()).add(Number(match[1])));
  }
  const missing: string[] = [];
  for (const [total, present] of seen) {
    for (let i = 1; i <= total; i++) if (!present.has(i)) missing.push(`${i} of ${total}`);
  }
  return missing;
}

export async function mergeShards(from: string | undefined): Promise<number> {
  const reports = reportsDir();
  const source = path.resolve(from ?? path.join(reports, 'blob'));
  if (!existsSync(source)) {
    console.error(
      `NO VERDICT: no blob reports: ${source} does not exist. Run the shards with --shard=i/n first (each writes ${path.relative(process.cwd(), reports)}/blob/shard-i-of-n/).`,
    );
    return NO_VERDICT;
  }
  const blobs = blobFiles(source);
  if (blobs.length === 0) {
    console.error(`NO VERDICT: no blob reports (*.zip) under ${source}.`);
    return NO_VERDICT;
  }
  const missing = missingShards(blobs);
  if (missing.length > 0) {
    console.error(
      `NO VERDICT: blob reports missing for shard(s) ${missing.join(', ')}: the merged report would leave their tests out. Re-run those shards.`,
    );
    return NO_VERDICT;
  }
  // merge-reports reads one flat folder; shards from CI arrive in one sub-folder each.
  const flat = mkdtempSync(path.join(tmpdir(), 'blob-reports-'));
  try {
    blobs.forEach((file, i) =>
      copyFileSync(file, path.join(flat, `${String(i + 1).padStart(3, '0')}-${path.basename(file)}`)),
    );
    console.log(
      `Merging ${blobs.length} blob report(s) from ${path.relative(process.cwd(), source) || '.'} into ${path.relative(process.cwd(), reports) || '.'}/`,
    );
    const conformanceFile = path.join(reports, 'conformance.json');
    rmSync(conformanceFile, { force: true });
    const status = await playwright(['merge-reports', `--config=${CONFIG_FILE}`, flat]);
    // merge-reports itself exits 1 or 2 when the merged run did not pass: only a missing report means the merge failed.
    if (status !== 0 && !existsSync(conformanceFile)) {
      console.error(`NO VERDICT: playwright merge-reports failed (exit ${status}).`);
      return NO_VERDICT;
    }
    if (!existsSync(conformanceFile)) {
      console.error(
        `NO VERDICT: the merge wrote no ${conformanceFile}: the blob reports hold no test of the conformance project.`,
      );
      return NO_VERDICT;
    }
    const report = ConformanceReport.safeParse(JSON.parse(readFileSync(conformanceFile, 'utf8')));
    if (!report.success) {
      console.error(
        `NO VERDICT: ${conformanceFile} does not match the report format:\n${z.prettifyError(report.error)}`,
      );
      return NO_VERDICT;
    }
    return EXIT_CODES[report.data.verdict];
  } finally {
    rmSync(flat, { recursive: true, force: true });
  }
}
