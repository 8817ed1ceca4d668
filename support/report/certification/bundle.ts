/**
 * Makes a certification bundle from a reports directory a run (or `npm run report:merge`) wrote:
 * conformance.md, .json and .html, junit.xml, the HTML report, the target profile the run used, the run's
 * configuration as the report shows it (no credential), and manifest.json (./manifest.ts). `npm run
 * certify` runs the suite and then this; the secret scan makes one from its own run and searches it.
 *
 * A NOT CONFORMANT run gets a bundle too (a vendor fixes, re-runs and compares), and so does a run that
 * left stated clauses unjudged (deliveries skipped by configuration, say): that bundle is marked partial
 * and lists them (./judged.ts). A run with NO VERDICT, a shard's report or a report that does not say what
 * ran gets none, and the result says why.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EmbeddedTargets, ReferenceVariants, type ReferenceVariant } from '../../contract/embedded-targets.ts';
import { PROJECT_ROOT, workingDirectory } from '../../run/config.ts';
import { ConformanceReport, type RunInfo, type Verdict } from '../report-format.ts';
import { writeZip, type ZipEntry } from '../zip.ts';
import { unjudgedClauses } from './judged.ts';
import { BUNDLE_FORMAT_VERSION, BundleFiles, bundleName, type Manifest } from './manifest.ts';

export type BundleResult =
  | { readonly written: true; readonly archive: string; readonly verdict: Verdict; readonly manifest: Manifest }
  | { readonly written: false; readonly verdict: Verdict | undefined; readonly reason: string };

export interface BundleOptions {
  /** The reports directory (REPORTS_DIR) of the run. */
  readonly reportsDir: string;
  /** Where a configured target profile's path is resolved from (the run's working directory). */
  readonly cwd?: string;
  readonly now?: Date;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function filesUnder(dir: string, prefix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), name);
    return entry.isFile() ? [name] : [];
  });
}

/** Reads the run's report; undefined with a reason when there is none to bundle. */
export function readRunReport(reportsDir: string): { report: ConformanceReport } | { reason: string } {
  const file = path.join(reportsDir, BundleFiles.json);
  if (!existsSync(file)) return { reason: `${file} does not exist: the run wrote no conformance report` };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { reason: `${file} is not JSON (${(error as Error).message})` };
  }
  const parsed = ConformanceReport.safeParse(json);
  if (!parsed.success)
    return { reason: `${file} does not match the report's format:\n${z.prettifyError(parsed.error)}` };
  return { report: parsed.data };
}

export function writeCertificationBundle(options: BundleOptions): BundleResult {
  const { reportsDir } = options;
  const now = options.now ?? new Date();
  const read = readRunReport(reportsDir);
  if ('reason' in read) return { written: false, verdict: undefined, reason: read.reason };
  const { report } = read;
  const refuse = (reason: string): BundleResult => ({ written: false, verdict: report.verdict, reason });
  const run = bundledRun(report, reportsDir);
  if (typeof run === 'string') return refuse(run);
  const profile = runProfile(run, options.cwd ?? workingDirectory());
  if (!existsSync(profile.path) || !statSync(profile.path).isFile())
    return refuse(`the target profile the run used (${profile.source}) is no longer at ${profile.path}`);
  const entries = bundleEntries(reportsDir, run, profile.path);
  const unjudged = unjudgedClauses(report);
  const manifest: Manifest = {
    bundleFormatVersion: BUNDLE_FORMAT_VERSION,
    createdAt: now.toISOString(),
    verdict: report.verdict,
    partial: unjudged.length > 0,
    unjudged,
    runId: run.runId ?? null,
    target: run.target,
    suite: run.suite,
    spec: run.spec,
    targetProfile: { source: profile.source, file: BundleFiles.targetProfile },
    files: entries.map((e) => ({ path: e.name, sha256: sha256(e.data), bytes: e.data.length })),
  };
  const archive = path.join(reportsDir, bundleName(run.runId, now));
  const manifestEntry = { name: BundleFiles.manifest, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  writeFileSync(archive, writeZip([manifestEntry, ...entries]));
  return { written: true, archive, verdict: report.verdict, manifest };
}

/** The run the reports are of, or why they make no bundle: nothing judged, a shard alone, no run named, a report missing. */
function bundledRun(report: ConformanceReport, reportsDir: string): RunInfo | string {
  if (report.verdict === 'NO VERDICT')
    return `NO VERDICT: nothing was judged about the target (${report.reasons.join(' ') || report.runErrors[0] || 'see conformance.md'}). Fix what stopped the run and run it again.`;
  if (report.shard !== null)
    return `the report covers shard ${report.shard.current} of ${report.shard.total} only: merge the shards first (npm run report:merge) and bundle the merged reports`;
  if (report.run === null) return 'the report does not say which suite, spec and target ran (its `run` is null)';
  if (report.scope?.readOnly)
    return 'a read-only run (TARGET_READ_ONLY=true) judges only what reads can judge, and certifies nothing: run with writes allowed';
  const missing = [BundleFiles.markdown, BundleFiles.page, BundleFiles.junit, BundleFiles.html].find(
    (required) => !existsSync(path.join(reportsDir, required)),
  );
  return missing ? `${path.join(reportsDir, missing)} does not exist: the run's reports are incomplete` : report.run;
}

/** The target profile the run used: a configured one is the user's; without one, its embedded variant's, shipped with the suite. */
function runProfile(run: RunInfo, cwd: string): { readonly source: string; readonly path: string } {
  const configured = run.configuration.TARGET_PROFILE;
  const variant = (ReferenceVariants as readonly string[]).includes(run.configuration.REFERENCE_VARIANT ?? '')
    ? (run.configuration.REFERENCE_VARIANT as ReferenceVariant)
    : 'standard';
  const source = configured ?? EmbeddedTargets[variant].profile;
  return { source, path: configured ? path.resolve(cwd, configured) : path.resolve(PROJECT_ROOT, source) };
}

/** The bundle's files but its manifest, in name order: the reports, the HTML report's files, the run's configuration, the profile. */
function bundleEntries(reportsDir: string, run: RunInfo, profilePath: string): ZipEntry[] {
  return [
    ...[BundleFiles.markdown, BundleFiles.json, BundleFiles.page, BundleFiles.junit].map((name) => ({
      name,
      data: readFileSync(path.join(reportsDir, name)),
    })),
    ...filesUnder(path.join(reportsDir, 'html'), 'html').map((name) => ({
      name,
      data: readFileSync(path.join(reportsDir, name)),
    })),
    { name: BundleFiles.configuration, data: Buffer.from(`${JSON.stringify(run, null, 2)}\n`) },
    { name: BundleFiles.targetProfile, data: readFileSync(profilePath) },
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
