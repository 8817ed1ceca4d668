/**
 * Certification bundles (support/report/certification/): what `npm run certify` writes and what
 * `npm run certify:verify` accepts. Bundles are made from small report directories written here (a
 * report built from records, as a run's reporter builds it); each case changes one thing of a good
 * bundle and expects the verifier to name it. One end-to-end case runs `npm run certify` on one spec file.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { writeCertificationBundle, sha256 } from '../support/report/certification/bundle.ts';
import { Manifest } from '../support/report/certification/manifest.ts';
import { verifyCertificationBundle } from '../support/report/certification/verify.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { Clauses, type ClauseId } from '../support/contract/clauses.ts';
import { renderMarkdown } from '../support/report/conformance-markdown.ts';
import { renderHtml } from '../support/report/conformance-html.ts';
import { buildReport, type ReportInput } from '../support/report/conformance-report.ts';
import type { RunInfo, TestRecord } from '../support/report/report-format.ts';
import { readZip, writeZip, type ZipEntry } from '../support/report/zip.ts';
import { childEnvironment } from './harness/suite-run.ts';

const PROFILE = `${JSON.stringify({ brandIds: [5], categoryIds: [6] }, null, 2)}\n`;

/** One passing test per clause, at the clause's level: a whole run. */
function wholeRun(): TestRecord[] {
  return (Object.keys(Clauses) as ClauseId[]).map((clause, i) => ({
    title: `tests/area/op.spec.ts › checks ${clause}`,
    location: `tests/area/op.spec.ts:${i + 1}`,
    level: Clauses[clause].level,
    operation: 'Register Webhook',
    clauses: [clause],
    outcome: 'passed',
    dependsOn: [],
    notApplicable: false,
    deliveryLatenciesMs: [],
  }));
}

function runInfo(profile: string, suite: Partial<RunInfo['suite']> = {}): RunInfo {
  return {
    suite: {
      name: 'store-api-conformance',
      version: '0.1.0',
      commit: 'c0ffee'.padEnd(40, '0'),
      modified: false,
      ...suite,
    },
    spec: { path: 'spec/store-api.md', sha256: 'd'.repeat(64) },
    target: 'https://store.example',
    configuration: { BASE_URL: 'https://store.example', TARGET_PROFILE: profile },
    runId: 'conf-selftest-certify',
  };
}

