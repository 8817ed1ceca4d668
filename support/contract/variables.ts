/**
 * Every configuration variable, declared once: how it parses, what it means to a user, and its flags.
 * The config's schema and error messages, redaction, the reports' configuration, the skip rule, the
 * child-run environment, `.env.example` and the README's table all derive from this registry
 * (`npm run config:docs` writes the two files; a self test fails while they are stale).
 */
import { z } from 'zod';
import { parseReferenceChoices, ReferenceVariants } from './embedded-targets.ts';

/** The parts of `.env.example` (and the order of the README's table). */
type Section = 'Target' | 'Webhook deliveries' | 'Run' | 'Reports';

export interface Variable<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  /** Where `.env.example` lists it; none for internal variables, which users never set. */
  readonly section?: Section;
  /** One line for users (the README's table and `.env.example`). */
  readonly meaning: string;
  /**
   * What unset means, as the docs say it. A default the schema applies is shown from the schema, and
   * this says more about it (`0`: "a free port").
   */
  readonly unset?: string;
  /** A credential: its value is never shown, not even in a configuration error, and is redacted wherever it appears. */
  readonly secret?: true;
  /** Shown in the conformance report's and the certification bundle's configuration. */
  readonly shown?: true;
  /** Set by the suite for its own processes: never documented for users, never a reason a skip is explained. */
  readonly internal?: true;
  /**
   * Run state: what one run is given or sets up for its own workers. A child run started by the self
   * tests or the benches does not inherit it from the process that starts it; it makes its own.
   */
  readonly runState?: true;
  /** Read from the environment alone (a dotenv file cannot name itself): `.env.example` leaves it out. */
  readonly environmentOnly?: true;
}

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
const isBlank = (v: unknown) => typeof v === 'string' && v.trim() === '';
/** Empty (`RUN_ID=` as copied from .env.example) counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());
/** A trimmed path; empty counts as unset, which means `fallback`. */
const pathOr = (fallback: string) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().trim().default(fallback));
/**
 * A delete path such as `/api/core/v1/products/{id}` (`{type}` stands for a product's kind, `booking` or
 * `service`); empty (`DELETE_PRODUCT_PATH=` in .env.example) counts as unset.
 */
const PathTemplate = z.string().regex(/^\/\S*\{id\}/, 'must contain {id} (and start with /)');
const optionalPathTemplate = z.preprocess((v) => (v === '' ? undefined : v), PathTemplate.optional());

/**
 * What global setup's store probe found (support/run/store-probe.ts), for the workers: the delete paths it
 * proved, whether Update Webhook took status 0, where a switched-off webhook's url can point, and where
 * webhooks that wait for no delivery are parked when the target refused the `.invalid` default.
 */
export const StoreProbeFindings = z.strictObject({
  deletePaths: z.strictObject({ product: PathTemplate.nullable(), webhook: PathTemplate.nullable() }),
  /** The status a switched-off webhook is given: 0 where Update Webhook took it in this run, else 1 (its url and events still switch it off). */
  offStatus: z.union([z.literal(0), z.literal(1)]).nullable(),
  /** The base of a switched-off webhook's url: null for the `.invalid` default. */
  offUrlBase: z.url().nullable(),
  /** Where webhooks that wait for no delivery are parked (the capture server's drop path): null for the default or PARKED_WEBHOOK_URL. */
  parkedUrl: z.url().nullable(),
});
export type StoreProbeFindings = z.infer<typeof StoreProbeFindings>;
/** An optional URL; an empty value (`BASE_URL=` in a dotenv file) counts as unset. Trailing slashes go. */
const optionalUrl = unsetIfEmpty(HttpUrl.transform((u) => u.replace(/\/+$/, '')));

/** Infers each schema's type while checking the entry's shape. */
const variable = <S extends z.ZodType>(declaration: Variable<S>): Variable<S> => declaration;

