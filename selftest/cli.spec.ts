/**
 * The command line of `store-api-conformance` (cli/), in this tree: how arguments parse and map onto the
 * registry's variables, each command's help, and what `init` and `openapi` write. Installed, the
 * command is run by selftest/package.spec.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { commandHelp, parseCommand, PROGRAM, UsageError } from '../cli/command.ts';
import { COMMANDS } from '../cli/commands/index.ts';
import { runOf } from '../cli/run-options.ts';
import { parseConfig, PROJECT_ROOT, readEnvironment } from '../support/run/config.ts';
import { OPENAPI_FILE } from '../support/report/openapi/document.ts';

const command = (name: string) => {
  const found = COMMANDS.find((c) => c.name === name);
  if (!found) throw new Error(`no command ${name}`);
  return found;
};
const parse = (name: string, args: readonly string[]) => parseCommand(command(name), args);
const refusal = (name: string, args: readonly string[]) => {
  try {
    parse(name, args);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  return 'accepted';
};

test('every command has a help of its own, its usage line first, and --help asks for it', () => {
  for (const { name } of COMMANDS) {
    expect(commandHelp(command(name)), name).toMatch(new RegExp(`^Usage: ${PROGRAM} ${name} `));
    expect(parse(name, ['--help']), `${name} --help`).toBeUndefined();
  }
});

/** `tsx cli/main.ts <args>` in `cwd`, as `npm run` does in a clone. */
function cli(args: readonly string[], cwd: string) {
  return spawnSync(
    path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(PROJECT_ROOT, 'cli', 'main.ts'), ...args],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0' },
    },
  );
}

test('a mistyped option, a missing value, a stray argument or arguments after -- where none are taken: one line each', () => {
  expect(refusal('run', ['--base-ulr', 'x'])).toBe(
    "store-api-conformance run: unknown option '--base-ulr' (see store-api-conformance run --help)",
  );
  expect(refusal('run', ['--base-url'])).toMatch(
    /^store-api-conformance run: option '--base-url <value>' argument missing/,
  );
  expect(refusal('verify', ['a.zip', 'b.zip'])).toBe(
    "store-api-conformance verify: unexpected argument 'b.zip': store-api-conformance verify <certification-….zip>",
  );
  expect(refusal('verify', [])).toBe(
    'store-api-conformance verify: missing an argument: store-api-conformance verify <certification-….zip>',
  );
  expect(refusal('openapi', ['--', '--x'])).toBe(
    'store-api-conformance openapi: takes no arguments after -- (see store-api-conformance openapi --help)',
  );
  expect(parse('run', ['--help'])).toBeUndefined();
});

test('run maps its options onto the variables, paths from the working directory, the token from the variable --token-env names', () => {
  const parsed = parse('run', [
    '--base-url=https://staging.example',
    '--profile',
    'profiles/staging.json',
    '--token-env',
    'STAGING_TOKEN',
    '--allow-writes',
    '--shard',
    '2/3',
    'tests/webhooks/',
    '--',
    '--retries=0',
  ]);
  if (!parsed) throw new Error('no arguments parsed');
  const { env, args } = runOf(parsed, { STAGING_TOKEN: 'token-from-a-secret-store' });
  const readOnly = parse('run', ['--read-only']);
  expect(readOnly && runOf(readOnly, {}).env.TARGET_READ_ONLY, '--read-only').toBe('true');
  expect(env).toMatchObject({
    BASE_URL: 'https://staging.example',
    TARGET_PROFILE: path.resolve('profiles/staging.json'),
    TARGET_ALLOW_WRITES: 'true',
    API_TOKEN: 'token-from-a-secret-store',
  });
  expect(args).toEqual([
    'test',
    `--config=${path.join(PROJECT_ROOT, 'playwright.config.ts')}`,
    '--project=conformance',
    '--shard=2/3',
    'tests/webhooks/',
    '--retries=0',
  ]);
  expect(() => runOf(parsed, {})).toThrow(
    new UsageError('--token-env STAGING_TOKEN: the environment variable STAGING_TOKEN is not set'),
  );
});

test('init writes a .env naming a profile skeleton a run accepts, and overwrites neither without --force', async ({}, testInfo) => {
  const dir = await runDirectory(testInfo, 'cli-init');
  const first = cli(['init', '--name', 'staging'], dir);
  expect(first.status, first.stderr).toBe(0);
  const env = await readFile(path.join(dir, '.env'), 'utf8');
  expect(env).toMatch(/^# Written by `store-api-conformance init`/);
  expect(env).toMatch(/^TARGET_PROFILE=profiles\/staging\.json$/m);
  expect(env).toMatch(/^BASE_URL=$/m);
  // As a run in that directory reads it once BASE_URL is set (init's next step): .env under the environment, the profile from there.
  expect(() => parseConfig(readEnvironment({}, dir), dir), 'a run before BASE_URL is set').toThrow(/BASE_URL: unset/);
  const config = parseConfig(
    readEnvironment({ BASE_URL: 'https://staging.example', API_TOKEN: 'token-of-staging' }, dir),
    dir,
  );
  expect(config.profilePath).toBe(path.join(dir, 'profiles', 'staging.json'));
  expect(config.profile.description).toMatch(/^Target profile of staging, written by `store-api-conformance init`/);

  const again = cli(['init', '--name', 'staging'], dir);
  expect(again.status).toBe(2);
  expect(again.stderr.trim()).toBe('.env and profiles/staging.json exist: nothing written (--force overwrites).');
  expect(cli(['init', '--name', 'staging', '--force'], dir).status).toBe(0);
});

test('openapi writes the contract to the working directory: the document the suite ships', async ({}, testInfo) => {
  const dir = await runDirectory(testInfo, 'cli-openapi');
  const run = cli(['openapi'], dir);
  expect(run.status, run.stderr).toBe(0);
  expect(await readFile(path.join(dir, 'store-api.openapi.json'), 'utf8')).toBe(
    await readFile(path.join(PROJECT_ROOT, OPENAPI_FILE), 'utf8'),
  );
});
