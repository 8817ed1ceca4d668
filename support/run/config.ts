/**
 * Target configuration: environment (and an optional dotenv file) parsed once by one zod schema into
 * a frozen, typed config. Bad configuration fails fast with one message naming every bad variable.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import { SetupError } from './errors.ts';
import { TargetProfile } from '../contract/profile.ts';
import { redact, registerSecret, REDACTED } from '../redaction/redact.ts';
import { EmbeddedTargets, ReferenceVariants, type ReferenceVariant } from '../contract/embedded-targets.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
export const REFERENCE_PROFILE = EmbeddedTargets.standard.profile;

const optionalString = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const flag = (fallback: boolean) => z.stringbool().default(fallback);

/** An http(s) URL without user or password: a credential in a URL would reach every report and message. */
const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://staging.example.com' })
  .refine((u) => !/^https?:\/\/[^/]*@/.test(u), 'must not carry a user or password (put the credential in API_TOKEN)');
/** Empty (`RUN_ID=` as copied from .env.example) counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
/** A delete path such as `/api/core/v1/products/{id}`; empty (`DELETE_PRODUCT_PATH=` in .env.example) counts as unset. */
const optionalPathTemplate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\/\S*\{id\}/, 'must contain {id} (and start with /)')
    .optional(),
);
/** An optional URL; an empty value (`BASE_URL=` in a dotenv file) counts as unset. Trailing slashes go. */
const optionalUrl = unsetIfEmpty(HttpUrl.transform((u) => u.replace(/\/+$/, '')));

