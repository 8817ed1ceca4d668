/**
 * Certification bundles (support/report/certification/): what `certify` writes and what `verify` accepts.
 * Bundles are made from small report directories written here (a report built from records, as a run's
 * reporter builds it) and checked by a verifier of a known release; each case changes one thing of a good
 * bundle, or of the verifier, and expects the verifier to name it. Archives from outside are read with
 * limits: a zip bomb and a flipped byte are refused. One end-to-end case runs `npm run certify` on one spec
 * file, with deliveries skipped by configuration: a partial bundle. (The installed command is
 * selftest/package.spec.ts's.)
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { writeCertificationBundle, sha256 } from '../support/report/certification/bundle.ts';
import { Manifest } from '../support/report/certification/manifest.ts';
import { verifyCertificationBundle, type Verifier } from '../support/report/certification/verify.ts';
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

const RELEASE = { name: 'store-api-conformance', version: '0.1.0', digest: 'a'.repeat(64) };
const SPEC = { path: 'spec/store-api.md', sha256: 'd'.repeat(64) };

/** A pristine install of RELEASE, as the certifying body's verifier. */
const verifier = (change: Partial<Verifier['suite']> = {}, spec = SPEC): Verifier => ({
  suite: { ...RELEASE, modified: false, changed: [], manifestDigest: RELEASE.digest, ...change },
  spec,
});

function runInfo(profile: string, suite: Partial<RunInfo['suite']> = {}): RunInfo {
  return {
    suite: { ...RELEASE, modified: false, changed: [], ...suite },
    spec: SPEC,
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
const verified = (bytes: Buffer, by: Verifier = verifier()) => verifyCertificationBundle(bytes, by);
const failed = async (bytes: Buffer, by: Verifier = verifier()) =>
  (await verified(bytes, by)).checks.filter((c) => !c.ok).map((c) => c.line);
/** A CONFORMANT whole run's bundle, its run info changed. */
const bundleWith = async (testInfo: TestInfo, suite: Partial<RunInfo['suite']>, spec = SPEC) =>
  bundleOf(
    await reportsOf(testInfo, (input) => ({
      ...input,
      runInfo: input.runInfo && { ...input.runInfo, suite: { ...input.runInfo.suite, ...suite }, spec },
    })),
  );

interface RawEntry {
  readonly name: string;
  /** The entry's bytes as stored (deflated). */
  readonly deflated: Buffer;
  readonly crc: number;
  /** The size it declares once expanded. */
  readonly size: number;
}

/** A zip of deflated entries as given, sizes and CRCs unchecked: what a hostile archive can say. */
function rawZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `mib` MiB of zeros, deflated without ever holding them: one MiB deflated and flushed (a block that does
 * not end the stream) repeated, then an empty final block. About 1 KiB per MiB.
 */
function deflatedZeros(mib: number): Buffer {
  const oneMib = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mib }, () => oneMib), Buffer.from([0x03, 0x00])]);
}

test('a CONFORMANT whole run of the unmodified release: the bundle holds its reports, profile, configuration and manifest, and is acceptable', async ({}, testInfo) => {
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
    partial: false,
    unjudged: [],
    runId: 'conf-selftest-certify',
    target: 'https://store.example',
    suite: { ...RELEASE, modified: false },
    spec: SPEC,
    targetProfile: { source: path.join(path.dirname(reports), 'staging.json'), file: 'target-profile.json' },
  });
  expect(manifest.files.find((f) => f.path === 'conformance.md')?.sha256).toBe(sha256(entry('conformance.md')));
  expect(entry('target-profile.json').toString()).toBe(PROFILE);
  const report = JSON.parse(entry('conformance.json').toString()) as { run: unknown };
  expect(JSON.parse(entry('configuration.json').toString())).toEqual(report.run);

  const verification = await verified(await readFile(result.archive));
  expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
  expect(verification).toMatchObject({ acceptable: true, partial: false, verdict: 'CONFORMANT' });
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
  expect((await verified(tampered)).acceptable).toBe(false);
  expect(await failed(tampered)).toEqual(['every file has the sha256 the manifest gives; differs: conformance.md']);
});

