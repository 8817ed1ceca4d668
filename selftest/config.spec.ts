/** Unit tests of support/run/config.ts (each bad value gives its own readable message) and of the workers a run gets (support/run/workers.ts). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { expect, SELFTEST_TOKEN, test } from './fixtures.ts';
import { runPlaywright } from './harness/suite-run.ts';
import {
  ConfigError,
  describeConfig,
  parseConfig,
  PROJECT_ROOT,
  readEnvironment,
  REFERENCE_PROFILE,
} from '../support/run/config.ts';
import { journalDir, shardReportFile } from '../support/run/created-resources.ts';
import { isLoopback } from '../support/client/http.ts';
import { configWorkers, paceOf, workersFor, workersOnCommandLine } from '../support/run/workers.ts';
import Fastify from 'fastify';

const remote = {
  BASE_URL: 'https://staging.example.com',
  API_TOKEN: 'tok-distinctive-123456',
  TARGET_PROFILE: 'profiles/reference.json',
};

function problemsOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be rejected`);
}

test('an empty environment means the embedded reference with its own profile', () => {
  const config = parseConfig({});
  expect(config.embedded).toBe(true);
  expect(config.productListPath).toBe('/products');
  expect(config.profile.brandIds.length).toBeGreaterThan(1);
  expect(Object.isFrozen(config)).toBe(true);
});

test('a remote target parses with its token and profile', () => {
  const config = parseConfig(remote);
  expect(config.embedded).toBe(false);
  expect(config.targetUrl).toBe('https://staging.example.com');
  expect(config.allowWrites).toBe(false);
});

const bad: [string, Record<string, string>, RegExp][] = [
  ['an invalid BASE_URL', { ...remote, BASE_URL: 'staging.example.com' }, /BASE_URL: must be an http\(s\) URL/],
  [
    'a BASE_URL with another scheme',
    { ...remote, BASE_URL: 'ftp://example.com' },
    /BASE_URL: must be an http\(s\) URL/,
  ],
  [
    'a remote target without a token',
    { BASE_URL: remote.BASE_URL, TARGET_PROFILE: remote.TARGET_PROFILE },
    /API_TOKEN: required when BASE_URL/,
  ],
  [
    'a remote target without a profile',
    { BASE_URL: remote.BASE_URL, API_TOKEN: remote.API_TOKEN },
    /TARGET_PROFILE: required when BASE_URL/,
  ],
  [
    'a profile that does not exist',
    { ...remote, TARGET_PROFILE: 'profiles/nope.json' },
    /TARGET_PROFILE: .*nope\.json does not exist/,
  ],
  ['a non-numeric timeout', { REQUEST_TIMEOUT_MS: 'soon' }, /REQUEST_TIMEOUT_MS: .*got "soon"/],
  ['a negative timeout', { REQUEST_TIMEOUT_MS: '-5' }, /REQUEST_TIMEOUT_MS/],
  ['a boolean that is not one', { TARGET_ALLOW_WRITES: 'maybe' }, /TARGET_ALLOW_WRITES/],
  ['an unknown signature scheme', { WEBHOOK_SIGNATURE_SCHEME: 'md5' }, /WEBHOOK_SIGNATURE_SCHEME/],
  [
    'a list path without a slash',
    { PRODUCT_LIST_PATH: 'products' },
    /PRODUCT_LIST_PATH: must be a path starting with \//,
  ],
  [
    'a delete path without {id}',
    { DELETE_PRODUCT_PATH: '/api/core/v1/products' },
    /DELETE_PRODUCT_PATH: must contain \{id\}/,
  ],
  ['a capture port out of range', { CAPTURE_PORT: '70000' }, /CAPTURE_PORT/],
  [
    "a store's settings without BASE_URL (it was forgotten: the run would judge the embedded reference)",
    { TARGET_ALLOW_WRITES: 'true', TARGET_PROFILE: 'selftest/config.spec.ts', DELETE_PRODUCT_PATH: '/p/{id}' },
    /BASE_URL: unset, .*TARGET_ALLOW_WRITES, DELETE_PRODUCT_PATH, TARGET_PROFILE are set for a store of yours/,
  ],
  ['a spec file that is not there', { SPEC_FILE: 'spec/nope.md' }, /SPEC_FILE: spec\/nope\.md does not exist/],
];

for (const [what, env, message] of bad) {
  test(`rejects ${what} with a message naming the variable`, () => {
    expect(problemsOf(env)).toMatch(message);
  });
}

test('lists every bad variable at once, not just the first', () => {
  const message = problemsOf({ BASE_URL: 'nope', REQUEST_TIMEOUT_MS: 'x', WEBHOOK_SIGNATURE_SCHEME: 'md5' });
  expect(message).toMatch(/BASE_URL/);
  expect(message).toMatch(/REQUEST_TIMEOUT_MS/);
  expect(message).toMatch(/WEBHOOK_SIGNATURE_SCHEME/);
});

/** A profile file of `json`, in a directory of its own. */
function writtenProfile(json: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'profile-')), 'profile.json');
  writeFileSync(file, JSON.stringify(json));
  return file;
}

