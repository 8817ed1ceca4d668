/**
 * The registry of configuration variables (support/contract/variables.ts) is the one place a variable
 * is declared: the files generated from it are up to date, its flags agree with each other, and what
 * derives from them (the reports' configuration, the skip rule, the child-run environment) follows them.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT, readEnvironment } from '../support/run/config.ts';
import { ENV_EXAMPLE_FILE, envExample, README_FILE, readmeWithTable } from '../support/run/config-docs.ts';
import { readVariable, Variables, variablesWhere, type VariableName } from '../support/contract/variables.ts';
import { collectRunInfo } from '../support/report/run-info.ts';
import { childEnvironment } from './harness/suite-run.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

test(`${ENV_EXAMPLE_FILE} and the configuration table of ${README_FILE} are up to date with the registry`, () => {
  const stale = 'is stale: run npm run config:docs and commit it';
  expect(read(ENV_EXAMPLE_FILE), `${ENV_EXAMPLE_FILE} ${stale}`).toBe(envExample());
  const readme = read(README_FILE);
  expect(readme, `the configuration table of ${README_FILE} ${stale}`).toBe(readmeWithTable(readme));
});

test('the flags agree: an internal variable is documented nowhere, a secret is shown nowhere and has no example value', () => {
  const example = envExample();
  for (const [name, v] of Object.entries(Variables) as [VariableName, (typeof Variables)[VariableName]][]) {
    if ('internal' in v) {
      expect(v, `${name} is internal: no section, never shown`).not.toHaveProperty('section');
      expect(v, name).not.toHaveProperty('shown');
      expect(example, name).not.toContain(name);
    } else {
      expect(v, `${name} is documented: it names its section`).toHaveProperty('section');
    }
    if ('secret' in v) {
      expect(v, `${name} is a secret`).not.toHaveProperty('shown');
      expect(example).toContain(`\n${name}=\n`);
    }
  }
});

test('the reports show the shown variables (PARKED_WEBHOOK_URL among them), never a secret, and URLs without credentials', () => {
  const env = Object.fromEntries(Object.keys(Variables).map((name) => [name, `https://x.example/${name}?q=1`]));
  const shown = Object.keys(collectRunInfo(env).configuration);
  expect(shown).toEqual(variablesWhere((v) => v.shown === true));
  expect(shown).toContain('PARKED_WEBHOOK_URL');
  expect(shown).not.toContain('API_TOKEN');
  expect(shown).not.toContain('CAPTURE_CONTROL_TOKEN');
  expect(collectRunInfo(env).configuration.CAPTURE_URL).toBe('https://x.example/CAPTURE_URL');
});

test("a child run inherits no configuration: the parent's target, token, reports and workers are its own, and it reads no dotenv file", () => {
  const saved = { ...process.env };
  try {
    for (const name of Object.keys(Variables)) process.env[name] = 'parent';
    const env = childEnvironment({ WORKERS: '3', TARGET_PROFILE: undefined });
    for (const name of Object.keys(Variables).filter((n) => !['WORKERS', 'SELF_TEST'].includes(n)))
      expect(env[name], name).toBeUndefined();
    expect(env.WORKERS).toBe('3');
    expect(env.SELF_TEST, 'the child reads neither .env nor ENV_FILE').toBe('true');
    expect(env.TEST_WORKER_INDEX, 'the child is a runner, not one of our workers').toBeUndefined();
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
});

test('SELF_TEST: neither .env nor ENV_FILE is read, whatever they name', async ({}, testInfo) => {
  const dir = testInfo.outputPath('env');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '.env'), 'BASE_URL=https://staging.example.com\nAPI_TOKEN=staging-token\n');
  writeFileSync(path.join(dir, '.env.staging'), 'BASE_URL=https://other.example.com\n');
  expect(readEnvironment({}, dir).BASE_URL, 'a user run reads .env').toBe('https://staging.example.com');
  expect(readEnvironment({ SELF_TEST: 'true' }, dir)).toEqual({ SELF_TEST: 'true' });
  expect(readEnvironment({ SELF_TEST: 'true', ENV_FILE: '.env.staging' }, dir)).toEqual({ SELF_TEST: 'true' });
  expect(readEnvironment({ SELF_TEST: 'true', ENV_FILE: '.env.missing' }, dir), 'not even checked').toEqual({
    SELF_TEST: 'true',
  });
});

test('playwright.config.ts reads WORKERS and REQUEST_TIMEOUT_MS through the registry: a bad value reads as unset', () => {
  expect(readVariable('WORKERS', { WORKERS: '3' })).toBe(3);
  expect(readVariable('WORKERS', { WORKERS: '' })).toBeUndefined();
  expect(readVariable('WORKERS', { WORKERS: '-1' })).toBeUndefined();
  expect(readVariable('REQUEST_TIMEOUT_MS', {})).toBe(10_000);
  expect(readVariable('REQUEST_TIMEOUT_MS', { REQUEST_TIMEOUT_MS: 'soon' })).toBe(10_000);
  expect(readVariable('REQUEST_TIMEOUT_MS', { REQUEST_TIMEOUT_MS: '2500' })).toBe(2_500);
});

/** Every `.ts` file under `dir`. */
const sources = (dir: string): string[] =>
  readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(PROJECT_ROOT, path.join(e.parentPath, e.name)));

test("the suite reads no variable the registry does not declare (Playwright's, Node's and CI's own aside)", () => {
  const theirs = new Set([
    'CI',
    'GITHUB_SHA',
    'PLAYWRIGHT_JSON_OUTPUT_FILE',
    'TEST_WORKER_INDEX',
    'NODE_COMPILE_CACHE',
    'NODE_DISABLE_COMPILE_CACHE',
  ]);
  const files = [...sources('support'), ...sources('fixtures'), 'playwright.config.ts'];
  const undeclared = files.flatMap((file) =>
    [...read(file).matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)/g)]
      .map((m) => m[1] as string)
      .filter((name) => !(name in Variables) && !theirs.has(name))
      .map((name) => `${file}: ${name}`),
  );
  expect(undeclared).toEqual([]);
});