export const EnvSchema = z.object({
  BASE_URL: optionalUrl,
  API_TOKEN: optionalString,
  ACCEPT_LANGUAGE: z.string().trim().min(1).default('en'),
  PRODUCT_LIST_PATH: z
    .string()
    .regex(/^\/\S*$/, 'must be a path starting with /')
    .default('/products'),
  REQUEST_TIMEOUT_MS: positiveInt(10_000),
  TARGET_PROFILE: optionalString,
  TARGET_ALLOW_WRITES: flag(false),
  RUN_ID: unsetIfEmpty(z.string().regex(/^[A-Za-z0-9-]{4,40}$/, 'must be 4-40 letters, digits or dashes')),
  FAKER_SEED: unsetIfEmpty(z.coerce.number().int().nonnegative()),
  WORKERS: unsetIfEmpty(z.coerce.number().int().positive()),
  REFERENCE_FAULTS: z.string().default(''),
  /** Embedded reference only: `standard`, `divergent` (other spec-valid choices), `divergent-ssrf` or `strict` (reference/variants/). */
  REFERENCE_VARIANT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(ReferenceVariants).default('standard'),
  ),
  CAPTURE_PUBLIC_URL: optionalUrl,
  /**
   * Where webhooks that wait for no delivery point (run id and a random path added). Unset: a host under
   * `.invalid`, which never resolves; a target that resolves destinations refuses it, so give it one it takes.
   */
  PARKED_WEBHOOK_URL: optionalUrl,
  /** A capture server started elsewhere (`npm run capture`), shared by shards or machines: where the workers reach it. */
  CAPTURE_URL: optionalUrl,
  /** Its control token (a secret). Also how global setup hands its own server's token to the workers. */
  CAPTURE_CONTROL_TOKEN: unsetIfEmpty(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,200}$/, 'must be 16 to 200 letters, digits, - or _ (npm run capture makes one)'),
  ),
  CAPTURE_HOST: z.string().min(1).default('127.0.0.1'),
  CAPTURE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // The capture server holds a wait open for at most two minutes (support/capture/server.ts).
  DELIVERY_TIMEOUT_MS: positiveInt(10_000).pipe(z.number().max(120_000, 'must be at most 120000 (two minutes)')),
  // No default: how a remote target signs is its own choice (unset skips the signature test, saying so).
  WEBHOOK_SIGNATURE_SCHEME: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['none', 'standard-webhooks', 'hmac-sha256']).optional(),
  ),
  // Unset: x-signature and hex, or for the embedded reference without a scheme, its variant's own.
  WEBHOOK_SIGNATURE_HEADER: unsetIfEmpty(z.string().min(1)),
  WEBHOOK_SIGNATURE_ENCODING: unsetIfEmpty(z.enum(['hex', 'base64'])),
  /** Observe (and report, never judge) delivery headers, retries, repeats and payload fields. */
  OBSERVE_DELIVERIES: flag(true),
  OBSERVE_RETRY_WINDOW_MS: positiveInt(8_000).pipe(
    z.number().min(1_000, 'must be at least 1000').max(20_000, 'must be at most 20000 (20 s)'),
  ),
  DELETE_PRODUCT_PATH: optionalPathTemplate,
  DELETE_WEBHOOK_PATH: optionalPathTemplate,
  /** Where the reports go (support/report/index.ts reads it too); relative to the project root. */
  REPORTS_DIR: optionalString,
  /** Where the run lists what it created (and what teardown deleted); relative to the project root. Default: in REPORTS_DIR. */
  CREATED_RESOURCES_FILE: optionalString,
  /** Internal: where global setup started the embedded reference; workers read it from here. */
  EMBEDDED_REFERENCE_URL: optionalUrl,
  /** Internal: where the workers reach the capture server (its own, or CAPTURE_URL), set by global setup (support/capture/start.ts). */
  CAPTURE_LOCAL_URL: optionalUrl,
  /** Internal, for the fault matrix (selftest/matrix/fault-matrix.ts): the plan file of a matrix run. */
  FAULT_PLAN: optionalString,
  /** Internal, for the fault matrix: name the test on every request (selftest/matrix/plan.ts, TEST_HEADER). */
  TRACE_TESTS: flag(false),
});

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
  readonly runId: string | undefined;
  readonly fakerSeed: number | undefined;
  readonly referenceFaults: readonly string[];
  /** Which reference the embedded run starts (REFERENCE_VARIANT); meaningless with BASE_URL. */
  readonly referenceVariant: ReferenceVariant;
  /** PARKED_WEBHOOK_URL: the base of webhook destinations that wait for no delivery (unset: a `.invalid` host). */
  readonly parkedWebhookUrl: string | undefined;
  readonly capture: {
    /**
     * The address the target is told: CAPTURE_PUBLIC_URL, else CAPTURE_URL unless it is loopback (a
     * remote target cannot reach that). Undefined: the local address, for a target on this machine.
     */
    readonly publicUrl: string | undefined;
    readonly host: string;
    readonly port: number;
    /** CAPTURE_URL: a shared capture server; the run starts none of its own. */
    readonly url: string | undefined;
    /** Set once global setup has started (or found) the capture server. */
    readonly localUrl: string | undefined;
    readonly controlToken: string | undefined;
  };
  /** OBSERVE_DELIVERIES and OBSERVE_RETRY_WINDOW_MS: tests/observations/delivery-behaviour.spec.ts. */
  readonly observation: { readonly enabled: boolean; readonly retryWindowMs: number };
  readonly deliveryTimeoutMs: number;
  /**
   * How deliveries are signed (WEBHOOK_SIGNATURE_SCHEME, _HEADER, _ENCODING). When the scheme is unset:
   * for the embedded reference, its variant's own (Standard Webhooks for `standard`; HMAC-SHA256 in
   * x-store-signature, base64, for the divergent ones), any _HEADER or _ENCODING given still winning;
   * for a remote target, undefined (the signature test skips).
   */
  readonly signature:
    | {
        readonly scheme: 'none' | 'standard-webhooks' | 'hmac-sha256';
        readonly header: string;
        readonly encoding: 'hex' | 'base64';
      }
    | undefined;
  readonly deletePaths: { readonly product: string | undefined; readonly webhook: string | undefined };
  /**
   * Absolute path of CREATED_RESOURCES_FILE, default <REPORTS_DIR>/created-resources.json. A shard's own
   * (support/run/created-resources.ts, shardReportFile) is set by global setup for its workers and teardown.
   */
  readonly createdResourcesFile: string;
  /** Fault matrix runs only: the plan file, and whether requests name their test. */
  readonly faultPlan: string | undefined;
  readonly traceTests: boolean;
}

