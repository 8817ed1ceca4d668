/**
 * `store-api-conformance init [--name staging]`: the files a new target needs, in the working directory:
 * `.env` (every variable, commented, from the registry, naming the profile) and `profiles/<name>.json`,
 * a skeleton of the target profile: the embedded reference's ids, to be replaced by the target's own.
 * It overwrites nothing unless told to.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package.ts';
import { PROGRAM, UsageError, type Command } from '../command.ts';

export const init: Command = {
  name: 'init',
  summary: 'Write a commented .env and a target profile skeleton (profiles/<name>.json) for a new target.',
  usage: '[--name <name>] [--force]',
  options: {
    name: { type: 'string', value: '<name>', description: 'the target, naming its profile (default staging)' },
    force: { type: 'boolean', description: 'overwrite files that exist' },
  },
  positionals: { min: 0, max: 0 },
  run: async ({ values }) => {
    const name = typeof values.name === 'string' ? values.name : 'staging';
    if (!/^[A-Za-z0-9._-]+$/.test(name))
      throw new UsageError(`--name: letters, digits, '.', '_' or '-' (got ${JSON.stringify(name)})`);
    const profileFile = path.posix.join('profiles', `${name}.json`);
    const files = { env: path.resolve('.env'), profile: path.resolve(profileFile) };
    const existing = Object.values(files).filter((f) => existsSync(f));
    if (existing.length > 0 && values.force !== true) {
      console.error(
        `${existing.map((f) => path.relative(process.cwd(), f)).join(' and ')} exist: nothing written (--force overwrites).`,
      );
      return 2;
    }
    const [{ EmbeddedTargets }, { envExample }, { schemaReference }] = await Promise.all([
      import('../../support/contract/embedded-targets.ts'),
      import('../../support/run/config-docs.ts'),
      import('../../support/run/profile-discover.ts'),
    ]);
    const env = envExample()
      .replace(
        /^(?:#.*\n)+/,
        [
          `# Written by \`${PROGRAM} init\`: the configuration of a run against ${name}, read from this directory.`,
          '# The process environment wins over this file. Never commit a token: prefer API_TOKEN from a secret',
          `# store in the environment, or \`${PROGRAM} run --token-env <variable>\`.`,
          '',
        ].join('\n'),
      )
      .replace(/^TARGET_PROFILE=.*$/m, `TARGET_PROFILE=${profileFile}`);
    const reference = JSON.parse(
      readFileSync(path.join(PACKAGE_ROOT, EmbeddedTargets.standard.profile), 'utf8'),
    ) as Record<string, unknown>;
    const skeleton = {
      ...reference,
      // The suite's JSON Schema as seen from where the profile is written: editors complete and check it.
      $schema: schemaReference(files.profile),
      description: `Target profile of ${name}, written by \`${PROGRAM} init\` with the embedded reference's ids: replace each list with ids that exist on ${name} (docs/staging.md).`,
    };
    mkdirSync(path.dirname(files.profile), { recursive: true });
    writeFileSync(files.env, env);
    writeFileSync(files.profile, `${JSON.stringify(skeleton, null, 2)}\n`);
    console.log(`Wrote .env and ${profileFile}. Next:`);
    console.log(`  1. Set BASE_URL in .env, and put ${name}'s ids in ${profileFile}.`);
    console.log(`  2. API_TOKEN=… ${PROGRAM} run --allow-writes`);
    return 0;
  },
};
