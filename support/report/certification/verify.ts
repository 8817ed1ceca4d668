/**
 * Checks a certification bundle (./manifest.ts) the way a certifying body would, and says whether it is
 * acceptable. The archive is read with limits and its CRCs checked (./archive.ts). The bundle must be
 * intact (every file of the manifest present with its sha256, nothing else, no name twice), its
 * conformance.json must match the report's format, and its parts must agree (manifest,
 * configuration.json and conformance.json name the same suite, spec, target, run, verdict and unjudged
 * clauses). It is acceptable when, besides, it was made by this verifier's own release: the same version,
 * and files with the same digest as this pristine copy's (a fork, an edited test or another version is
 * refused, saying which); the spec is the one that release ships; it covers a whole run that judged every
 * stated clause (./judged.ts; a partial bundle is refused, naming what was not judged); and the verdict
 * is CONFORMANT.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { readVariable } from '../../contract/variables.ts';
import { PROJECT_ROOT } from '../../run/config.ts';
import { ConformanceReport, describeSuite, type RunInfo, type Verdict } from '../report-format.ts';
import { suiteState, type SuiteState } from '../suite-manifest.ts';
import type { ZipEntry } from '../zip.ts';
import { ArchiveError, BUNDLE_LIMITS, readArchive, type ArchiveLimits } from './archive.ts';
import { sha256 } from './bundle.ts';
import { describeUnjudged, unjudgedClauses } from './judged.ts';
import { BundleFiles, Manifest } from './manifest.ts';

interface Check {
  readonly ok: boolean;
  /** What was checked, and what was found. */
  readonly line: string;
}

export interface Verification {
  readonly acceptable: boolean;
  readonly verdict: Verdict | undefined;
  /** Whether a stated clause was not judged (the bundle says so, and the report shows it). */
  readonly partial: boolean;
  /** The checks in order; the first failed one of the integrity checks stops the rest. */
  readonly checks: readonly Check[];
  /** One line about the run, when the report could be read. */
  readonly summary: string | undefined;
}

/** The verifier's own copy of the suite: a bundle is acceptable only when it was made by the same release. */
export interface Verifier {
  readonly suite: SuiteState;
  /** The spec that copy ships. */
  readonly spec: { readonly path: string; readonly sha256: string };
}

/** This installed (or cloned) copy, as a verifier. */
function thisVerifier(root = PROJECT_ROOT): Verifier {
  const specPath = readVariable('SPEC_FILE', {});
  const spec = createHash('sha256')
    .update(readFileSync(path.join(root, specPath)))
    .digest('hex');
  return { suite: suiteState(root), spec: { path: specPath, sha256: spec } };
}

const short = (digest: string) => `${digest.slice(0, 12)}…`;

