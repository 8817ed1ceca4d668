/**
 * Target configuration: environment (and an optional dotenv file) parsed once by one zod schema into
 * a frozen, typed config. Bad configuration fails fast with one message naming every bad variable.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import { SetupError } from './errors.ts';
import { isLoopback } from '../client/http.ts';
import type { CaptureSettings } from '../capture/start.ts';
import type { SignatureConfig } from '../capture/signature/verify.ts';
import { TargetProfile, withStatusMeanings } from '../contract/profile.ts';
import { redact, registerSecret, REDACTED } from '../redaction/redact.ts';
import {
  EmbeddedTargets,
  referenceChoicesOf,
  signatureOf,
  withChoiceNeeds,
  type ReferenceChoiceName,
  type ReferenceVariant,
} from '../contract/embedded-targets.ts';
import {
  isSecret,
  readVariable,
  Variables,
  variablesWhere,
  variableSchemas,
  type StoreProbeFindings,
} from '../contract/variables.ts';

/** The suite's own files (code, the spec, the embedded targets' profiles): a clone's root, or the installed package. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * Where a user's own files are read from (.env, ENV_FILE, TARGET_PROFILE) and a run's reports are written
 * (REPORTS_DIR, CREATED_RESOURCES_FILE): the working directory. Under `npm run` in a clone that is the
 * clone's root; for the installed command it is the user's directory, never the installed package.
 */
export const workingDirectory = (): string => process.cwd();
export const REFERENCE_PROFILE = EmbeddedTargets.standard.profile;

/** The profiles of the embedded variants, shipped with the suite. */
const EMBEDDED_PROFILES = new Set(Object.values(EmbeddedTargets).map((t) => path.resolve(PROJECT_ROOT, t.profile)));

/** The configuration's schema: every variable's, from the registry (support/contract/variables.ts). */
export const EnvSchema = z.object(variableSchemas);
/** Credentials: never shown, and redacted wherever they appear once the config is parsed. */
const SECRET_VARIABLES = variablesWhere((v) => v.secret === true);