export const Variables = {
  // --- Target
  ENV_FILE: variable({
    schema: z.string().default('.env'),
    section: 'Target',
    meaning: 'dotenv file to read; the environment wins over it',
    environmentOnly: true,
  }),
  BASE_URL: variable({
    schema: optionalUrl,
    section: 'Target',
    meaning: 'base address of the implementation under test, without `/api/core/v1`',
    unset: 'the embedded reference',
    shown: true,
    runState: true,
  }),
  API_TOKEN: variable({
    schema: optionalString,
    section: 'Target',
    meaning: 'bearer token for the protected operations; required with `BASE_URL`; never printed or reported',
    unset: 'generated for the embedded reference',
    secret: true,
    runState: true,
  }),
  TARGET_PROFILE: variable({
    schema: optionalString,
    section: 'Target',
    meaning:
      'JSON file listing the ids that exist on the target (brands, categories, media, badges, providers, statuses); required with `BASE_URL`; start from `profiles/reference.json`',
    unset: "the embedded variant's (`profiles/reference.json`, `divergent.json`, `strict.json`)",
    shown: true,
  }),
  ACCEPT_LANGUAGE: variable({
    schema: z.string().trim().min(1).default('en'),
    section: 'Target',
    meaning: 'sent as `Accept-Language` on every request',
    shown: true,
  }),
  PRODUCT_LIST_PATH: variable({
    schema: z
      .string()
      .regex(/^\/\S*$/, 'must be a path starting with /')
      .default('/products'),
    section: 'Target',
    meaning:
      "path of List Products. The spec's endpoint table gives `/products`, while its pagination links point at `/api/core/v1/products`; the default follows the table, set the other if your target serves the list there",
    shown: true,
  }),
  REQUEST_TIMEOUT_MS: variable({
    schema: positiveInt(10_000),
    section: 'Target',
    meaning: 'per-request timeout, in milliseconds',
    shown: true,
  }),
  LIST_WAIT_MS: variable({
    schema: z.coerce.number().int().min(0).max(60_000, 'must be at most 60000 (one minute)').default(5_000),
    section: 'Target',
    meaning:
      'how long a list test waits for the products it made to show on List Products, in milliseconds (whether a list shows a write at once is not shown: one fed by a search index shows it late); `0` reads once',
    shown: true,
  }),
  TARGET_ALLOW_WRITES: variable({
    schema: flag(false),
    section: 'Target',
    meaning: 'the suite creates products and webhooks; on a non-local target it refuses unless this is `true`',
    shown: true,
  }),
  TARGET_READ_ONLY: variable({
    schema: flag(false),
    section: 'Target',
    meaning:
      "for production (`run --read-only`): the run sends no POST, PUT, PATCH or DELETE and judges what reads can judge (the catalogue, the list on the store's own items, pagination, filters and search, authentication on reads, generated queries); its verdict names that scope, and it certifies nothing",
    shown: true,
  }),
  PROFILE_CHECK: variable({
    schema: flag(true),
    section: 'Target',
    meaning:
      'before any test, ask the target about every entry of `TARGET_PROFILE`, each in a create of its own, and stop the run naming any it refuses (`docs/preflight.md`); `false` skips it, and a wrong id then fails tests instead',
  }),
  DELETE_PATHS: variable({
    schema: z.enum(['probe', 'off']).default('probe'),
    section: 'Target',
    meaning:
      "`probe`: once per run, preflight tries DELETE at the conventional paths (Update Webhook's, and the product operations') on a webhook and a product it has just created, each proven by reading it back gone, and each test's teardown deletes with the paths proven (`docs/staging.md`); `off`: nothing is probed, only `DELETE_*_PATH` delete",
    shown: true,
  }),
  DELETE_PRODUCT_PATH: variable({
    schema: optionalPathTemplate,
    section: 'Target',
    meaning:
      'path of Delete Product on the target, e.g. `/api/core/v1/products/{id}` (`{type}`: `booking` or `service`): teardown deletes the products the run created there, and no product path is probed',
    unset: 'the path preflight proves, if any',
    shown: true,
  }),
  DELETE_WEBHOOK_PATH: variable({
    schema: optionalPathTemplate,
    section: 'Target',
    meaning:
      'path of Delete Webhook on the target, e.g. `/api/core/v1/webhooks/{id}`: teardown deletes the webhooks the run created there, and no webhook path is probed; a webhook not deleted is switched off through Update Webhook',
    unset: 'the path preflight proves, if any',
    shown: true,
  }),
  CREATED_RESOURCES_FILE: variable({
    schema: optionalString,
    section: 'Target',
    meaning:
      "the list of what the run created and what teardown did with it (its journals go in a directory beside it named like it, without `.json`; a shard's name ends `-shard-i-of-n`)",
    unset: '`<REPORTS_DIR>/created-resources.json`',
    runState: true,
  }),

  // --- Webhook deliveries
  CAPTURE_PUBLIC_URL: variable({
    schema: optionalUrl,
    section: 'Webhook deliveries',
    meaning:
      "the capture server's address as the target sees it (a tunnel or a host a remote target can reach); without it, a remote target's delivery tests skip",
    shown: true,
  }),
  CAPTURE_HOST: variable({
    schema: z.string().min(1).default('127.0.0.1'),
    section: 'Webhook deliveries',
    meaning:
      "where the capture server listens (the run's own, or the `capture` command's); `0.0.0.0` lets a remote target in, with `CAPTURE_PUBLIC_URL`",
    unset: 'loopback',
  }),
  CAPTURE_PORT: variable({
    schema: z.coerce.number().int().min(0).max(65535).default(0),
    section: 'Webhook deliveries',
    meaning: 'the port it listens on; fix it when a tunnel or firewall rule points at it',
    unset: 'a free port',
  }),
  CAPTURE_URL: variable({
    schema: optionalUrl,
    section: 'Webhook deliveries',
    meaning:
      'a shared capture server (the `capture` command): where the workers reach it; the run then starts none, and tells the target `CAPTURE_PUBLIC_URL` (else this)',
    shown: true,
    runState: true,
  }),
  CAPTURE_CONTROL_TOKEN: variable({
    schema: unsetIfEmpty(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,200}$/, 'must be 16 to 200 letters, digits, - or _ (the capture command makes one)'),
    ),
    section: 'Webhook deliveries',
    meaning:
      'its control token, required with `CAPTURE_URL`: what the `capture` command printed or wrote to its `--token-file`; a secret, never printed or reported',
    secret: true,
    runState: true,
  }),
  PARKED_WEBHOOK_URL: variable({
    schema: optionalUrl,
    section: 'Webhook deliveries',
    meaning:
      "where webhooks that wait for no delivery point (run id and a random path added); a target that refuses the default and takes the capture server's address gets the capture server's drop path, with no setting; for one that refuses both, give an https address it takes, one you own that drops what it receives",
    unset:
      "a host under `.invalid`, which never resolves; the capture server's drop path where the target refuses that",
    shown: true,
  }),
  DELIVERY_TIMEOUT_MS: variable({
    // The capture server holds a wait open for at most two minutes.
    schema: positiveInt(10_000).pipe(z.number().max(120_000, 'must be at most 120000 (two minutes)')),
    section: 'Webhook deliveries',
    meaning: 'how long a test waits for a delivery, in milliseconds',
    shown: true,
  }),
  WEBHOOK_SIGNATURE_SCHEME: variable({
    // No default: how a remote target signs is its own choice.
    schema: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['none', 'standard-webhooks', 'hmac-sha256']).optional(),
    ),
    section: 'Webhook deliveries',
    meaning:
      "how the target signs deliveries: `none`, `standard-webhooks` or `hmac-sha256`, verified over the raw body bytes (`standard-webhooks` keys the HMAC with the secret's bytes, or the base64 key of a `whsec_` secret); `none` skips the signature test, saying so",
    unset:
      "the embedded reference's variant's own (`standard-webhooks`; divergent: `hmac-sha256`); a remote target's signature test is skipped",
    shown: true,
  }),
  WEBHOOK_SIGNATURE_HEADER: variable({
    schema: unsetIfEmpty(z.string().min(1)),
    section: 'Webhook deliveries',
    meaning: "for `hmac-sha256`: the header carrying the signature; given, it wins over the embedded reference's own",
    unset: '`x-signature` (embedded divergent without a scheme: `x-store-signature`)',
    shown: true,
  }),
  WEBHOOK_SIGNATURE_ENCODING: variable({
    schema: unsetIfEmpty(z.enum(['hex', 'base64'])),
    section: 'Webhook deliveries',
    meaning:
      "for `hmac-sha256`: the signature's encoding, `hex` or `base64`; given, it wins over the embedded reference's own",
    unset: '`hex` (embedded divergent without a scheme: `base64`)',
    shown: true,
  }),
  OBSERVE_DELIVERIES: variable({
    schema: flag(true),
    section: 'Webhook deliveries',
    meaning:
      'observe delivery headers, retries, repeats and payload fields (reported, never judged); `false` skips the observation tests',
    shown: true,
  }),
  OBSERVE_RETRY_WINDOW_MS: variable({
    schema: positiveInt(8_000).pipe(
      z.number().min(1_000, 'must be at least 1000').max(20_000, 'must be at most 20000 (20 s)'),
    ),
    section: 'Webhook deliveries',
    meaning: 'how long the retry observation watches after the first attempt, in milliseconds (1000 to 20000)',
    shown: true,
    runState: true,
  }),

  // --- Run
  RUN_ID: variable({
    schema: unsetIfEmpty(z.string().regex(/^[A-Za-z0-9-]{4,40}$/, 'must be 4-40 letters, digits or dashes')),
    section: 'Run',
    meaning: 'names everything the run creates',
    unset: 'generated, e.g. `conf-20261121-2359-a1b2`',
    runState: true,
  }),
  FAKER_SEED: variable({
    schema: unsetIfEmpty(z.coerce.number().int().nonnegative()),
    section: 'Run',
    meaning:
      "seed of the generated tests (`@generated`), the only ones that draw: what the others send is fixed, the same under every seed; each drawing test's own seed is in its report",
    unset: 'random per run',
    runState: true,
  }),
  WORKERS: variable({
    schema: unsetIfEmpty(z.coerce.number().int().positive()),
    section: 'Run',
    meaning: 'parallel workers (`docs/benchmarks.md`)',
    unset:
      'one per core against the embedded reference or a target that answers at once; 4 per core against a remote one, one whose answers take 25 ms or more, or one whose deliveries lag',
    runState: true,
  }),
  FUZZ: variable({
    schema: z.enum(['on', 'off']).default('on'),
    section: 'Run',
    meaning:
      'the generated requests (`@generated`, `docs/generated.md`): `off` skips them, saying so; they judge readings only and never decide the verdict',
    shown: true,
  }),
  FUZZ_RUNS: variable({
    schema: positiveInt(150).pipe(z.number().max(10_000, 'must be at most 10000')),
    section: 'Run',
    meaning:
      'generated requests per operation, a third as many to one that creates (each one taken leaves a product or webhook until teardown); shrinking a failure sends more',
    shown: true,
  }),
  FUZZ_SEED: variable({
    schema: unsetIfEmpty(z.coerce.number().int()),
    section: 'Run',
    meaning: 'fast-check seed of every generated test; a failure prints its own, with the replay command',
    unset: "each test's own, from `FAKER_SEED` and its title",
    shown: true,
  }),
  FUZZ_PATH: variable({
    schema: unsetIfEmpty(z.string().regex(/^\d+(:\d+)*$/, 'must be a fast-check path such as 12:0:3')),
    section: 'Run',
    meaning:
      'with `FUZZ_SEED` and the `--grep` of one generated test: replays the failing input that path names (a failure prints it)',
    unset: 'none',
    shown: true,
  }),
  FUZZ_SHRINK: variable({
    schema: z.enum(['on', 'off']).default('on'),
    section: 'Run',
    meaning:
      'a failing generated test shrinks its first failures to the smallest inputs that fail; `off`: it stops at its first failing request and reports it as sent (sooner, when only whether it fails matters)',
    shown: true,
  }),
  REFERENCE_FAULTS: variable({
    schema: z.string().default(''),
    section: 'Run',
    meaning:
      'embedded reference only: faults to switch on, comma-separated (names from `reference/faults/`; an unknown one is bad configuration)',
    unset: 'none',
    shown: true,
    runState: true,
  }),
  REFERENCE_VARIANT: variable({
    schema: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(ReferenceVariants).default('standard')),
    section: 'Run',
    meaning: `embedded reference only: ${ReferenceVariants.map((v) => `\`${v}\``).join(', ')} (\`docs/variants.md\`); its profile is the default \`TARGET_PROFILE\``,
    shown: true,
    runState: true,
  }),
  REFERENCE_CHOICES: variable({
    schema: z
      .string()
      .superRefine((text, ctx) => {
        const asked = parseReferenceChoices(text);
        if ('problems' in asked)
          for (const problem of asked.problems)
            ctx.addIssue({ code: 'custom', message: `${problem} (the choices are listed in docs/variants.md)` });
      })
      .default(''),
    section: 'Run',
    meaning:
      "embedded reference only: the choices it makes over its variant's base (`docs/variants.md`), comma-separated: names to switch on, `-name` to keep one off, `none` to start from none of the variant's own, `random:<seed>` to start from a reproducible draw; the run's profile and signature follow them",
    unset: "the variant's own",
    shown: true,
    runState: true,
  }),

  // --- Reports
  REPORTS_DIR: variable({
    schema: pathOr('reports'),
    section: 'Reports',
    meaning:
      'where the reports go (HTML, JUnit, conformance report, blob per shard, created resources), relative to the working directory',
    runState: true,
  }),
  CONFORMANCE_BASELINE: variable({
    schema: optionalString,
    section: 'Reports',
    meaning:
      'the `conformance.json` of an earlier run: each failure is marked known or new, and the exit code is 0 when every failure is known (the verdict is unchanged; `docs/verdict.md`)',
    unset: 'none: the exit code follows the verdict',
  }),
  SPEC_FILE: variable({
    schema: pathOr('spec/store-api.md'),
    section: 'Reports',
    meaning: 'the spec the conformance report names and hashes (shipped with the suite)',
  }),

  // --- Internal: set by the suite for its own processes
  EMBEDDED_REFERENCE_URL: variable({
    schema: optionalUrl,
    meaning: 'where global setup started the embedded reference; the workers read it from here',
    internal: true,
    runState: true,
  }),
  RUN_INSTANCE: variable({
    schema: unsetIfEmpty(z.string().regex(/^[0-9a-f]{12}$/)),
    meaning:
      'a token global setup draws for each run, for the workers: with the run id, the names of what a test creates, so that a run id given again (RUN_ID) still names new ones',
    internal: true,
    runState: true,
  }),
  CAPTURE_LOCAL_URL: variable({
    schema: optionalUrl,
    meaning: 'where the workers reach the capture server (its own, or CAPTURE_URL), set by global setup',
    internal: true,
    runState: true,
  }),
  DISCOVERED_STATUSES: variable({
    schema: unsetIfEmpty(
      z.string().transform((text, ctx) => {
        try {
          return z.record(z.string().regex(/^\d+$/), z.boolean()).parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON {"<status id>": true | false}' });
          return z.NEVER;
        }
      }),
    ),
    meaning:
      "what global setup's profile check found of the profile's statuses (whether a product created with each is published), for the workers",
    internal: true,
    runState: true,
  }),
  STORE_PROBE: variable({
    schema: unsetIfEmpty(
      z.string().transform((text, ctx) => {
        try {
          return StoreProbeFindings.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be the JSON of StoreProbeFindings' });
          return z.NEVER;
        }
      }),
    ),
    meaning:
      "what global setup's store probe found (delete paths proven, whether Update Webhook takes status 0, where webhooks are parked), for the workers",
    internal: true,
    runState: true,
  }),
  SELF_TEST: variable({
    schema: flag(false),
    meaning:
      "the suite's own tests (`npm test`) and every run they start: no dotenv file is read (neither `.env` nor `ENV_FILE`), so a configured store is never touched",
    internal: true,
  }),
} as const;

