/**
 * The options of the commands that run the suite (`run`, `certify`): each sets one configuration variable
 * of the registry (support/contract/variables.ts) or one `playwright test` option. The environment and
 * `.env` (or ENV_FILE) still work: an option wins over both. A token is never an option (a command line
 * is visible to every user of the machine): `--token-env NAME` reads it from the variable NAME.
 */
import path from 'node:path';
import { Variables, type VariableName } from '../support/contract/variables.ts';
import { CONFIG_FILE } from './playwright.ts';
import { UsageError, type OptionSpec, type Parsed } from './command.ts';

interface VariableOption {
  readonly variable: VariableName;
  readonly value: string;
  /** A path, resolved from the working directory. */
  readonly path?: true;
}

/** Options that set a variable to their value. */
const VARIABLE_OPTIONS: Readonly<Record<string, VariableOption>> = {
  'base-url': { variable: 'BASE_URL', value: '<url>' },
  profile: { variable: 'TARGET_PROFILE', value: '<file>', path: true },
  'env-file': { variable: 'ENV_FILE', value: '<file>', path: true },
  'capture-public-url': { variable: 'CAPTURE_PUBLIC_URL', value: '<url>' },
  'capture-url': { variable: 'CAPTURE_URL', value: '<url>' },
  'reports-dir': { variable: 'REPORTS_DIR', value: '<dir>', path: true },
  'run-id': { variable: 'RUN_ID', value: '<id>' },
  seed: { variable: 'FAKER_SEED', value: '<n>' },
  workers: { variable: 'WORKERS', value: '<n>' },
  variant: { variable: 'REFERENCE_VARIANT', value: '<name>' },
  baseline: { variable: 'CONFORMANCE_BASELINE', value: '<conformance.json>', path: true },
};

/** The registry's meaning, for a terminal: no Markdown. */
const meaning = (name: VariableName) => Variables[name].meaning.replace(/`/g, '');

export const RUN_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  ...Object.fromEntries(
    Object.entries(VARIABLE_OPTIONS).map(([name, o]) => [
      name,
      { type: 'string', value: o.value, description: `${o.variable}: ${meaning(o.variable)}` },
    ]),
  ),
  'token-env': {
    type: 'string',
    value: '<name>',
    description: 'API_TOKEN from the environment variable <name> (never give a token on the command line)',
  },
  'allow-writes': { type: 'boolean', description: `TARGET_ALLOW_WRITES=true: ${meaning('TARGET_ALLOW_WRITES')}` },
  'read-only': { type: 'boolean', description: `TARGET_READ_ONLY=true: ${meaning('TARGET_READ_ONLY')}` },
  shard: { type: 'string', value: '<i/n>', description: 'run shard i of n (then `merge` the shards)' },
  grep: { type: 'string', value: '<regex>', description: 'only the tests whose title matches (certifies nothing)' },
};

export const RUN_USAGE = '[options] [test files…] [-- playwright test options]';

/** The environment and `playwright test` arguments of a run, from its parsed options. */
export function runOf(args: Parsed, env: NodeJS.ProcessEnv = process.env): { env: NodeJS.ProcessEnv; args: string[] } {
  const { values } = args;
  const out: NodeJS.ProcessEnv = { ...env };
  for (const [name, option] of Object.entries(VARIABLE_OPTIONS)) {
    const value = values[name];
    if (typeof value === 'string') out[option.variable] = option.path ? path.resolve(value) : value;
  }
  if (values['allow-writes'] === true) out.TARGET_ALLOW_WRITES = 'true';
  if (values['read-only'] === true) out.TARGET_READ_ONLY = 'true';
  const tokenEnv = values['token-env'];
  if (typeof tokenEnv === 'string') {
    const token = env[tokenEnv];
    if (!token) throw new UsageError(`--token-env ${tokenEnv}: the environment variable ${tokenEnv} is not set`);
    out.API_TOKEN = token;
  }
  const playwrightArgs = [
    'test',
    `--config=${CONFIG_FILE}`,
    '--project=conformance',
    ...(typeof values.shard === 'string' ? [`--shard=${values.shard}`] : []),
    ...(typeof values.grep === 'string' ? [`--grep=${values.grep}`] : []),
    // Test files, as a user names them from the working directory; Playwright matches them against its own paths.
    ...args.positionals,
    ...args.rest,
  ];
  return { env: out, args: playwrightArgs };
}