export interface Config {
  /** Absent: the suite starts the embedded reference server (support/run/global-setup.ts). */
  readonly baseUrl: string | undefined;
  readonly embedded: boolean;
  /** BASE_URL, or the embedded reference's address once global setup has started it. */
  readonly targetUrl: string | undefined;
  readonly apiToken: string | undefined;
  readonly acceptLanguage: string;
  readonly productListPath: string;
  readonly requestTimeoutMs: number;
  readonly profilePath: string;
  readonly profile: TargetProfile;
  readonly allowWrites: boolean;
  /** TARGET_READ_ONLY: no POST, PUT, PATCH or DELETE is sent (no profile check, no probe; a test that writes is skipped). */
  readonly readOnly: boolean;
  /** PROFILE_CHECK: global setup asks the target about every entry of the profile (support/run/profile-check.ts). */
  readonly profileCheck: boolean;
  readonly runId: string | undefined;
  /** This run's own token beside its id (RUN_INSTANCE, drawn by global setup): a run id given again names new things. */
  readonly runInstance: string | undefined;
  readonly fakerSeed: number | undefined;
  readonly referenceFaults: readonly string[];
  /** Which reference the embedded run starts (REFERENCE_VARIANT); meaningless with BASE_URL. */
  readonly referenceVariant: ReferenceVariant;
  /** The choices the embedded reference makes over its variant's base (REFERENCE_CHOICES resolved); meaningless with BASE_URL. */
  readonly referenceChoices: readonly ReferenceChoiceName[];
  /** PARKED_WEBHOOK_URL: the base of webhook destinations that wait for no delivery (unset: a `.invalid` host). */
  readonly parkedWebhookUrl: string | undefined;
  readonly capture: CaptureSettings;
  /** OBSERVE_DELIVERIES and OBSERVE_RETRY_WINDOW_MS: tests/observations/delivery-behaviour.spec.ts. */
  readonly observation: { readonly enabled: boolean; readonly retryWindowMs: number };
  readonly deliveryTimeoutMs: number;
  /** LIST_WAIT_MS: how long a list test waits for its products to show (fixtures/list.ts). */
  readonly listWaitMs: number;
  /**
   * How deliveries are signed (WEBHOOK_SIGNATURE_SCHEME, _HEADER, _ENCODING). When the scheme is unset:
   * for the embedded reference, the way its choices sign (Standard Webhooks; HMAC-SHA256 in
   * x-store-signature, base64, with `hmac-signature`, as the divergent ones), any _HEADER or _ENCODING given still winning;
   * for a remote target, undefined (the signature test skips).
   */
  readonly signature: SignatureConfig | undefined;
  /** The delete paths teardown uses: DELETE_*_PATH where given, else the path global setup's store probe proved. */
  readonly deletePaths: { readonly product: string | undefined; readonly webhook: string | undefined };
  /** How the run leaves the store (support/run/store-cleanup.ts): what was given, and what the store probe found. */
  readonly cleanup: {
    /** DELETE_PATHS: whether global setup probes the conventional delete paths. */
    readonly probe: boolean;
    /** DELETE_PRODUCT_PATH and DELETE_WEBHOOK_PATH as given (they win over a proven path). */
    readonly given: { readonly product: string | undefined; readonly webhook: string | undefined };
    /** What global setup's store probe found (undefined before it ran, and when it did not). */
    readonly found: StoreProbeFindings | undefined;
  };
  /**
   * Absolute path of CREATED_RESOURCES_FILE, default <REPORTS_DIR>/created-resources.json. A shard's own
   * (support/run/created-resources.ts, shardReportFile) is set by global setup for its workers and teardown.
   */
  readonly createdResourcesFile: string;
  /** CONFORMANCE_BASELINE, resolved from the working directory: the report of an earlier run (support/report/baseline.ts). */
  readonly baselineFile: string | undefined;
  /** The generated requests (FUZZ, FUZZ_RUNS, FUZZ_SEED, FUZZ_PATH, FUZZ_SHRINK): tests/generated/. */
  readonly fuzz: {
    readonly enabled: boolean;
    readonly runs: number;
    readonly seed: number | undefined;
    readonly path: string | undefined;
    /** Off: a generated test stops at its first failing request, and reports it unshrunk. */
    readonly shrink: boolean;
  };
}