test('a file removed is refused', async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  const missing = edited(bundle, (entries) => entries.filter((e) => e.name !== 'html/index.html'));
  expect(await failed(missing)).toEqual(['every file the manifest lists is present; missing: html/index.html']);
  const noManifest = edited(bundle, (entries) => entries.filter((e) => e.name !== 'manifest.json'));
  expect(await failed(noManifest)).toEqual(['manifest.json is missing or not a bundle manifest']);
});

test('a file added is refused, and so are a name twice and a file that is no zip', async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  const extra = edited(bundle, (entries) => [...entries, { name: 'notes.txt', data: Buffer.from('trust me') }]);
  expect(await failed(extra)).toEqual(['no file the manifest does not list; extra: notes.txt']);
  const twice = edited(bundle, (entries) => [...entries, { name: 'junit.xml', data: Buffer.from('<x/>') }]);
  expect(await failed(twice)).toEqual(['a file is in the archive twice: junit.xml']);
  expect(await failed(Buffer.from('PK not really'))).toEqual([
    expect.stringMatching(/^the archive is refused: not a readable zip archive \(/),
  ]);
});

test('a zip bomb is refused before it is expanded: by its declared size, by a size it lies about, by its entries', async () => {
  // 1 GiB of zeros in about 1 MiB, declared honestly: refused on the sizes the archive declares.
  const gib = deflatedZeros(1024);
  expect(gib.length).toBeLessThan(2 * 1024 * 1024);
  const honest = rawZip([{ name: 'conformance.json', deflated: gib, crc: 0, size: 1024 * 1024 * 1024 }]);
  expect(await failed(honest)).toEqual([
    'the archive is refused: its entries expand to more than 512 MiB (conformance.json declares 1024 MiB)',
  ]);
  // The same stream declaring 1 KiB: stopped as it expands past that.
  const lying = rawZip([{ name: 'conformance.json', deflated: gib, crc: 0, size: 1024 }]);
  expect(await failed(lying)).toEqual([
    expect.stringMatching(/^the archive is refused: it cannot be read \(too many bytes in the stream/),
  ]);
  // Many small entries.
  const empty = deflateRawSync(Buffer.alloc(0));
  const many = rawZip(
    Array.from({ length: 20_001 }, (_, i) => ({
      name: `f${i}`,
      deflated: empty,
      crc: crc32(Buffer.alloc(0)),
      size: 0,
    })),
  );
  expect(await failed(many)).toEqual([
    'the archive is refused: it holds 20001 entries, more than the 20000 a bundle may hold',
  ]);
});

test("a bundle with a flipped byte is refused: in an entry's data, or in the CRC it records", async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  const markdown = readZip(bundle).find((e) => e.name === 'conformance.md')?.data ?? Buffer.alloc(0);
  // A one-entry archive, so that the flipped byte is known to fall in the entry's deflated data: inflating it fails, or gives bytes of another CRC.
  const stored = rawZip([
    { name: 'conformance.md', deflated: deflateRawSync(markdown), crc: crc32(markdown), size: markdown.length },
  ]);
  const start = 30 + 'conformance.md'.length;
  const inData = Buffer.from(stored);
  inData[start + 40] = (inData[start + 40] ?? 0) ^ 0x01;
  expect(await failed(inData)).toEqual([
    expect.stringMatching(/^the archive is refused: (conformance\.md is corrupt|it cannot be read)/),
  ]);
  // The CRC the central directory records for the first entry (manifest.json), one bit off.
  const directory = bundle.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  const inCrc = Buffer.from(bundle);
  inCrc[directory + 16] = (inCrc[directory + 16] ?? 0) ^ 0x01;
  expect(await failed(inCrc)).toEqual([
    'the archive is refused: manifest.json is corrupt: its CRC-32 is not the one the archive records',
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
  const [refusal, ...rest] = await failed(forged);
  expect(rest).toEqual([]);
  expect(refusal).toMatch(/^conformance\.json does not match the report's format:\n.*verdict/s);
});

test('a bundle of another release is refused, saying which to verify it with', async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  expect(await failed(bundle, verifier({ version: '0.2.0' }))).toEqual([
    'made by store-api-conformance 0.1.0, not store-api-conformance 0.2.0: verify it with an install of store-api-conformance@0.1.0',
  ]);
});

test("a bundle of a fork (files that are not the release's) is refused, and one of an edited copy names what changed", async ({}, testInfo) => {
  const fork = await bundleWith(testInfo, { digest: 'b'.repeat(64), modified: 'unknown' });
  expect(await failed(fork)).toEqual([
    "made by files that are not store-api-conformance 0.1.0's (sha256 bbbbbbbbbbbb…, the release's aaaaaaaaaaaa…): a fork or an edited copy",
  ]);
  const edited = await bundleWith(testInfo, {
    digest: 'c'.repeat(64),
    modified: true,
    changed: ['tests/webhooks/webhook-events.spec.ts (changed)'],
  });
  expect(await failed(edited)).toEqual([
    'made by a modified copy of store-api-conformance 0.1.0: tests/webhooks/webhook-events.spec.ts (changed)',
  ]);
  // A clone of the release (no manifest of its own) with the release's files is the release.
  const clone = await bundleWith(testInfo, { modified: 'unknown' });
  expect(await failed(clone)).toEqual([]);
});

test('a verifier that is not pristine refuses, and a run against another spec is refused', async ({}, testInfo) => {
  const bundle = await bundleOf(await reportsOf(testInfo));
  expect(
    await failed(bundle, verifier({ modified: true, changed: ['support/report/certification/verify.ts (changed)'] })),
  ).toEqual([
    "this verifier's own copy of store-api-conformance 0.1.0 is modified (support/report/certification/verify.ts (changed)): verify with a pristine install of it",
  ]);
  const otherSpec = await bundleWith(testInfo, {}, { path: 'my-spec.md', sha256: 'e'.repeat(64) });
  expect(await failed(otherSpec)).toEqual([
    'the run checked my-spec.md (sha256 eeeeeeeeeeee…), not the spec store-api-conformance 0.1.0 ships (spec/store-api.md, sha256 dddddddddddd…)',
  ]);
});

test('a NOT CONFORMANT run gets a bundle, intact but not acceptable', async ({}, testInfo) => {
  const reports = await reportsOf(testInfo, (input) => ({
    ...input,
    tests: input.tests.map((t, i) => (i === 0 ? { ...t, outcome: 'failed', error: 'expected 201, got 200' } : t)),
  }));
  const result = writeCertificationBundle({ reportsDir: reports });
  expect(result).toMatchObject({ written: true, verdict: 'NOT CONFORMANT' });
  const verification = await verified(await bundleOf(reports));
  expect(verification).toMatchObject({ acceptable: false, verdict: 'NOT CONFORMANT' });
  expect(verification.checks.filter((c) => !c.ok).map((c) => c.line)).toEqual(['the verdict is NOT CONFORMANT']);
});

test('deliveries skipped by configuration: a CONFORMANT run gets a partial bundle listing the unjudged clauses, and verify says so', async ({}, testInfo) => {
  const reason = 'Deliveries cannot be watched: set CAPTURE_PUBLIC_URL to an address the target reaches.';
  const reports = await reportsOf(testInfo, (input) => ({
    ...input,
    tests: input.tests.map((t) =>
      t.clauses.some((c) => c.startsWith('webhook.delivery-')) ? { ...t, outcome: 'skipped', skipReason: reason } : t,
    ),
  }));
  const result = writeCertificationBundle({ reportsDir: reports });
  const delivery = (Object.keys(Clauses) as ClauseId[]).filter(
    (c) => c.startsWith('webhook.delivery-') && Clauses[c].level === 'stated',
  );
  expect(delivery).not.toEqual([]);
  const unjudged = delivery.map((clause) => ({ clause, why: 'skipped by configuration (CAPTURE_PUBLIC_URL)' }));
  expect(result).toMatchObject({ written: true, verdict: 'CONFORMANT', manifest: { partial: true, unjudged } });
  const verification = await verified(await bundleOf(reports));
  expect(verification).toMatchObject({ acceptable: false, partial: true, verdict: 'CONFORMANT' });
  expect(verification.checks.filter((c) => !c.ok).map((c) => c.line)).toEqual([
    `partial: ${delivery.length} stated clause(s) not judged: ${delivery.length} skipped by configuration (CAPTURE_PUBLIC_URL): ${delivery.slice(0, 4).join(', ')}${delivery.length > 4 ? ', …' : ''}`,
  ]);
  expect(verification.summary).toMatch(/^CONFORMANT \(partial\): /);
});

test('a clause whose @stated test was skipped as not applicable was judged: the bundle is whole', async ({}, testInfo) => {
  const reports = await reportsOf(testInfo, (input) => ({
    ...input,
    tests: input.tests.map((t, i) =>
      i === 0
        ? { ...t, outcome: 'skipped', skipReason: 'not applicable: the target refused it', notApplicable: true }
        : t,
    ),
  }));
  expect(await failed(await bundleOf(reports))).toEqual([]);
});

test('a partial list the manifest does not tell is refused as disagreeing with the report', async ({}, testInfo) => {
  const reports = await reportsOf(testInfo, (input) => ({
    ...input,
    tests: input.tests.filter((t) => !t.clauses.includes('webhook.delivery-method')),
  }));
  const hidden = edited(await bundleOf(reports), (entries) =>
    entries.map((e) =>
      e.name === 'manifest.json'
        ? {
            ...e,
            data: Buffer.from(JSON.stringify({ ...JSON.parse(e.data.toString()), partial: false, unjudged: [] })),
          }
        : e,
    ),
  );
  expect(await failed(hidden)).toEqual([
    'the manifest and configuration.json agree with conformance.json; they differ on: unjudged clauses',
  ]);
});

test('a run of part of the suite is partial: not acceptable', async ({}, testInfo) => {
  const reports = await reportsOf(testInfo, (input) => ({
    ...input,
    tests: input.tests.filter((t) => t.clauses.some((c) => c.startsWith('webhook-events.'))),
  }));
  expect(await failed(await bundleOf(reports))).toEqual([
    expect.stringMatching(
      /^partial: \d+ stated clause\(s\) not judged: \d+ no @stated test of the run cites it: conventions\.envelope, /,
    ),
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

test('npm run certify runs the suite and bundles it; with deliveries skipped by configuration the bundle is partial, and certify:verify names the clauses', async ({}, testInfo) => {
  testInfo.setTimeout(5 * 60_000);
  const dir = await runDirectory(testInfo, 'certify-cli');
  const reports = path.join(dir, 'reports');
  const tsx = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
  // The divergent-ssrf reference refuses loopback and unresolvable destinations: every delivery test skips,
  // naming CAPTURE_PUBLIC_URL (and PARKED_WEBHOOK_URL).
  const env = childEnvironment({
    REPORTS_DIR: reports,
    CREATED_RESOURCES_FILE: path.join(reports, 'created-resources.json'),
    TARGET_PROFILE: undefined,
    REFERENCE_VARIANT: 'divergent-ssrf',
  });
  const certify = spawnSync(
    tsx,
    [
      'cli/main.ts',
      'certify',
      'tests/webhooks/deliveries.spec.ts',
      'tests/products/create-service-product.spec.ts',
      '--workers=1',
      '--',
      `--output=${path.join(dir, 'test-results')}`,
    ],
    { cwd: PROJECT_ROOT, env, encoding: 'utf8', timeout: 4 * 60_000 },
  );
  expect(certify.status, `certify exit code\n${certify.stdout}\n${certify.stderr}`).toBe(0);
  const archive = /Certification bundle \(CONFORMANT, partial\): (\S+\.zip)/.exec(certify.stdout)?.[1];
  expect(archive, certify.stdout).toBeDefined();
  expect(certify.stdout).toMatch(
    /Partial: \d+ stated clause\(s\) not judged \(\d+ skipped by configuration \(CAPTURE_PUBLIC_URL[^)]*\): webhook\.delivery-/,
  );

  const verify = spawnSync(tsx, ['cli/main.ts', 'verify', path.resolve(PROJECT_ROOT, archive ?? '')], {
    cwd: PROJECT_ROOT,
    env,
    encoding: 'utf8',
  });
  expect(verify.status, verify.stdout).toBe(1);
  expect(verify.stdout).toContain('ok   every file has the sha256 the manifest gives');
  expect(verify.stdout).toContain("ok   made by the release's own files");
  expect(verify.stdout).toMatch(
    /FAIL partial: \d+ stated clause\(s\) not judged: \d+ skipped by configuration \(CAPTURE_PUBLIC_URL[^)]*\): webhook\.delivery-.*; \d+ no @stated test of the run cites it: /,
  );
  expect(verify.stdout).toMatch(
    /Verdict: CONFORMANT \(partial\): the embedded reference implementation \(divergent-ssrf\), run conf-/,
  );
  expect(verify.stdout).toContain('Acceptable: no (partial)');
});