/** The problems a profile of `json` is refused with. */
const profileProblems = (json: unknown) => problemsOf({ ...remote, TARGET_PROFILE: writtenProfile(json) });

const validProfile = {
  brandIds: [1, 2],
  categoryIds: [10, 11],
  mediaIds: [1],
  badgeIds: [1],
  providerIds: [1],
  statusIds: [1],
};

test('rejects a malformed profile with the path of each bad field', () => {
  const message = profileProblems({
    ...validProfile,
    brandIds: [1],
    categoryIds: ['x'],
    mediaIds: [],
    subCategories: [{ id: 20, categoryId: 10 }],
  });
  expect(message).toMatch(/brandIds: at least two brands/);
  expect(message).toMatch(/categoryIds/);
  expect(message).toMatch(/mediaIds: at least one id/);
});

test('a profile places each sub-category under a category it lists; the former flat lists are named', () => {
  const profile = { ...validProfile, subCategories: [{ id: 20, categoryId: 10, childCategoryIds: [30] }] };
  expect(parseConfig({ ...remote, TARGET_PROFILE: writtenProfile(profile) }).profile.subCategories).toEqual(
    profile.subCategories,
  );
  expect(profileProblems({ ...validProfile, subCategories: [{ id: 20, categoryId: 12 }] })).toMatch(
    /sub-category 20 sits under category 12, which categoryIds does not list/,
  );
  expect(profileProblems({ ...validProfile, subCategoryIds: [20], childCategoryIds: [30] })).toMatch(
    /subCategoryIds and childCategoryIds are replaced by subCategories/,
  );
});

test('rejects a profile that is not JSON', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'profile-'));
  const file = path.join(dir, 'bad.json');
  writeFileSync(file, '{ not json');
  expect(problemsOf({ ...remote, TARGET_PROFILE: file })).toMatch(/is not valid JSON/);
});

test('the environment wins over the dotenv file, and ENV_FILE picks the file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'envfile-'));
  writeFileSync(path.join(dir, '.env.staging'), 'ACCEPT_LANGUAGE=ar\nREQUEST_TIMEOUT_MS=1234\n');
  const env = readEnvironment({ ENV_FILE: '.env.staging', REQUEST_TIMEOUT_MS: '999' }, dir);
  expect(env.ACCEPT_LANGUAGE).toBe('ar');
  expect(env.REQUEST_TIMEOUT_MS).toBe('999');
  expect(() => readEnvironment({ ENV_FILE: '.env.missing' }, dir)).toThrow(/ENV_FILE: .env.missing does not exist/);
});

test('a name in the dotenv file one slip from a setting is named, with the setting meant; others are left alone', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'envfile-'));
  writeFileSync(path.join(dir, '.env'), 'BASE_ULR=https://staging.example\nOTHER_TOOL_HOME=/opt\n');
  expect(() => readEnvironment({}, dir)).toThrow(/BASE_ULR \(in \.env\): no such setting; did you mean BASE_URL\?/);
  writeFileSync(path.join(dir, '.env'), 'OTHER_TOOL_HOME=/opt\n');
  expect(readEnvironment({}, dir).OTHER_TOOL_HOME).toBe('/opt');
});

test('an embedded variant takes a profile shipped with the suite, without BASE_URL', () => {
  expect(parseConfig({ TARGET_PROFILE: 'profiles/strict.json' }).embedded).toBe(true);
});

test('printing the config never shows the token', () => {
  const text = describeConfig(parseConfig(remote));
  expect(text).not.toContain(remote.API_TOKEN);
  expect(text).toContain('***');
});

test('loopback detection covers localhost, 127/8 and ::1 only', () => {
  expect(isLoopback('http://localhost:3000')).toBe(true);
  expect(isLoopback('http://127.0.0.2')).toBe(true);
  expect(isLoopback('http://[::1]:80')).toBe(true);
  expect(isLoopback('https://staging.example.com')).toBe(false);
  expect(isLoopback('http://10.0.0.1')).toBe(false);
});