/** A reports directory as a run writes it, with the report `change` makes of a CONFORMANT whole run. */
async function reportsOf(
  testInfo: TestInfo,
  change: (input: ReportInput) => ReportInput = (input) => input,
): Promise<string> {
  const dir = await runDirectory(testInfo, 'certify');
  const profile = path.join(dir, 'staging.json');
  await writeFile(profile, PROFILE);
  const report = buildReport(
    change({
      tests: wholeRun(),
      runInfo: runInfo(profile),
      runErrors: [],
      shard: null,
      date: new Date('2026-11-20T10:00:00Z'),
      durationMs: 1234,
      fakerSeed: '42',
    }),
  );
  const reports = path.join(dir, 'reports');
  await mkdir(path.join(reports, 'html', 'data'), { recursive: true });
  await writeFile(path.join(reports, 'conformance.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(reports, 'conformance.md'), renderMarkdown(report));
  await writeFile(path.join(reports, 'conformance.html'), renderHtml(report));
  await writeFile(path.join(reports, 'junit.xml'), '<testsuites tests="1"></testsuites>\n');
  await writeFile(path.join(reports, 'html', 'index.html'), '<html><body>report</body></html>\n');
  await writeFile(path.join(reports, 'html', 'data', 'attachment.txt'), 'evidence\n');
  return reports;
}

async function bundleOf(reports: string): Promise<Buffer> {
  const result = writeCertificationBundle({ reportsDir: reports, now: new Date('2026-11-20T11:00:00Z') });
  if (!result.written) throw new Error(`no bundle: ${result.reason}`);
  return readFile(result.archive);
}

/** The bundle, with its entries changed. */
const edited = (bundle: Buffer, change: (entries: ZipEntry[]) => ZipEntry[]) => writeZip(change(readZip(bundle)));
const failed = (bytes: Buffer) =>
  verifyCertificationBundle(bytes)
    .checks.filter((c) => !c.ok)
    .map((c) => c.line);

test('a CONFORMANT whole run of the unmodified suite: the bundle holds its reports, profile, configuration and manifest, and is acceptable', async ({}, testInfo) => {
  const reports = await reportsOf(testInfo);
  const result = writeCertificationBundle({ reportsDir: reports, now: new Date('2026-11-20T11:00:00Z') });
  expect(result.written && path.basename(result.archive)).toBe('certification-conf-selftest-certify.zip');
  if (!result.written) return;
  const entries = readZip(await readFile(result.archive));
  expect(entries.map((e) => e.name)).toEqual([
    'manifest.json',
    'configuration.json',
    'conformance.html',
    'conformance.json',
    'conformance.md',
    'html/data/attachment.txt',
    'html/index.html',
    'junit.xml',
    'target-profile.json',
  ]);
  const entry = (name: string) => entries.find((e) => e.name === name)?.data ?? Buffer.alloc(0);
  const manifest = Manifest.parse(JSON.parse(entry('manifest.json').toString()));
  expect(manifest).toMatchObject({
    verdict: 'CONFORMANT',
    runId: 'conf-selftest-certify',
    target: 'https://store.example',
    suite: { commit: 'c0ffee'.padEnd(40, '0'), modified: false },
    spec: { path: 'spec/store-api.md', sha256: 'd'.repeat(64) },
    targetProfile: { source: path.join(path.dirname(reports), 'staging.json'), file: 'target-profile.json' },
  });
  expect(manifest.files.find((f) => f.path === 'conformance.md')?.sha256).toBe(sha256(entry('conformance.md')));
  expect(entry('target-profile.json').toString()).toBe(PROFILE);
  const report = JSON.parse(entry('conformance.json').toString()) as { run: unknown };
  expect(JSON.parse(entry('configuration.json').toString())).toEqual(report.run);

  const verification = verifyCertificationBundle(await readFile(result.archive));
  expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
  expect(verification).toMatchObject({ acceptable: true, verdict: 'CONFORMANT' });
  expect(verification.summary).toContain('CONFORMANT: https://store.example, run conf-selftest-certify');
});

test('a file changed after bundling is refused', async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  const tampered = edited(bundle, (entries) =>
    entries.map((e) =>
      e.name === 'conformance.md'
        ? { ...e, data: Buffer.from(e.data.toString().replace('CONFORMANT', 'CONFORMANT!')) }
        : e,
    ),
  );
  expect(verifyCertificationBundle(tampered).acceptable).toBe(false);
  expect(failed(tampered)).toEqual(['every file has the sha256 the manifest gives; differs: conformance.md']);
});

test('a file removed is refused', async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  const missing = edited(bundle, (entries) => entries.filter((e) => e.name !== 'html/index.html'));
  expect(failed(missing)).toEqual(['every file the manifest lists is present; missing: html/index.html']);
  const noManifest = edited(bundle, (entries) => entries.filter((e) => e.name !== 'manifest.json'));
  expect(failed(noManifest)).toEqual(['manifest.json is missing or not a bundle manifest']);
});

test('a file added is refused, and so are a name twice and a file that is no zip', async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  const extra = edited(bundle, (entries) => [...entries, { name: 'notes.txt', data: Buffer.from('trust me') }]);
  expect(failed(extra)).toEqual(['no file the manifest does not list; extra: notes.txt']);
  const twice = edited(bundle, (entries) => [...entries, { name: 'junit.xml', data: Buffer.from('<x/>') }]);
  expect(failed(twice)).toEqual(['a file is in the archive twice: junit.xml']);
  expect(failed(Buffer.from('PK not really'))).toEqual([
    expect.stringMatching(/^the file is not a readable zip archive \(not a zip archive/),
  ]);
});

test('a conformance.json the report format refuses is refused, even with the manifest rewritten to match', async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  const forged = edited(bundle, (entries) => {
    const report = JSON.parse(entries.find((e) => e.name === 'conformance.json')?.data.toString() ?? '{}') as Record<
      string,
      unknown
    >;
    const json = Buffer.from(JSON.stringify({ ...report, verdict: 'CERTIFIED' }));
    const manifest = Manifest.parse(JSON.parse(entries.find((e) => e.name === 'manifest.json')?.data.toString() ?? ''));
    const files = manifest.files.map((f) =>
      f.path === 'conformance.json' ? { ...f, sha256: sha256(json), bytes: json.length } : f,
    );
    return entries.map((e) =>
      e.name === 'conformance.json'
        ? { ...e, data: json }
        : e.name === 'manifest.json'
          ? { ...e, data: Buffer.from(JSON.stringify({ ...manifest, files })) }
          : e,
    );
  });
  const [refusal, ...rest] = failed(forged);
  expect(rest).toEqual([]);
  expect(refusal).toMatch(/^conformance\.json does not match the report's format:\n.*verdict/s);
});

