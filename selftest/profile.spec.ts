/**
 * The target profile a QA engineer writes by hand: its JSON Schema (for editors) is what the zod schema
 * the run loads it with says; `profile discover` writes one from what the store shows, which
 * runs CONFORMANT once only the undiscoverable entries are filled in; `profile check` names
 * each entry the store refuses.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, SELFTEST_TOKEN, test, WHOLE_SUITE } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import {
  PLACEHOLDER_PREFIX,
  PROFILE_SCHEMA_FILE,
  profileJsonSchemaText,
  TargetProfile,
  type TargetProfileFile,
} from '../support/contract/profile.ts';
import { EmbeddedTargets, type ReferenceVariant } from '../support/contract/embedded-targets.ts';
import { ConformanceReport } from '../support/report/report-format.ts';
import { childEnvironment } from './harness/suite-run.ts';
import { discoveredRun, UNDISCOVERABLE } from './support/discovered-run.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const profileOf = (variant: ReferenceVariant) =>
  JSON.parse(read(EmbeddedTargets[variant].profile)) as TargetProfileFile;

test(`${PROFILE_SCHEMA_FILE} is up to date with the profile's zod schema, and takes the variants' profiles`, () => {
  const committed = read(PROFILE_SCHEMA_FILE);
  expect(committed, `${PROFILE_SCHEMA_FILE} is stale: run npm run profile:schema and commit it`).toBe(
    profileJsonSchemaText(),
  );
  const validate = new Ajv2020({ strict: false }).compile(JSON.parse(committed) as object);
  for (const variant of ['standard', 'divergent', 'strict'] as const) {
    const profile = profileOf(variant);
    expect(validate(profile), `${EmbeddedTargets[variant].profile}: ${JSON.stringify(validate.errors)}`).toBe(true);
    expect(profile.$schema, 'each names the schema, for editors').toBe('../spec/target-profile.schema.json');
  }
  const named = {
    ...profileOf('standard'),
    brandIds: [{ id: 1, name: 'Nike' }, 2],
    statusIds: [{ id: 2, publishes: false }, 1],
  };
  expect(validate(named), 'named entries and declared statuses').toBe(true);
  expect(TargetProfile.parse(named)).toMatchObject({ brandIds: [1, 2], statusIds: [2, 1] });
  const placeholder = { ...profileOf('standard'), mediaIds: [`${PLACEHOLDER_PREFIX} media ids`] };
  expect(validate(placeholder), 'an editor marks a placeholder left in place').toBe(false);
  expect(TargetProfile.safeParse(placeholder).error?.issues[0]?.message).toBe(
    `still the placeholder \`profile discover\` left: ${PLACEHOLDER_PREFIX} media ids`,
  );
});

for (const variant of ['standard', 'divergent'] as const) {
  const judged = variant === 'standard' ? 'its creates, updates, filters and deliveries' : 'the whole suite';
  test(
    `discover against the standalone ${variant} reference writes a profile that runs CONFORMANT on ${judged} once its placeholders are filled in`,
    variant === 'divergent' ? WHOLE_SUITE : {},
    async ({ servers }) => {
      // The run is shared (selftest/support/discovered-run.ts): other self tests read other things of it.
      const { result, dir, facts } = await discoveredRun(variant, servers);
      const own = profileOf(variant);
      const { profile, notes } = facts;
      const named = (ids: readonly unknown[]) => ids.map((id) => ({ id, name: expect.any(String) }));
      expect(profile.brandIds, 'brands, with their names').toEqual(named(own.brandIds));
      expect(profile.categoryIds, 'categories, with their names').toEqual(named(own.categoryIds));
      for (const key of ['mediaIds', 'badgeIds', 'providerIds', 'statusIds'])
        expect(profile[key], `${key}: a placeholder saying where to find them`).toEqual([
          expect.stringMatching(new RegExp(`^${PLACEHOLDER_PREFIX} .*no documented operation lists them`)),
        ]);
      expect(notes[0]).toBe('List Products answers at /products.');

      // Only the undiscoverable entries filled in, from what the reference was seeded with.
      const ran = JSON.parse(await readFile(path.join(dir, 'discovered.json'), 'utf8')) as Record<string, unknown>;
      expect(ran, 'the profile the suite ran with').toEqual({ ...profile, ...pick(own, UNDISCOVERABLE) });
      expect(result.tests.length, `tests run (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(0);
      const report = ConformanceReport.parse(
        JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')),
      );
      expect(report.verdict, `${report.reasons.join('\n')}\n${result.stdout.slice(0, 3_000)}`).toBe('CONFORMANT');
      expect(result.exitCode).toBe(0);
    },
  );
}

const pick = <T extends object, K extends keyof T>(from: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

test('profile check names each entry the store refuses, with its answer, and exits 2; a mistake on its command line is one line', async ({
  servers,
}, testInfo) => {
  // A store of the user's (a profile of its own needs BASE_URL: without it, the check would ask the embedded reference).
  const { url } = await servers.reference();
  const file = testInfo.outputPath('two-bad-ids.json');
  await writeFile(file, JSON.stringify({ ...profileOf('standard'), brandIds: [1, 2, 999991], badgeIds: [999992, 1] }));
  const cli = (...args: string[]) =>
    promisify(execFile)(
      path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(PROJECT_ROOT, 'cli', 'main.ts'), 'profile', ...args],
      {
        cwd: testInfo.outputDir,
        env: childEnvironment({ BASE_URL: url, API_TOKEN: SELFTEST_TOKEN }),
        encoding: 'utf8',
      },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const checked = await cli('check', '--profile', file);
  expect(checked.code, checked.stderr).toBe(2);
  const lines = checked.stdout.split('\n');
  expect(lines.filter((line) => line.startsWith('  '))).toEqual([
    '  brandIds[2] = 999991: Create Service Product answered 422 {"brand_id":["unknown id(s): 999991"]}',
    '  badgeIds[0] = 999992: Create Service Product answered 422 {"badge_id":["unknown id(s): 999992"]}',
  ]);
  expect(checked.stdout).toMatch(
    /^Profile check: \d+ entries asked about in \d+ creates, \d+ ms; 2 refused; status 1 publishes, 2 does not publish\.$/m,
  );
  const unknown = await cli('chek');
  expect(unknown.code).toBe(2);
  expect(unknown.stderr.trim()).toBe(
    "store-api-conformance profile: check or discover (got 'chek'; see store-api-conformance profile --help)",
  );
});