/** Bad configuration: one block naming every bad variable (no stack, no code frame: support/run/errors.ts). */
export class ConfigError extends SetupError {
  constructor(readonly problems: readonly string[]) {
    super(
      'ConfigError',
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee README.md ("Configuration"): every variable, its default and meaning.`,
    );
  }
}

/**
 * Reads the dotenv file (ENV_FILE or .env) under the process environment: the environment wins. The
 * suite's own tests (SELF_TEST, set by `npm test` for itself and every run it starts) read no file:
 * a `.env` written for a staging store must never send them there.
 */
export function readEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  root = workingDirectory(),
): Record<string, string | undefined> {
  if (readVariable('SELF_TEST', env)) {
    const { ENV_FILE: _ignored, ...rest } = env;
    return { ...rest };
  }
  const file = path.resolve(root, env.ENV_FILE ?? '.env');
  if (env.ENV_FILE && !existsSync(file)) throw new ConfigError([`ENV_FILE: ${env.ENV_FILE} does not exist`]);
  const fromFile = existsSync(file) ? parseDotenv(readFileSync(file)) : {};
  const misspelt = Object.keys(fromFile).flatMap((name) => {
    const meant = meantVariable(name);
    return meant ? [`${name} (in ${path.relative(root, file) || file}): no such setting; did you mean ${meant}?`] : [];
  });
  if (misspelt.length > 0) throw new ConfigError(misspelt);
  return { ...fromFile, ...env };
}

/**
 * The variable a name in a dotenv file was surely meant to be (one edit, or two letters swapped, from
 * it), or undefined: a misspelt BASE_URL would otherwise send a staging run to the embedded reference.
 * Names further off are left alone, as other tools' settings may share the file.
 */
function meantVariable(name: string): string | undefined {
  if (name in Variables) return undefined;
  return Object.keys(Variables).find((known) => editDistance(name.toUpperCase(), known) <= 2);
}

/** Edits (insert, delete, replace, or swap two neighbours) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** The variables as the registry's schemas read them, validated one by one. */
type Env = z.infer<typeof EnvSchema>;

/** Parses an environment into a Config, or throws one ConfigError listing every problem. */
export function parseConfig(env: Record<string, string | undefined>, root = workingDirectory()): Config {
  const e = parseVariables(env);
  const embedded = e.BASE_URL === undefined;
  // A profile given is the user's; an embedded variant's own ships with the suite.
  const profilePath = e.TARGET_PROFILE
    ? path.resolve(root, e.TARGET_PROFILE)
    : path.resolve(PROJECT_ROOT, EmbeddedTargets[e.REFERENCE_VARIANT].profile);
  const problems = targetProblems(e);
  let profile: TargetProfile | undefined;
  if (embedded || e.TARGET_PROFILE) {
    try {
      profile = loadProfile(profilePath);
    } catch (error) {
      problems.push(`TARGET_PROFILE: ${(error as Error).message}`);
    }
  }
  problems.push(...embeddedProblems(e, profilePath), ...settingProblems(env, e, root));
  if (problems.length > 0 || !profile) throw new ConfigError(problems);
  const referenceChoices = referenceChoicesOf(e.REFERENCE_VARIANT, e.REFERENCE_CHOICES);
  // The embedded reference seeds what its choices need the profile to list; the run is told the same.
  if (embedded && !e.TARGET_PROFILE) profile = withChoiceNeeds(profile, referenceChoices);
  for (const name of SECRET_VARIABLES) {
    const value = e[name];
    if (typeof value === 'string') registerSecret(value);
  }
  return configOf(e, { root, profilePath, profile, referenceChoices });
}

/** Each variable through its schema, or one ConfigError naming every bad one (a secret's value not shown). */
function parseVariables(env: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${issue.path.join('.')}: ${issue.message} (got ${describeValue(env[name], isSecret(name))})`;
    }),
  );
}

/** What a target of the user's (BASE_URL) needs besides its address. */
function targetProblems(e: Env): string[] {
  if (e.BASE_URL === undefined) return [];
  const problems: string[] = [];
  if (!e.API_TOKEN)
    problems.push('API_TOKEN: required when BASE_URL names a target (the embedded reference makes its own)');
  if (!e.TARGET_PROFILE)
    problems.push(
      `TARGET_PROFILE: required when BASE_URL names a target: a JSON file listing the ids that exist there (see ${REFERENCE_PROFILE})`,
    );
  return problems;
}

/**
 * Settings that only a target of the user's takes, given without BASE_URL: with BASE_URL forgotten, the
 * run would judge the embedded reference and look like a pass of the user's store.
 */
function embeddedProblems(e: Env, profilePath: string): string[] {
  if (e.BASE_URL !== undefined) return [];
  const forATarget = [
    e.TARGET_ALLOW_WRITES ? 'TARGET_ALLOW_WRITES' : undefined,
    e.DELETE_PRODUCT_PATH ? 'DELETE_PRODUCT_PATH' : undefined,
    e.DELETE_WEBHOOK_PATH ? 'DELETE_WEBHOOK_PATH' : undefined,
    e.TARGET_PROFILE && !EMBEDDED_PROFILES.has(profilePath) ? 'TARGET_PROFILE' : undefined,
  ].filter((name) => name !== undefined);
  if (forATarget.length === 0) return [];
  return [
    `BASE_URL: unset, so the run would judge the embedded reference, yet ${forATarget.join(', ')} ${forATarget.length > 1 ? 'are' : 'is'} set for a store of yours: set BASE_URL to its address, or unset ${forATarget.length > 1 ? 'them' : 'it'} to run against the embedded reference`,
  ];
}