test('a run of a modified suite gets a bundle, intact but not acceptable', async ({}, testInfo) => {
  const reports = await reportsOf(testInfo, (input) => ({
    ...input,
    runInfo: input.runInfo && { ...input.runInfo, suite: { ...input.runInfo.suite, modified: true } },
  }));
  const verification = verifyCertificationBundle(await bundleOf(reports));
  expect(verification).toMatchObject({ acceptable: false, verdict: 'CONFORMANT' });
  expect(verification.checks.filter((c) => !c.ok).map((c) => c.line)).toEqual([
    `the suite must run unmodified at a known commit: commit ${'c0ffee'.padEnd(40, '0')}, modified: true`,
  ]);
});

test('a NOT CONFORMANT run gets a bundle, intact but not acceptable', async ({}, testInfo) => {
  const reports = await reportsOf(testInfo, (input) => ({
    ...input,
    tests: input.tests.map((t, i) => (i === 0 ? { ...t, outcome: 'failed', error: 'expected 201, got 200' } : t)),
  }));
  const result = writeCertificationBundle({ reportsDir: reports });
  expect(result).toMatchObject({ written: true, verdict: 'NOT CONFORMANT' });
  const verification = verifyCertificationBundle(await bundleOf(reports));
  expect(verification).toMatchObject({ acceptable: false, verdict: 'NOT CONFORMANT' });
  expect(verification.checks.filter((c) => !c.ok).map((c) => c.line)).toEqual(['the verdict is NOT CONFORMANT']);
});

test('a run of part of the suite is not acceptable', async ({}, testInfo) => {
  const reports = await reportsOf(testInfo, (input) => ({
    ...input,
    tests: input.tests.filter((t) => t.clauses.some((c) => c.startsWith('webhook-events.'))),
  }));
  expect(failed(await bundleOf(reports))).toEqual([
    expect.stringMatching(/^not a whole run: \d+ stated clause\(s\) no test of the run cited: conventions\.envelope, /),
  ]);
});

test('NO VERDICT, a shard of a run, or reports that are not there: no bundle, and the reason', async ({}, testInfo) => {
  const noVerdict = await reportsOf(testInfo, (input) => ({
    ...input,
    tests: [],
    runErrors: ['PreflightError: Target unreachable'],
  }));
  expect(writeCertificationBundle({ reportsDir: noVerdict })).toEqual({
    written: false,
    verdict: 'NO VERDICT',
    reason: expect.stringMatching(/^NO VERDICT: nothing was judged .*Target unreachable.*run it again\.$/),
  });
  const shard = await reportsOf(testInfo, (input) => ({ ...input, shard: { current: 1, total: 2 } }));
  expect(writeCertificationBundle({ reportsDir: shard })).toMatchObject({
    written: false,
    reason: expect.stringContaining('shard 1 of 2 only: merge the shards first'),
  });
  const empty = await runDirectory(testInfo, 'certify-empty');
  expect(writeCertificationBundle({ reportsDir: empty })).toMatchObject({
    written: false,
    reason: expect.stringContaining('the run wrote no conformance report'),
  });
});

test('npm run certify runs the suite, bundles what it wrote and exits like the run; certify:verify reads the bundle', async ({}, testInfo) => {
  testInfo.setTimeout(5 * 60_000);
  const dir = await runDirectory(testInfo, 'certify-cli');
  const reports = path.join(dir, 'reports');
  const tsx = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
  const env = childEnvironment({
    REPORTS_DIR: reports,
    CREATED_RESOURCES_FILE: path.join(reports, 'created-resources.json'),
    TARGET_PROFILE: undefined,
  });
  const certify = spawnSync(
    tsx,
    [
      'scripts/certify.ts',
      'tests/webhooks/webhook-events.spec.ts',
      '--workers=1',
      `--output=${path.join(dir, 'test-results')}`,
    ],
    { cwd: PROJECT_ROOT, env, encoding: 'utf8', timeout: 4 * 60_000 },
  );
  expect(certify.status, `certify exit code\n${certify.stdout}\n${certify.stderr}`).toBe(0);
  const archive = /Certification bundle \(CONFORMANT\): (\S+\.zip)/.exec(certify.stdout)?.[1];
  expect(archive, certify.stdout).toBeDefined();

  const verify = spawnSync(tsx, ['scripts/certify-verify.ts', path.resolve(PROJECT_ROOT, archive ?? '')], {
    cwd: PROJECT_ROOT,
    env,
    encoding: 'utf8',
  });
  // Intact, but one spec file is not a whole run.
  expect(verify.status, verify.stdout).toBe(1);
  expect(verify.stdout).toContain('ok   every file has the sha256 the manifest gives');
  expect(verify.stdout).toContain('FAIL not a whole run');
  expect(verify.stdout).toMatch(/Verdict: CONFORMANT: the embedded reference implementation, run conf-/);
  expect(verify.stdout).toContain('Acceptable: no');
});