function parseJson(entry: ZipEntry | undefined): unknown {
  if (!entry) return undefined;
  try {
    return JSON.parse(entry.data.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The checks made so far, in order; a failed one of the integrity checks stops the rest. */
class Checks {
  readonly made: Check[] = [];

  check(ok: boolean, line: string): boolean {
    this.made.push({ ok, line });
    return ok;
  }

  /** Not acceptable, and nothing more said: a check before the report could be read failed. */
  stopped(): Verification {
    return { acceptable: false, verdict: undefined, partial: false, checks: this.made, summary: undefined };
  }

  fail(line: string): undefined {
    this.check(false, line);
    return undefined;
  }
}

export async function verifyCertificationBundle(
  bytes: Buffer,
  verifier: Verifier = thisVerifier(),
  limits: ArchiveLimits = BUNDLE_LIMITS,
): Promise<Verification> {
  const checks = new Checks();
  // 1. Intact: a zip within the limits, its CRCs right, with a manifest naming every other file and its sha256.
  const bundle = await intactBundle(bytes, limits, checks);
  // 2. The report is one, and the parts agree.
  const read = bundle && agreeingReport(bundle, checks);
  if (!read) return checks.stopped();
  // 3. Acceptable: made by this verifier's own release, against its spec, a whole run, every stated clause judged, CONFORMANT.
  const { report, run, unjudged } = read;
  const release = `${verifier.suite.name} ${verifier.suite.version}`;
  const summary =
    `${report.verdict}${unjudged.length > 0 ? ' (partial)' : ''}: ${run.target}, run ${run.runId ?? '(no id)'} on ${report.date}; ` +
    `${describeSuite(run.suite)}; spec ${run.spec.path} sha256 ${run.spec.sha256}; ${report.tests.length} tests`;
  const accepted = [
    madeByTheRelease(run.suite, verifier.suite, checks),
    check(
      checks,
      run.spec.sha256 === verifier.spec.sha256,
      `the spec is the one ${release} ships (${verifier.spec.path})`,
      `the run checked ${run.spec.path} (sha256 ${short(run.spec.sha256)}), not the spec ${release} ships (${verifier.spec.path}, sha256 ${short(verifier.spec.sha256)})`,
    ),
    wholeRunJudged(report, unjudged, checks),
    checks.check(report.verdict === 'CONFORMANT', `the verdict is ${report.verdict}`),
  ].every(Boolean);
  return { acceptable: accepted, verdict: report.verdict, partial: unjudged.length > 0, checks: checks.made, summary };
}

/** A check saying what was found: `yes` when it holds, `no` when not. */
const check = (checks: Checks, ok: boolean, yes: string, no: string): boolean => checks.check(ok, ok ? yes : no);

interface Bundle {
  readonly manifest: Manifest;
  readonly byName: ReadonlyMap<string, ZipEntry>;
}

/** The archive read within the limits, no name twice, a manifest, and every file as the manifest says. */
async function intactBundle(bytes: Buffer, limits: ArchiveLimits, checks: Checks): Promise<Bundle | undefined> {
  let entries: ZipEntry[];
  try {
    entries = await readArchive(bytes, limits);
  } catch (error) {
    if (error instanceof ArchiveError) return checks.fail(`the archive is refused: ${error.message}`);
    throw error;
  }
  const names = entries.map((e) => e.name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) return checks.fail(`a file is in the archive twice: ${twice.join(', ')}`);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const manifestParsed = Manifest.safeParse(parseJson(byName.get(BundleFiles.manifest)));
  if (!manifestParsed.success)
    return checks.fail(
      `${BundleFiles.manifest} is missing or not a bundle manifest${byName.has(BundleFiles.manifest) ? `:\n${z.prettifyError(manifestParsed.error)}` : ''}`,
    );
  const manifest = manifestParsed.data;
  checks.check(true, `${BundleFiles.manifest} lists ${manifest.files.length} files`);
  return filesAsListed(manifest, byName, checks) ? { manifest, byName } : undefined;
}

/** Every file the manifest lists present with its sha256, nothing else, and what a bundle holds listed. */
function filesAsListed(manifest: Manifest, byName: ReadonlyMap<string, ZipEntry>, checks: Checks): boolean {
  const listed = new Set(manifest.files.map((f) => f.path));
  const missing = manifest.files.filter((f) => !byName.has(f.path)).map((f) => f.path);
  const changed = manifest.files
    .filter((f) => {
      const entry = byName.get(f.path);
      return entry !== undefined && (sha256(entry.data) !== f.sha256 || entry.data.length !== f.bytes);
    })
    .map((f) => f.path);
  const extra = [...byName.keys()].filter((name) => name !== BundleFiles.manifest && !listed.has(name));
  const required = [
    BundleFiles.markdown,
    BundleFiles.json,
    BundleFiles.page,
    BundleFiles.junit,
    BundleFiles.html,
    BundleFiles.configuration,
    BundleFiles.targetProfile,
  ].filter((name) => !listed.has(name));
  const found = (what: string, list: readonly string[]) => (list.length ? `; ${what}: ${list.join(', ')}` : '');
  return [
    checks.check(missing.length === 0, `every file the manifest lists is present${found('missing', missing)}`),
    checks.check(changed.length === 0, `every file has the sha256 the manifest gives${found('differs', changed)}`),
    checks.check(extra.length === 0, `no file the manifest does not list${found('extra', extra)}`),
    checks.check(required.length === 0, `the manifest lists what a bundle holds${found('not listed', required)}`),
  ].every(Boolean);
}

interface ReadReport {
  readonly report: ConformanceReport;
  readonly run: RunInfo;
  readonly unjudged: ReturnType<typeof unjudgedClauses>;
}

/** conformance.json in the report's format, naming its run, and the manifest and configuration.json agreeing with it. */
function agreeingReport({ manifest, byName }: Bundle, checks: Checks): ReadReport | undefined {
  const reportParsed = ConformanceReport.safeParse(parseJson(byName.get(BundleFiles.json)));
  if (!reportParsed.success)
    return checks.fail(
      `${BundleFiles.json} does not match the report's format:\n${z.prettifyError(reportParsed.error)}`,
    );
  const report = reportParsed.data;
  checks.check(true, `${BundleFiles.json} matches the report's format (version ${report.formatVersion})`);
  const run = report.run;
  if (run === null) return checks.fail('the report does not say which suite, spec and target ran (its `run` is null)');
  const unjudged = unjudgedClauses(report);
  const disagreeing = [
    manifest.verdict !== report.verdict && 'verdict',
    (manifest.partial !== unjudged.length > 0 || !isDeepStrictEqual(manifest.unjudged, unjudged)) && 'unjudged clauses',
    !isDeepStrictEqual(manifest.suite, run.suite) && 'suite',
    !isDeepStrictEqual(manifest.spec, run.spec) && 'spec',
    manifest.target !== run.target && 'target',
    manifest.runId !== (run.runId ?? null) && 'run id',
    !isDeepStrictEqual(parseJson(byName.get(BundleFiles.configuration)), run) && BundleFiles.configuration,
  ].filter((d): d is string => d !== false);
  const agree = checks.check(
    disagreeing.length === 0,
    `the manifest and ${BundleFiles.configuration} agree with ${BundleFiles.json}${disagreeing.length ? `; they differ on: ${disagreeing.join(', ')}` : ''}`,
  );
  return agree ? { report, run, unjudged } : undefined;
}

/** The verifier a pristine copy of its release, and the bundle made by that release's own files. */
function madeByTheRelease(suite: RunInfo['suite'], own: SuiteState, checks: Checks): boolean {
  const release = `${own.name} ${own.version}`;
  const pristine = own.manifestDigest ?? own.digest;
  const sameRelease = suite.name === own.name && suite.version === own.version;
  return [
    checks.check(
      own.modified !== true,
      own.modified === true
        ? `this verifier's own copy of ${release} is modified (${own.changed.join(', ')}): verify with a pristine install of it`
        : own.modified === 'unknown'
          ? `this verifier is ${release} without suite-manifest.json (a clone never packed): its own files stand for the release`
          : `this verifier is a pristine ${release}`,
    ),
    check(
      checks,
      sameRelease,
      `made by ${release}, the verifier's release`,
      `made by ${suite.name} ${suite.version}, not ${release}: verify it with an install of ${suite.name}@${suite.version}`,
    ),
    ...(sameRelease
      ? [
          checks.check(
            suite.digest === pristine,
            suite.digest === pristine
              ? `made by the release's own files (sha256 ${short(pristine)})`
              : suite.modified === true && suite.changed.length > 0
                ? `made by a modified copy of ${release}: ${suite.changed.join(', ')}`
                : `made by files that are not ${release}'s (sha256 ${short(suite.digest)}, the release's ${short(pristine)}): a fork or an edited copy`,
          ),
        ]
      : []),
  ].every(Boolean);
}

/** The report of a whole run (no shard) in which tests ran and every stated clause was judged. */
function wholeRunJudged(report: ConformanceReport, unjudged: ReadReport['unjudged'], checks: Checks): boolean {
  return [
    check(
      checks,
      report.shard === null,
      'the report covers the whole run',
      `the report covers shard ${report.shard?.current} of ${report.shard?.total} only`,
    ),
    check(
      checks,
      !report.scope?.readOnly,
      'the run was allowed to write',
      'a read-only run (TARGET_READ_ONLY=true): it judges only what reads can judge, and certifies nothing',
    ),
    checks.check(
      report.tests.length > 0 && unjudged.length === 0,
      report.tests.length === 0
        ? 'partial: no test ran'
        : unjudged.length === 0
          ? 'every stated clause was judged'
          : `partial: ${unjudged.length} stated clause(s) not judged: ${describeUnjudged(unjudged)}`,
    ),
  ].every(Boolean);
}
