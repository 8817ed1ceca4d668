/**
 * The suite as a user gets it: packed into a tarball and installed into an empty directory outside this
 * repository, from npm's local cache (`--prefer-offline`). The self test of the installed command
 * (selftest/package.spec.ts) and `npm run bench:install` start from here.
 *
 * The tarball is packed from a staging copy of the files the package ships (support/report/suite-manifest.ts),
 * with the manifest `prepack` would write: packing this tree itself would write and remove its manifest
 * under the feet of the self tests that run beside this one.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Variables } from '../../support/contract/variables.ts';
import { SUITE_MANIFEST_FILE, suiteFiles, suiteManifest } from '../../support/report/suite-manifest.ts';
import { PROJECT_ROOT } from '../../support/run/config.ts';

const run = promisify(execFile);
export const COMMAND = 'store-api-conformance';

/**
 * A user's environment: this one without npm's lifecycle variables (this process may run under `npm
 * test`) and without any of the suite's configuration variables: the installed command reads its own
 * working directory, which holds no `.env`.
 */
export function userEnvironment(overrides: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  for (const key of Object.keys(env)) {
    if (key.startsWith('npm_') || key === 'INIT_CWD' || key in Variables) delete env[key];
    if (key.startsWith('TEST_') || key.startsWith('PLAYWRIGHT_') || key.startsWith('PW_')) delete env[key];
  }
  return {
    ...env,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...overrides,
  };
}

/** Packs the package into `dir`; returns the tarball's path. */
export async function packSuite(dir: string): Promise<string> {
  const stage = path.join(dir, 'stage');
  for (const file of suiteFiles()) {
    await mkdir(path.dirname(path.join(stage, file)), { recursive: true });
    await copyFile(path.join(PROJECT_ROOT, file), path.join(stage, file));
  }
  await writeFile(path.join(stage, SUITE_MANIFEST_FILE), `${JSON.stringify(suiteManifest(stage), null, 2)}\n`);
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: stage,
    env: userEnvironment(),
  });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error(`npm pack wrote no tarball:\n${stdout}`);
  return path.join(dir, packed.filename);
}

/** Installs the tarball into `dir` (created, empty but for a package.json) as a user would, from npm's cache. */
export async function installSuite(tarball: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'a-vendor', private: true }, null, 2)}\n`);
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
    cwd: dir,
    env: userEnvironment(),
    maxBuffer: 16 * 1024 * 1024,
  });
}

export interface CommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly durationMs: number;
}

/** `npx store-api-conformance <args>` in `dir`, as a user types it (npm_config_yes=false: never fetched from the registry). */
export function npx(
  dir: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npx', [COMMAND, ...args], {
      cwd: dir,
      env: userEnvironment({ npm_config_yes: 'false', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 5 * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? -1, stdout, stderr, durationMs: performance.now() - started });
    });
  });
}

/** Bytes under a directory, every file counted once. */
export async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}