/** Bad configuration: one block naming every bad variable (no stack, no code frame: support/run/errors.ts). */
export class ConfigError extends SetupError {
  constructor(readonly problems: readonly string[]) {
    super(
      'ConfigError',
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee README.md ("Configuration") or .env.example.`,
    );
  }
}

/** Reads the dotenv file (ENV_FILE or .env) under the process environment: the environment wins. */
export function readEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  root = PROJECT_ROOT,
): Record<string, string | undefined> {
  const file = path.resolve(root, env.ENV_FILE ?? '.env');
  if (env.ENV_FILE && !existsSync(file)) throw new ConfigError([`ENV_FILE: ${env.ENV_FILE} does not exist`]);
  const fromFile = existsSync(file) ? parseDotenv(readFileSync(file)) : {};
  return { ...fromFile, ...env };
}

export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Parses an environment into a Config, or throws one ConfigError listing every problem. */
export function parseConfig(env: Record<string, string | undefined>, root = PROJECT_ROOT): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${issue.path.join('.')}: ${issue.message} (got ${describeValue(env[name], SECRET_VARIABLES.has(name))})`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const embedded = e.BASE_URL === undefined;
  if (!embedded && !e.API_TOKEN)
    problems.push('API_TOKEN: required when BASE_URL names a target (the embedded reference makes its own)');
  if (!embedded && !e.TARGET_PROFILE)
    problems.push(
      `TARGET_PROFILE: required when BASE_URL names a target: a JSON file listing the ids that exist there (see ${REFERENCE_PROFILE})`,
    );
  const profilePath = path.resolve(root, e.TARGET_PROFILE ?? EmbeddedTargets[e.REFERENCE_VARIANT].profile);
  let profile: TargetProfile | undefined;
  if (embedded || e.TARGET_PROFILE) {
    try {
      profile = loadProfile(profilePath);
    } catch (error) {
      problems.push(`TARGET_PROFILE: ${(error as Error).message}`);
    }
  }
  if (e.CAPTURE_URL && !e.CAPTURE_CONTROL_TOKEN)
    problems.push(
      'CAPTURE_CONTROL_TOKEN: required with CAPTURE_URL: the token `npm run capture` printed, or wrote to its --token-file, when it started',
    );
  if (problems.length > 0 || !profile) throw new ConfigError(problems);
  registerSecret(e.API_TOKEN);
  registerSecret(e.CAPTURE_CONTROL_TOKEN);
  return Object.freeze({
    baseUrl: e.BASE_URL,
    embedded,
    targetUrl: e.BASE_URL ?? e.EMBEDDED_REFERENCE_URL,
    apiToken: e.API_TOKEN,
    acceptLanguage: e.ACCEPT_LANGUAGE,
    productListPath: e.PRODUCT_LIST_PATH,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    profilePath,
    profile,
    allowWrites: e.TARGET_ALLOW_WRITES,
    runId: e.RUN_ID,
    fakerSeed: e.FAKER_SEED,
    referenceFaults: e.REFERENCE_FAULTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    referenceVariant: e.REFERENCE_VARIANT,
    parkedWebhookUrl: e.PARKED_WEBHOOK_URL,
    capture: Object.freeze({
      publicUrl: e.CAPTURE_PUBLIC_URL ?? (e.CAPTURE_URL && !isLoopback(e.CAPTURE_URL) ? e.CAPTURE_URL : undefined),
      host: e.CAPTURE_HOST,
      port: e.CAPTURE_PORT,
      url: e.CAPTURE_URL,
      localUrl: e.CAPTURE_LOCAL_URL,
      controlToken: e.CAPTURE_CONTROL_TOKEN,
    }),
    observation: Object.freeze({ enabled: e.OBSERVE_DELIVERIES, retryWindowMs: e.OBSERVE_RETRY_WINDOW_MS }),
    deliveryTimeoutMs: e.DELIVERY_TIMEOUT_MS,
    signature: signatureOf(e, embedded),
    deletePaths: Object.freeze({ product: e.DELETE_PRODUCT_PATH, webhook: e.DELETE_WEBHOOK_PATH }),
    createdResourcesFile: path.resolve(
      root,
      e.CREATED_RESOURCES_FILE ?? path.join(e.REPORTS_DIR ?? 'reports', 'created-resources.json'),
    ),
    faultPlan: e.FAULT_PLAN,
    traceTests: e.TRACE_TESTS,
  });
}

/** WEBHOOK_SIGNATURE_* where given; for the embedded reference without a scheme, its variant's own where not. */
function signatureOf(e: z.infer<typeof EnvSchema>, embedded: boolean): Config['signature'] {
  const own = embedded && !e.WEBHOOK_SIGNATURE_SCHEME ? EmbeddedTargets[e.REFERENCE_VARIANT].signature : undefined;
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

/** Variables whose value is never shown, not even in a configuration error. */
const SECRET_VARIABLES = new Set(['API_TOKEN', 'CAPTURE_CONTROL_TOKEN']);

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
