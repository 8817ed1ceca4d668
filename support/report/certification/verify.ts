/**
 * Checks a certification bundle (./manifest.ts) the way a certifying body would, and says whether it is
 * acceptable. The bundle must be intact (every file of the manifest present with its sha256, nothing
 * else, no name twice), its conformance.json must match the report's format, and its parts must agree
 * (manifest, configuration.json and conformance.json name the same suite, spec, target, run and
 * verdict). It is acceptable when, besides, it covers a whole run (not a shard, every stated clause
 * cited by a test of the run), the suite ran unmodified at a known commit, the spec is known by its
 * sha256, and the verdict is CONFORMANT.
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { ConformanceReport, type Verdict } from '../report-format.ts';
import { readZip, type ZipEntry } from '../zip.ts';
import { sha256 } from './bundle.ts';
import { BundleFiles, Manifest } from './manifest.ts';

interface Check {
  readonly ok: boolean;
  /** What was checked, and what was found. */
  readonly line: string;
}

export interface Verification {
  readonly acceptable: boolean;
  readonly verdict: Verdict | undefined;
  /** The checks in order; the first failed one of the integrity checks stops the rest. */
  readonly checks: readonly Check[];
  /** One line about the run, when the report could be read. */
  readonly summary: string | undefined;
}

const HEX_COMMIT = /^[0-9a-f]{40}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

function parseJson(entry: ZipEntry | undefined): unknown {
  if (!entry) return undefined;
  try {
    return JSON.parse(entry.data.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function verifyCertificationBundle(bytes: Buffer): Verification {
  const checks: Check[] = [];
  const check = (ok: boolean, line: string) => (checks.push({ ok, line }), ok);
  const stop = (): Verification => ({ acceptable: false, verdict: undefined, checks, summary: undefined });
  const fail = (line: string): Verification => (check(false, line), stop());

  // 1. Intact: a zip with a manifest naming every other file, each with its sha256.
  let entries: ZipEntry[];
  try {
    entries = readZip(bytes);
  } catch (error) {
    return fail(`the file is not a readable zip archive (${(error as Error).message})`);
  }
  const names = entries.map((e) => e.name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) return fail(`a file is in the archive twice: ${twice.join(', ')}`);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const manifestParsed = Manifest.safeParse(parseJson(byName.get(BundleFiles.manifest)));
  if (!manifestParsed.success)
    return fail(
      `${BundleFiles.manifest} is missing or not a bundle manifest${byName.has(BundleFiles.manifest) ? `:\n${z.prettifyError(manifestParsed.error)}` : ''}`,
    );
  const manifest = manifestParsed.data;
  check(true, `${BundleFiles.manifest} lists ${manifest.files.length} files`);
  const listed = new Set(manifest.files.map((f) => f.path));
  const missing = manifest.files.filter((f) => !byName.has(f.path)).map((f) => f.path);
  const changed = manifest.files
    .filter((f) => {
      const entry = byName.get(f.path);
      return entry !== undefined && (sha256(entry.data) !== f.sha256 || entry.data.length !== f.bytes);
    })
    .map((f) => f.path);
  const extra = names.filter((name) => name !== BundleFiles.manifest && !listed.has(name));
  const required = [
    BundleFiles.markdown,
    BundleFiles.json,
    BundleFiles.page,
    BundleFiles.junit,
    BundleFiles.html,
    BundleFiles.configuration,
    BundleFiles.targetProfile,
  ].filter((name) => !listed.has(name));
  const intact = [
    check(
      missing.length === 0,
      `every file the manifest lists is present${missing.length ? `; missing: ${missing.join(', ')}` : ''}`,
    ),
    check(
      changed.length === 0,
      `every file has the sha256 the manifest gives${changed.length ? `; differs: ${changed.join(', ')}` : ''}`,
    ),
    check(
      extra.length === 0,
      `no file the manifest does not list${extra.length ? `; extra: ${extra.join(', ')}` : ''}`,
    ),
    check(
      required.length === 0,
      `the manifest lists what a bundle holds${required.length ? `; not listed: ${required.join(', ')}` : ''}`,
    ),
  ].every(Boolean);
  if (!intact) return stop();

  // 2. The report is one, and the parts agree.
  const reportParsed = ConformanceReport.safeParse(parseJson(byName.get(BundleFiles.json)));
  if (!reportParsed.success)
    return fail(`${BundleFiles.json} does not match the report's format:\n${z.prettifyError(reportParsed.error)}`);
  const report = reportParsed.data;
  check(true, `${BundleFiles.json} matches the report's format (version ${report.formatVersion})`);
  const run = report.run;
  if (run === null) return fail('the report does not say which suite, spec and target ran (its `run` is null)');
  const disagreeing = [
    manifest.verdict !== report.verdict && 'verdict',
    !isDeepStrictEqual(manifest.suite, run.suite) && 'suite',
    !isDeepStrictEqual(manifest.spec, run.spec) && 'spec',
    manifest.target !== run.target && 'target',
    manifest.runId !== (run.runId ?? null) && 'run id',
    !isDeepStrictEqual(parseJson(byName.get(BundleFiles.configuration)), run) && BundleFiles.configuration,
  ].filter((d): d is string => d !== false);
  if (
    !check(
      disagreeing.length === 0,
      `the manifest and ${BundleFiles.configuration} agree with ${BundleFiles.json}${disagreeing.length ? `; they differ on: ${disagreeing.join(', ')}` : ''}`,
    )
  )
    return stop();

  // 3. Acceptable: a whole run of an unmodified suite against a known spec, CONFORMANT.
  const statedWithoutTest = report.coverage
    .filter((c) => c.level === 'stated' && c.tests.length === 0)
    .map((c) => c.id);
  const suite = run.suite;
  const summary =
    `${report.verdict}: ${run.target}, run ${run.runId ?? '(no id)'} on ${report.date}; ` +
    `${suite.name} ${suite.version} at ${suite.commit}${suite.modified === false ? '' : suite.modified === true ? ' (modified)' : ' (modification unknown)'}; ` +
    `spec ${run.spec.path} sha256 ${run.spec.sha256}; ${report.tests.length} tests`;
  const accepted = [
    check(
      report.shard === null,
      report.shard === null
        ? 'the report covers the whole run'
        : `the report covers shard ${report.shard.current} of ${report.shard.total} only`,
    ),
    check(
      report.tests.length > 0 && statedWithoutTest.length === 0,
      statedWithoutTest.length === 0 && report.tests.length > 0
        ? 'every stated clause was cited by a test of the run'
        : `not a whole run: ${report.tests.length === 0 ? 'no test ran' : `${statedWithoutTest.length} stated clause(s) no test of the run cited: ${statedWithoutTest.slice(0, 5).join(', ')}${statedWithoutTest.length > 5 ? ', …' : ''}`}`,
    ),
    check(
      suite.modified === false && HEX_COMMIT.test(suite.commit),
      suite.modified === false && HEX_COMMIT.test(suite.commit)
        ? `the suite ran unmodified at commit ${suite.commit}`
        : `the suite must run unmodified at a known commit: commit ${suite.commit}, modified: ${String(suite.modified)}`,
    ),
    check(
      HEX_SHA256.test(run.spec.sha256),
      HEX_SHA256.test(run.spec.sha256)
        ? `the spec is known by its sha256`
        : `the spec is not known: ${run.spec.sha256}`,
    ),
    check(report.verdict === 'CONFORMANT', `the verdict is ${report.verdict}`),
  ].every(Boolean);
  return { acceptable: accepted, verdict: report.verdict, checks, summary };
}