/** Variables valid one by one that do not hold together: a file that is not there, a setting without its companion. */
function settingProblems(env: Record<string, string | undefined>, e: Env, root: string): string[] {
  const problems: string[] = [];
  if (env.SPEC_FILE?.trim() && !existsSync(path.resolve(root, e.SPEC_FILE)))
    problems.push(
      `SPEC_FILE: ${e.SPEC_FILE} does not exist in ${root} (unset, the run names the spec shipped with the suite)`,
    );
  if (e.CAPTURE_URL && !e.CAPTURE_CONTROL_TOKEN)
    problems.push(
      'CAPTURE_CONTROL_TOKEN: required with CAPTURE_URL: the token `npm run capture` printed, or wrote to its --token-file, when it started',
    );
  if (e.FUZZ_PATH !== undefined && e.FUZZ_SEED === undefined)
    problems.push('FUZZ_PATH: a path replays one input of one seed: set FUZZ_SEED too (a failure prints both)');
  return problems;
}

/** The frozen Config of variables that hold together, with what was resolved from them. */
function configOf(
  e: Env,
  resolved: {
    readonly root: string;
    readonly profilePath: string;
    readonly profile: TargetProfile;
    readonly referenceChoices: readonly ReferenceChoiceName[];
  },
): Config {
  const { root, profilePath, profile, referenceChoices } = resolved;
  const embedded = e.BASE_URL === undefined;
  return Object.freeze({
    baseUrl: e.BASE_URL,
    embedded,
    targetUrl: e.BASE_URL ?? e.EMBEDDED_REFERENCE_URL,
    apiToken: e.API_TOKEN,
    acceptLanguage: e.ACCEPT_LANGUAGE,
    productListPath: e.PRODUCT_LIST_PATH,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    profilePath,
    // What the profile leaves unsaid of its statuses, as the run's profile check found it (global setup).
    profile: withStatusMeanings(
      profile,
      new Map(Object.entries(e.DISCOVERED_STATUSES ?? {}).map(([id, publishes]) => [Number(id), publishes])),
    ),
    allowWrites: e.TARGET_ALLOW_WRITES,
    readOnly: e.TARGET_READ_ONLY,
    profileCheck: e.PROFILE_CHECK,
    runId: e.RUN_ID,
    runInstance: e.RUN_INSTANCE,
    fakerSeed: e.FAKER_SEED,
    referenceFaults: e.REFERENCE_FAULTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    referenceVariant: e.REFERENCE_VARIANT,
    referenceChoices,
    // The tester's, else the capture server's drop path where the store probe found the target refusing the default.
    parkedWebhookUrl: e.PARKED_WEBHOOK_URL ?? e.STORE_PROBE?.parkedUrl ?? undefined,
    capture: captureSettings(e),
    observation: Object.freeze({ enabled: e.OBSERVE_DELIVERIES, retryWindowMs: e.OBSERVE_RETRY_WINDOW_MS }),
    deliveryTimeoutMs: e.DELIVERY_TIMEOUT_MS,
    listWaitMs: e.LIST_WAIT_MS,
    signature: runSignature(e, embedded, referenceChoices),
    ...cleanupOf(e),
    createdResourcesFile: path.resolve(
      root,
      e.CREATED_RESOURCES_FILE ?? path.join(e.REPORTS_DIR, 'created-resources.json'),
    ),
    baselineFile: e.CONFORMANCE_BASELINE ? path.resolve(root, e.CONFORMANCE_BASELINE) : undefined,
    fuzz: Object.freeze({
      enabled: e.FUZZ === 'on',
      runs: e.FUZZ_RUNS,
      seed: e.FUZZ_SEED,
      path: e.FUZZ_PATH,
      shrink: e.FUZZ_SHRINK === 'on',
    }),
  });
}

