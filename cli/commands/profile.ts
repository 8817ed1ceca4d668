/**
 * `store-api-conformance profile <check | discover>` (`npm run profile -- check` in a clone): the target
 * profile, checked against the target (support/run/profile-check.ts, as every run's global setup does)
 * or discovered from it (support/run/profile-discover.ts). The target is the run's: BASE_URL and
 * API_TOKEN from the options, the environment or `.env`; without BASE_URL, the embedded reference,
 * started for the command.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../support/run/config.ts';
import { PROGRAM, UsageError, type Command } from '../command.ts';
import { runOf } from '../run-options.ts';

const REFUSED = 2;

interface Target {
  readonly baseUrl: string;
  readonly token: string | undefined;
  readonly embedded: boolean;
  readonly close: () => Promise<void>;
}

/** BASE_URL, or the embedded reference, started for the command. */
async function startTarget(config: Config): Promise<Target> {
  if (!config.embedded)
    return { baseUrl: config.baseUrl ?? '', token: config.apiToken, embedded: false, close: async () => {} };
  const { startEmbeddedReference } = await import('../../support/run/global-setup.ts');
  const reference = await startEmbeddedReference(config);
  return { baseUrl: reference.url, token: reference.token, embedded: true, close: reference.close };
}

const shown = (file: string) => {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
};

async function check(config: Config): Promise<number> {
  const [{ isLoopback }, { preflight }, { checkProfile, describeCheck }, { newRunId }, teardown] = await Promise.all([
    import('../../support/client/http.ts'),
    import('../../support/run/preflight.ts'),
    import('../../support/run/profile-check.ts'),
    import('../../support/run/run-id.ts'),
    import('../../support/run/teardown.ts'),
  ]);
  if (config.baseUrl && !isLoopback(config.baseUrl) && !config.allowWrites) {
    console.error(
      `Refusing to write to ${config.baseUrl}: the check creates a product for each entry of the profile (named with the run id, listed in created-resources-profile-check.json), and TARGET_ALLOW_WRITES is not true (--allow-writes).`,
    );
    return REFUSED;
  }
  // Its own list of what it created: a run's created-resources.json stays as that run left it.
  const createdResourcesFile = path.join(
    path.dirname(config.createdResourcesFile),
    'created-resources-profile-check.json',
  );
  const target = await startTarget(config);
  try {
    await preflight(target.baseUrl, config, target.token);
    const runId = config.runId ?? newRunId();
    console.log(
      `Profile check of ${shown(config.profilePath)} against ${target.embedded ? `the embedded reference (${config.referenceVariant})` : target.baseUrl}, run ${runId}:`,
    );
    const result = await checkProfile(config.profile, {
      baseUrl: target.baseUrl,
      token: target.token,
      acceptLanguage: config.acceptLanguage,
      timeoutMs: config.requestTimeoutMs,
      runId,
      createdResourcesFile,
    });
    for (const refusal of result.refused) console.log(`  ${refusal.entry}: ${refusal.answer}`);
    for (const note of result.notes) console.log(note);
    console.log(describeCheck(result));
    const cleaned = await teardown.cleanUpCreatedResources({ ...config, createdResourcesFile }, { ...target, runId });
    const summary = teardown.summarize(cleaned, createdResourcesFile);
    if (summary && !target.embedded) console.log(summary);
    return result.refused.length > 0 ? REFUSED : 0;
  } finally {
    await target.close();
  }
}

async function discover(config: Config, out: string, force: boolean): Promise<number> {
  const file = path.resolve(out);
  if (existsSync(file) && !force) {
    console.error(`${shown(file)} exists: give another --out, or --force to overwrite it.`);
    return REFUSED;
  }
  const { discoverProfile, formatProfile, schemaReference } = await import('../../support/run/profile-discover.ts');
  const target = await startTarget(config);
  try {
    const discovery = await discoverProfile(
      {
        baseUrl: target.baseUrl,
        token: target.token,
        acceptLanguage: config.acceptLanguage,
        timeoutMs: config.requestTimeoutMs,
        productListPath: config.productListPath,
      },
      schemaReference(file),
    );
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, formatProfile(discovery.profile));
    console.log(`Wrote ${shown(file)}.`);
    for (const note of discovery.notes) console.log(`  ${note}`);
    console.log(
      `Fill in each "FILL IN: …", then: ${PROGRAM} profile check --profile ${shown(file)} (npm run profile -- check --profile … in a clone)`,
    );
    return 0;
  } finally {
    await target.close();
  }
}

export const profile: Command = {
  name: 'profile',
  summary: 'Check the target profile against the target (each id in a create of its own), or discover one from it.',
  usage: '<check | discover> [options]',
  details: [
    'check     asks the target about every entry of the profile, each in a create of its own, everything',
    '          else known good (it writes: --allow-writes for a remote target); exit 0 when it takes every',
    '          entry, 2 when it refuses one, each named with the answer. Every run does the same in preflight.',
    'discover  writes a profile from what the product list shows (brands and categories with their names,',
    '          tag names, the list path), with "FILL IN: …" placeholders for the rest; it only reads.',
    "The target is the run's (BASE_URL, API_TOKEN from the environment or .env); without BASE_URL, the",
    'embedded reference (REFERENCE_VARIANT, --variant).',
  ],
  options: {
    profile: { type: 'string', value: '<file>', description: 'check: the profile to check (TARGET_PROFILE)' },
    out: {
      type: 'string',
      value: '<file>',
      description: 'discover: where to write it (default profiles/discovered.json)',
    },
    force: { type: 'boolean', description: 'discover: overwrite --out' },
    'base-url': { type: 'string', value: '<url>', description: 'BASE_URL: the target' },
    'env-file': { type: 'string', value: '<file>', description: 'ENV_FILE: the dotenv file to read' },
    'token-env': { type: 'string', value: '<name>', description: 'API_TOKEN from the environment variable <name>' },
    'allow-writes': { type: 'boolean', description: 'TARGET_ALLOW_WRITES=true: check may create products' },
    variant: { type: 'string', value: '<name>', description: 'REFERENCE_VARIANT: the embedded reference to start' },
  },
  positionals: { min: 1, max: 1 },
  run: async (args) => {
    const [command] = args.positionals;
    if (command !== 'check' && command !== 'discover')
      throw new UsageError(`${PROGRAM} profile: check or discover (got '${command}'; see ${PROGRAM} profile --help)`);
    if (command === 'discover' && args.values.profile !== undefined)
      throw new UsageError(`${PROGRAM} profile discover: writes a profile (--out), reads none (--profile)`);
    const { env } = runOf(args);
    const [{ parseConfig, PROJECT_ROOT, readEnvironment, REFERENCE_PROFILE }, { SetupError }] = await Promise.all([
      import('../../support/run/config.ts'),
      import('../../support/run/errors.ts'),
    ]);
    try {
      const read = readEnvironment(env);
      if (command === 'check') return await check(parseConfig(read));
      // The profile is what discover writes: the configuration is read with the reference's, which it never uses.
      const config = parseConfig({ ...read, TARGET_PROFILE: path.join(PROJECT_ROOT, REFERENCE_PROFILE) });
      const out = typeof args.values.out === 'string' ? args.values.out : 'profiles/discovered.json';
      return await discover(config, out, args.values.force === true);
    } catch (error) {
      // A mistake of setting, or a target that cannot be used: one block, as a run prints it.
      if (error instanceof SetupError) {
        console.error(error.stack);
        return REFUSED;
      }
      throw error;
    }
  },
};