test('the created-resources list goes in REPORTS_DIR unless CREATED_RESOURCES_FILE says otherwise; a shard has its own', () => {
  expect(parseConfig({}).createdResourcesFile).toBe(path.join(PROJECT_ROOT, 'reports', 'created-resources.json'));
  expect(parseConfig({ REPORTS_DIR: '/tmp/run-7' }).createdResourcesFile).toBe('/tmp/run-7/created-resources.json');
  expect(parseConfig({ REPORTS_DIR: '/tmp/run-7', CREATED_RESOURCES_FILE: '/x/list.json' }).createdResourcesFile).toBe(
    '/x/list.json',
  );
  const file = '/tmp/run-7/created-resources.json';
  expect(journalDir(file)).toBe('/tmp/run-7/created-resources');
  expect(shardReportFile(file, undefined)).toBe(file);
  const shard = shardReportFile(file, { current: 2, total: 3 });
  expect(shard).toBe('/tmp/run-7/created-resources-shard-2-of-3.json');
  expect(journalDir(shard)).toBe('/tmp/run-7/created-resources-shard-2-of-3');
  expect(journalDir('/x/list'), 'a file without extension: its journals beside it, not in its place').toBe(
    '/x/list.journals',
  );
});

test('workers follow what the target shows: slow answers get the remote count whatever the hostname, a 429 keeps the hostname’s, WORKERS wins', async ({
  servers,
}) => {
  const loopback = 'http://127.0.0.1:4010';
  expect(workersFor(loopback, { medianMs: 3, rateLimited: false }, 2)).toBe(2);
  expect(workersFor(loopback, { medianMs: 110, rateLimited: false }, 2)).toBe(8);
  expect(workersFor(loopback, { medianMs: 110, rateLimited: true }, 2), 'a rate limit').toBe(2);
  expect(workersFor('https://staging.example.com', { medianMs: 3, rateLimited: false }, 2)).toBe(8);
  expect(workersFor(loopback, undefined, 2), 'no answer: preflight says why').toBe(2);
  expect(configWorkers({ WORKERS: '3', BASE_URL: loopback })).toBe(3);

  // A target answering Webhook Events after 60 ms, with the token it is given.
  const app = Fastify({ logger: false });
  const tokens: (string | undefined)[] = [];
  app.get('/api/core/v1/webhooks/events', async (request) => {
    tokens.push(request.headers.authorization);
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { status: 'success', message: 'ok', data: [] };
  });
  const baseUrl = await servers.listen(app);
  const pace = await paceOf(baseUrl, 'tok-pace', 'en');
  expect(pace.medianMs).toBeGreaterThanOrEqual(60);
  expect(pace.rateLimited).toBe(false);
  expect(new Set(tokens)).toEqual(new Set(['Bearer tok-pace']));
  expect(workersFor(baseUrl, pace, 2)).toBe(8);
});

test('a loopback target whose answers take 25 ms or more gets the remote workers: global setup times it and raises the count before the workers start', async ({
  servers,
}) => {
  // Every answer 40 ms late; a read-only run of three reads, with no --workers and no WORKERS: Playwright
  // starts no more workers than tests, so three show a count raised over the two a 2-core machine's loopback gets.
  const { url } = await servers.reference({
    instrument: (app) =>
      app.addHook('onRequest', async () => {
        await new Promise((resolve) => setTimeout(resolve, 40));
      }),
  });
  const run = await runPlaywright({
    args: [
      '--project=conformance',
      'tests/webhooks/webhook-events.spec.ts',
      '--grep',
      'answers data as an array|answers entries|lists exactly',
    ],
    env: { BASE_URL: url, API_TOKEN: SELFTEST_TOKEN, TARGET_PROFILE: REFERENCE_PROFILE, TARGET_READ_ONLY: 'true' },
  });
  expect(run.exitCode, run.stdout.slice(-2_000)).toBe(0);
  const remote = 4 * availableParallelism();
  expect(run.stdout).toMatch(
    new RegExp(`Workers: ${remote}, as against a remote target: the target answered in \\d+ ms`),
  );
  expect(run.workers, "the count Playwright ran with (its JSON report's config)").toBe(Math.min(remote, 3));
});

test('--workers (-j) on the command line is seen, so neither the config nor global setup changes the count it gives', () => {
  expect(workersOnCommandLine(['node', 'cli.js', 'test', '--workers=3'])).toBe(true);
  expect(workersOnCommandLine(['node', 'cli.js', 'test', '--workers', '3'])).toBe(true);
  expect(workersOnCommandLine(['node', 'cli.js', 'test', '-j', '3'])).toBe(true);
  expect(workersOnCommandLine(['node', 'cli.js', 'test', '--project=conformance'])).toBe(false);
});