/** DELETE_*: the paths given win over those global setup's store probe proved (STORE_PROBE). */
function cleanupOf(e: Env): Pick<Config, 'deletePaths' | 'cleanup'> {
  const given = Object.freeze({ product: e.DELETE_PRODUCT_PATH, webhook: e.DELETE_WEBHOOK_PATH });
  return {
    deletePaths: deletePathsOf(given, e.STORE_PROBE),
    cleanup: Object.freeze({ probe: e.DELETE_PATHS === 'probe', given, found: e.STORE_PROBE }),
  };
}

function deletePathsOf(
  given: Config['cleanup']['given'],
  found: StoreProbeFindings | undefined,
): Config['deletePaths'] {
  return Object.freeze({
    product: given.product ?? found?.deletePaths.product ?? undefined,
    webhook: given.webhook ?? found?.deletePaths.webhook ?? undefined,
  });
}

/**
 * The config with what a store probe found, where it was not told (`cleanup` of a killed run reads it
 * from the run's journal): the settings given still win.
 */
export function withStoreProbe(config: Config, found: StoreProbeFindings | undefined): Config {
  if (found === undefined || config.cleanup.found !== undefined) return config;
  return Object.freeze({
    ...config,
    deletePaths: deletePathsOf(config.cleanup.given, found),
    cleanup: Object.freeze({ ...config.cleanup, found }),
    parkedWebhookUrl: config.parkedWebhookUrl ?? found.parkedUrl ?? undefined,
  });
}

/** CAPTURE_*: the address the target is told is CAPTURE_PUBLIC_URL, else CAPTURE_URL unless it is loopback. */
function captureSettings(e: Env): CaptureSettings {
  return Object.freeze({
    publicUrl: e.CAPTURE_PUBLIC_URL ?? (e.CAPTURE_URL && !isLoopback(e.CAPTURE_URL) ? e.CAPTURE_URL : undefined),
    host: e.CAPTURE_HOST,
    port: e.CAPTURE_PORT,
    url: e.CAPTURE_URL,
    localUrl: e.CAPTURE_LOCAL_URL,
    controlToken: e.CAPTURE_CONTROL_TOKEN,
  });
}

/** WEBHOOK_SIGNATURE_* where given; for the embedded reference without a scheme, its choices' own where not. */
function runSignature(e: Env, embedded: boolean, choices: readonly ReferenceChoiceName[]): Config['signature'] {
  const own = embedded && !e.WEBHOOK_SIGNATURE_SCHEME ? signatureOf(choices) : undefined;
  const scheme = e.WEBHOOK_SIGNATURE_SCHEME ?? own?.scheme;
  if (!scheme) return undefined;
  return Object.freeze({
    scheme,
    header: (e.WEBHOOK_SIGNATURE_HEADER ?? own?.header ?? 'x-signature').toLowerCase(),
    encoding: e.WEBHOOK_SIGNATURE_ENCODING ?? own?.encoding ?? 'hex',
  });
}

function loadProfile(file: string): TargetProfile {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message})`);
  }
  const result = TargetProfile.safeParse(json);
  if (!result.success)
    throw new Error(
      `${file} is not a valid target profile:\n${z.prettifyError(result.error).replace(/^/gm, '      ')}`,
    );
  return result.data;
}

function describeValue(value: string | undefined, secret = false): string {
  if (value === undefined) return 'nothing';
  if (secret) return `a value of ${value.length} characters, not shown`;
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

/** The config as text, with every credential replaced: safe to print or attach. */
export function describeConfig(config: Config): string {
  const { profile: _profile, ...rest } = config;
  const capture = { ...config.capture, controlToken: config.capture.controlToken ? REDACTED : undefined };
  return redact(JSON.stringify({ ...rest, apiToken: config.apiToken ? REDACTED : undefined, capture }, null, 2));
}

let cached: Config | undefined;
/** The run's config, parsed once per process. */
export function getConfig(): Config {
  cached ??= parseConfig(readEnvironment());
  return cached;
}