export type VariableName = keyof typeof Variables;
type Schemas = { readonly [N in VariableName]: (typeof Variables)[N]['schema'] };

const variableNames = Object.keys(Variables) as VariableName[];

/** The names of the variables whose declaration passes `test`, in the registry's order. */
export function variablesWhere(test: (declaration: Variable) => boolean): VariableName[] {
  return variableNames.filter((name) => test(Variables[name]));
}

export const isSecret = (name: string): boolean => name in Variables && Variables[name as VariableName].secret === true;

/** Each variable's schema, by name: the shape of the config's schema. */
export const variableSchemas = Object.fromEntries(
  variableNames.map((name) => [name, Variables[name].schema]),
) as Schemas;

/**
 * One variable as the run will read it, before the config is checked (playwright.config.ts, the
 * reporters): a bad value reads as unset here, and global setup stops the run on it with the config's message.
 */
export function readVariable<N extends VariableName>(
  name: N,
  env: Readonly<Record<string, string | undefined>>,
): z.output<Schemas[N]> {
  const schema: z.ZodType = Variables[name].schema;
  const parsed = schema.safeParse(env[name]);
  return (parsed.success ? parsed.data : schema.parse(undefined)) as z.output<Schemas[N]>;
}

/** The default the schema applies, as text; undefined when unset means none. */
export function defaultText(declaration: Variable): string | undefined {
  const parsed = declaration.schema.safeParse(undefined);
  const value: unknown = parsed.success ? parsed.data : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value) || undefined
    : undefined;
}
