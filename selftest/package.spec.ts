/**
 * The installed command, as a user gets it. The suite is packed, and the tarball installed into an empty
 * directory outside this repository from npm's local cache (selftest/harness/install.ts); there, through
 * `npx store-api-conformance`: the help, a command's own, and a mistyped option; the embedded reference
 * run to CONFORMANT, its reports in that directory and none in the package; certify, then verify; a
 * bundle whose conformance.json was edited; and a bundle made by a copy with one test file changed,
 * verified by the pristine install. One install serves every check: it is the costly part. And, from the
 * packed file list alone, that the tarball carries none of the fault matrix's machinery.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, WHOLE_SUITE } from './fixtures.ts';
import { COMMAND, installSuite, npx, packSuite, userEnvironment, type CommandResult } from './harness/install.ts';
import * as matrixPlan from './matrix/plan.ts';
import { runDirectory } from './support/report-files.ts';
import { SUITE_MANIFEST_FILE, suiteFiles, SuiteManifest } from '../support/report/suite-manifest.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { readZip, writeZip } from '../support/report/zip.ts';

const exec = promisify(execFile);
/** What a run's output says, for a failure message. */
const said = (run: CommandResult) => `exit ${run.exitCode}\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}`;
const CHANGED_TEST = 'tests/webhooks/webhook-events.spec.ts';

/** What npm packs from this tree (`npm pack --dry-run`), by path. */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT_ROOT });
  const [dryRun] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return (dryRun?.files ?? []).map((f) => f.path).sort();
}

test("the tarball ships no self-test machinery: no code of it is the fault matrix's, names its plan, variables, annotations or header", async () => {
  const code = (await packedFiles()).filter((file) => /\.(ts|js|cjs|mjs)$/.test(file));
  expect(code, 'the tarball holds code').toContain('fixtures/index.ts');
  expect(
    code.filter((file) => /matrix|fault-plan/i.test(file)),
    "the fault matrix's own files",
  ).toEqual([]);
  // Every name selftest/matrix/plan.ts exports, the values a matrix run is told by, and the wrapper's old name.
  const names = [
    ...Object.keys(matrixPlan),
    ...Object.values(matrixPlan.MatrixVariable),
    matrixPlan.MatrixAnnotation.test,
    matrixPlan.MatrixAnnotation.failed,
    matrixPlan.TEST_HEADER,
    'faultMatrix',
  ];
  const naming = await Promise.all(
    code.map(async (file) => {
      const text = await readFile(path.join(PROJECT_ROOT, file), 'utf8');
      return names.filter((name) => text.includes(name)).map((name) => `${file}: ${name}`);
    }),
  );
  expect(naming.flat(), "shipped code naming the fault matrix's machinery").toEqual([]);
});

test(
  'installed from its tarball into an empty directory: npx store-api-conformance runs the reference to CONFORMANT, certifies, and verifies only what this release made',
  WHOLE_SUITE,
  async ({}, testInfo) => {
    testInfo.setTimeout(6 * 60_000);
    const dir = await runDirectory(testInfo, 'package');
    const app = path.join(dir, 'app');
    const installed = path.join(app, 'node_modules', COMMAND);

    const tarball =
      await test.step('npm pack: the tarball holds the files npm packs from this tree, and their manifest', () =>
        pack(dir));
    await test.step('npm install <tarball>, from the cache, into a directory outside this repository', () =>
      install(tarball, app, installed));
    await test.step('--help lists the commands, a command has its own, and a mistyped option is refused in one line', () =>
      expectHelp(app));
    await test.step('run: the embedded reference, CONFORMANT, exit 0, its reports in the working directory', () =>
      runToConformant(app, installed));
    const bundle = await test.step('certify --bundle-only, then verify: acceptable', () => certifyAndVerify(app));
    await test.step('a bundle whose conformance.json was edited: refused', () => expectEditedRefused(app, bundle));
    await test.step('a bundle made by a copy with one test file changed: the pristine install refuses it as modified', () =>
      expectForkRefused(dir, app));
  },
);

async function pack(dir: string): Promise<string> {
  expect(await packedFiles(), 'what npm packs is what the manifest lists').toEqual(suiteFiles());
  const file = await packSuite(dir);
  const { stdout: listing } = await exec('tar', ['-tzf', file]);
  expect(
    listing
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''))
      .sort(),
  ).toEqual([...suiteFiles(), SUITE_MANIFEST_FILE].sort());
  return file;
}

async function install(tarball: string, app: string, installed: string): Promise<void> {
  await installSuite(tarball, app);
  expect(path.relative(PROJECT_ROOT, await realpath(installed)).startsWith('..')).toBe(true);
  const manifest = SuiteManifest.parse(JSON.parse(await readFile(path.join(installed, SUITE_MANIFEST_FILE), 'utf8')));
  expect(manifest.files.map((f) => f.path)).toEqual(suiteFiles());
}

async function expectHelp(app: string): Promise<void> {
  const help = await npx(app, ['--help']);
  expect(help.exitCode, said(help)).toBe(0);
  const commands = [...help.stdout.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((m) => m[1] ?? '');
  expect(commands).toEqual(
    expect.arrayContaining(['run', 'certify', 'verify', 'capture', 'cleanup', 'openapi', 'init']),
  );
  // A command's own help through the installed bin (each command's help: selftest/cli.spec.ts).
  const bin = path.join(app, 'node_modules', '.bin', COMMAND);
  const own = await exec(process.execPath, [bin, 'certify', '--help'], { cwd: app, env: userEnvironment() });
  expect(own.stdout).toMatch(new RegExp(`^Usage: ${COMMAND} certify `));
  const typo = await npx(app, ['run', '--base-ulr', 'https://store.example']);
  expect(typo.exitCode).toBe(2);
  // npm may warn about its own configuration first: that is npm's line, not ours.
  const lines = typo.stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm warn'));
  expect(lines).toEqual([`${COMMAND} run: unknown option '--base-ulr' (see ${COMMAND} run --help)`]);
}

async function runToConformant(app: string, installed: string): Promise<void> {
  const run = await npx(app, ['run'], { OBSERVE_DELIVERIES: 'false', FUZZ: 'off' });
  expect(run.exitCode, said(run)).toBe(0);
  expect(run.stdout).toContain('Conformance: CONFORMANT');
  const report = JSON.parse(await readFile(path.join(app, 'reports', 'conformance.json'), 'utf8')) as {
    verdict: string;
    run: { suite: { modified: unknown; changed: unknown } };
  };
  expect(report).toMatchObject({ verdict: 'CONFORMANT', run: { suite: { modified: false, changed: [] } } });
  for (const name of ['conformance.html', 'conformance.md', 'junit.xml', 'html/index.html'])
    expect(existsSync(path.join(app, 'reports', name)), name).toBe(true);
  const written = (await readdir(installed)).filter((name) => ['reports', 'test-results', '.env'].includes(name));
  expect(written, 'nothing written into the installed package').toEqual([]);
}

/** The bundle certify wrote, verified acceptable. */
async function certifyAndVerify(app: string): Promise<string> {
  const certify = await npx(app, ['certify', '--bundle-only']);
  expect(certify.exitCode, said(certify)).toBe(0);
  const archive = /Certification bundle \(CONFORMANT\): (\S+\.zip)/.exec(certify.stdout)?.[1] ?? '';
  expect(archive, said(certify)).toMatch(/^reports\/certification-conf-.*\.zip$/);
  const verify = await npx(app, ['verify', archive]);
  expect(verify.exitCode, said(verify)).toBe(0);
  expect(verify.stdout).toContain("ok   made by the release's own files");
  expect(verify.stdout).toContain('Acceptable: yes');
  return path.join(app, archive);
}

async function expectEditedRefused(app: string, bundle: string): Promise<void> {
  const entries = readZip(await readFile(bundle)).map((e) =>
    e.name === 'conformance.json'
      ? { ...e, data: Buffer.from(e.data.toString().replace(/"durationMs": \d+/, '"durationMs": 1')) }
      : e,
  );
  await writeFile(path.join(app, 'edited.zip'), writeZip(entries));
  const verify = await npx(app, ['verify', 'edited.zip']);
  expect(verify.exitCode, said(verify)).toBe(1);
  expect(verify.stdout).toContain('FAIL every file has the sha256 the manifest gives; differs: conformance.json');
}

/** A copy of the install in hard links (instant), its one test file replaced by a file of its own, certifies; the pristine install refuses it. */
async function expectForkRefused(dir: string, app: string): Promise<void> {
  const fork = path.join(dir, 'fork');
  await mkdir(fork);
  await writeFile(path.join(fork, 'package.json'), await readFile(path.join(app, 'package.json')));
  await exec('cp', ['-al', path.join(app, 'node_modules'), path.join(fork, 'node_modules')]);
  const changed = path.join(fork, 'node_modules', COMMAND, CHANGED_TEST);
  const text = await readFile(changed, 'utf8');
  await rm(changed);
  await writeFile(changed, `${text}// A vendor's edit.\n`);
  const certify = await npx(fork, ['certify', CHANGED_TEST], { OBSERVE_DELIVERIES: 'false', FUZZ: 'off' });
  const archive = /Certification bundle \(CONFORMANT, partial\): (\S+\.zip)/.exec(certify.stdout)?.[1] ?? '';
  expect(archive, said(certify)).not.toBe('');
  const verify = await npx(app, ['verify', path.join(fork, archive)]);
  expect(verify.exitCode, said(verify)).toBe(1);
  expect(verify.stdout).toContain(`FAIL made by a modified copy of ${COMMAND} `);
  expect(verify.stdout).toContain(`${CHANGED_TEST} (changed)`);
}
