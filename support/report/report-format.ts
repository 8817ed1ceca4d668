/**
 * The conformance report's format (`conformance.json`), as zod schemas: the one definition of what the
 * report holds. The reporter validates every report against it before writing (a mismatch is a bug of
 * the suite: the run fails loudly rather than publish a report its readers cannot rely on), and
 * `npm run report:schema` exports it as JSON Schema to spec/conformance-report.schema.json for CI
 * dashboards and other readers (selftest/report-schema.spec.ts fails when that file is stale).
 *
 * Objects are strict: every field the report carries is defined (and described) here. A change that
 * removes or renames a field, or changes its meaning, raises REPORT_FORMAT_VERSION.
 */
import { z } from 'zod';
import {
  DeliveryObservation,
  ObservedHeaders,
  ObservedPayload,
  ObservedRepeats,
  ObservedRetries,
} from '../capture/observed.ts';

export { DeliveryObservation, ObservedHeaders, ObservedPayload };

/**
 * Version of this format; reports written before it had no `formatVersion` (version 1). Version 3 added
 * `observedDeliveryBehaviour`, and took the observation tests out of `tests` and every count. Version 6
 * replaced the suite's git commit with the digest of its files and what differs from its manifest.
 * Version 7 added `headline`, `unjudgedBySetting`, `scope` (a read-only run's) and `store` (what the run
 * did to the store).
 */
export const REPORT_FORMAT_VERSION = 7;

export const Verdict = z
  .enum(['CONFORMANT', 'NOT CONFORMANT', 'NO VERDICT'])
  .describe(
    'CONFORMANT (exit code 0): every @stated test passed, or was skipped for a reason the configuration explains, as not applicable to the target, or as an accepted dependent. ' +
      'NOT CONFORMANT (exit code 1): the target breaks the spec, or a @stated test was skipped without such a reason. ' +
      'NO VERDICT (exit code 2): nothing was judged about the target (bad configuration, a target the suite cannot use, a run stopped in set-up, no @stated test judged).',
  );
export type Verdict = z.infer<typeof Verdict>;

export const Level = z
  .enum(['stated', 'assumed', 'untagged'])
  .describe("The test's level tag: @stated (the spec says it), @assumed (a reading of a silent spec), or none.");
export type Level = z.infer<typeof Level>;

export const Outcome = z.enum(['passed', 'failed', 'skipped', 'flaky']);
export type Outcome = z.infer<typeof Outcome>;

const Clauses = z.array(z.string()).describe('Clause ids (support/contract/clauses.ts).');

export const TestRecord = z
  .strictObject({
    title: z.string().describe('`file › describe › title`.'),
    location: z.string().describe('`file:line` of the test, relative to the suite.'),
    level: Level,
    operation: z.string().describe('Operation name, from the operation tag, or `(no operation tag)`.'),
    clauses: Clauses.describe('The clauses the test checks (its `clause` annotations).'),
    outcome: Outcome,
    skipReason: z.string().optional().describe('For a skipped test: its reason.'),
    dependsOn: Clauses.describe(
      'Its `depends-on` annotations: the clauses that looked broken, so that this test could not judge its own.',
    ),
    notApplicable: z
      .boolean()
      .describe(
        'Skipped as not applicable: a choice the spec leaves to the target (refusing the input the check is about, say) makes the check moot. Its clauses are not judged by it.',
      ),
    error: z.string().optional().describe('For a failed or flaky test: the first lines of the failure, redacted.'),
    evidence: z
      .strictObject({
        curl: z.string().describe('The last request, as a copy-paste curl line (the token as `$API_TOKEN`).'),
        response: z.string().describe('Its answer: status, headers and the first characters of the body.'),
      })
      .optional()
      .describe('For a failed or flaky test: its last request and answer, redacted, as its attachments show them.'),
    fakerSeed: z.string().optional().describe("The test's own faker seed annotation (replays its data)."),
    deliveryLatenciesMs: z.array(z.number()).describe('Milliseconds from an API call to the arrival of its delivery.'),
  })
  .meta({ id: 'TestRecord' });
export type TestRecord = z.infer<typeof TestRecord>;

const count = z.int().nonnegative();
export const Counts = z
  .strictObject({ passed: count, failed: count, skipped: count, flaky: count })
  .meta({ id: 'Counts' });
export type Counts = z.infer<typeof Counts>;

export const CountsByLevel = z.strictObject({ stated: Counts, assumed: Counts, untagged: Counts });
export type CountsByLevel = z.infer<typeof CountsByLevel>;

export const ClauseEntry = z
  .strictObject({
    id: z.string(),
    level: z
      .enum(['stated', 'assumed', 'unknown'])
      .describe('`unknown`: cited by a test, but not a clause of the suite.'),
    section: z.string().describe('The section of the spec it comes from.'),
    quote: z.string().describe('The words of the spec it rests on.'),
    reading: z
      .string()
      .optional()
      .describe('How the suite reads the words (for an assumed clause, the reading itself).'),
    tests: z
      .array(z.strictObject({ title: z.string(), outcome: Outcome }))
      .describe('Every test of the run citing it.'),
    judged: z
      .boolean()
      .describe(
        'Whether the run judged it: a test citing it (for a stated clause, a @stated one) passed, failed or was flaky. False: not judged in this run.',
      ),
  })
  .meta({ id: 'ClauseEntry' });
export type ClauseEntry = z.infer<typeof ClauseEntry>;

const FailingClause = ClauseEntry.extend({
  failedTests: z.array(z.string()).describe('The @stated tests citing it that failed or were flaky.'),
  passedElsewhere: count.describe(
    'How many other tests citing it passed (a test citing several clauses breaks at least one).',
  ),
}).meta({ id: 'FailingClause' });
type FailingClause = z.infer<typeof FailingClause>;

export const SkipEntry = z
  .strictObject({
    title: z.string(),
    level: Level,
    operation: z.string(),
    clauses: Clauses,
    reason: z.string(),
    dependsOn: Clauses.describe('The clauses it could not judge its own without (its `depends-on` annotations).'),
    explainedByConfiguration: z.boolean().describe('The reason names a configuration variable.'),
    notApplicable: z
      .boolean()
      .describe('Not applicable: a choice the spec leaves to the target makes the check moot (the reason says which).'),
    acceptedAsDependent: z
      .boolean()
      .describe(
        'Skipped because another clause looked broken, and the run shows it: for each clause it depends on, a test citing that clause failed or was flaky, or was itself skipped for a reason the configuration explains or as an accepted dependent.',
      ),
  })
  .meta({ id: 'SkipEntry' });
export type SkipEntry = z.infer<typeof SkipEntry>;

export const Shard = z.strictObject({ current: z.int().positive(), total: z.int().positive() });
export type Shard = z.infer<typeof Shard>;

export const RunInfo = z
  .strictObject({
    suite: z.strictObject({
      name: z.string(),
      version: z.string().describe('The version in package.json: the release a verifier must have to accept the run.'),
      digest: z
        .string()
        .describe(
          "sha256 over the sha256 of every file the package ships, as the run found them (sha256sum lines sorted by path): a verifier's pristine copy of the release has the same.",
        ),
      modified: z
        .union([z.boolean(), z.literal('unknown')])
        .describe(
          'Whether those files differ from suite-manifest.json, written when the package was packed; `unknown` in a copy that has none (a clone never packed).',
        ),
      changed: z.array(z.string()).describe('The files that differ from the manifest: `path (changed|added|removed)`.'),
    }),
    spec: z.strictObject({
      path: z.string(),
      sha256: z.string().describe('The sha256 of the spec file, or `unknown (…)` when it was not found.'),
    }),
    target: z.string().describe('BASE_URL without credentials, or the embedded reference implementation.'),
    configuration: z
      .record(z.string(), z.string())
      .describe('Settings that change what is checked or skipped; never a credential.'),
    runId: z.string().optional().describe('Names everything the run created on the target.'),
  })
  .meta({ id: 'RunInfo' });
export type RunInfo = z.infer<typeof RunInfo>;

/** The suite as the reports name it: version, digest, and whether its files are the release's. */
export function describeSuite(suite: RunInfo['suite']): string {
  const state =
    suite.modified === false
      ? 'unmodified'
      : suite.modified === true
        ? `modified: ${suite.changed.join(', ') || 'the files differ from its manifest'}`
        : 'modification unknown: no suite-manifest.json (a copy never packed)';
  return `${suite.name} ${suite.version}, files sha256 ${suite.digest} (${state})`;
}

export const ObservedDeliveryBehaviour = z
  .strictObject({
    judged: z
      .literal(false)
      .describe('Observations never change the verdict: they are in no count, clause or reason of this report.'),
    tests: z
      .array(
        z.strictObject({
          title: z.string(),
          location: z.string(),
          outcome: Outcome,
          reason: z
            .string()
            .optional()
            .describe('Why it was skipped (OBSERVE_DELIVERIES=false, deliveries unobservable), or could not observe.'),
        }),
      )
      .describe('The observation tests (tagged @observation) and what became of them.'),
    headers: ObservedHeaders.nullable(),
    retries: ObservedRetries.nullable(),
    repeats: ObservedRepeats.nullable(),
    payloads: z.array(ObservedPayload).describe('Per event, the first observed.'),
  })
  .meta({ id: 'ObservedDeliveryBehaviour' });
export type ObservedDeliveryBehaviour = z.infer<typeof ObservedDeliveryBehaviour>;

const ResourceCounts = z.strictObject({ products: count, webhooks: count });

export const StoreEffects = z
  .strictObject({
    target: z
      .string()
      .describe('The store, as the created-resources list names it (`embedded reference` for the embedded one).'),
    embedded: z.boolean().describe('The embedded reference: what the run left there ended with it.'),
    runId: z.string(),
    files: z
      .array(z.string())
      .describe('The created-resources lists this comes from (one per shard), relative to the working directory.'),
    created: ResourceCounts,
    deleted: ResourceCounts.describe('Deleted, or already gone (a DELETE answered 404 or 410, and the store agreed).'),
    switchedOff: z
      .strictObject({ webhooks: count })
      .describe(
        'Webhooks left on the store, switched off through Update Webhook (status 0 where the store takes it, a `.invalid` url, one event the suite never causes): none can deliver.',
      ),
    left: ResourceCounts.describe(
      'Neither deleted nor switched off: products with no delete path (a product delivers nothing), a webhook whose update was refused.',
    ),
    deletePaths: z
      .strictObject({
        product: z.string().nullable(),
        webhook: z.string().nullable(),
        productFrom: z.string().nullable().describe('DELETE_PRODUCT_PATH, `proven by preflight`, or null: none known.'),
        webhookFrom: z.string().nullable().describe('DELETE_WEBHOOK_PATH, `proven by preflight`, or null: none known.'),
      })
      .describe('The delete paths the run used.'),
    command: z
      .string()
      .nullable()
      .describe('The command that removes what is left (with the delete paths it needs), or null when nothing is.'),
    remaining: z
      .array(
        z.strictObject({
          kind: z.enum(['product', 'webhook']),
          id: z.int().nullable(),
          name: z.string().nullable(),
          cleanup: z.enum(['switched-off', 'left']),
          detail: z.string(),
        }),
      )
      .describe("What is still on a store of the user's, with what was done and answered."),
  })
  .meta({ id: 'StoreEffects' });
export type StoreEffects = z.infer<typeof StoreEffects>;

const BaselineFailure = z.strictObject({
  title: z.string().describe('The test, `file › describe › title`: what identifies a failure from run to run.'),
  clauses: Clauses,
  kind: z.enum(['failed', 'flaky', 'skipped without an accepted reason']),
});

export const BaselineGate = z
  .strictObject({
    file: z.string().describe('The baseline: the conformance.json of an earlier run (CONFORMANCE_BASELINE).'),
    date: z.string().optional().describe('When the baseline run started.'),
    gate: z
      .enum(['passed', 'failed'])
      .describe(
        'passed: the run is CONFORMANT, or NOT CONFORMANT with every failure known (exit code 0); failed: a new failure, an error outside the tests, or NO VERDICT.',
      ),
    known: z.array(BaselineFailure).describe('Failures of this run that the baseline has too.'),
    new: z.array(BaselineFailure).describe('Failures of this run that the baseline does not have.'),
    nowPassing: z
      .array(z.string())
      .describe("The baseline's failures whose test passed in this run: the baseline can be tightened."),
  })
  .meta({ id: 'BaselineGate' });
export type BaselineGate = z.infer<typeof BaselineGate>;

export const ConformanceReport = z
  .strictObject({
    formatVersion: z.literal(REPORT_FORMAT_VERSION),
    verdict: Verdict,
    headline: z
      .string()
      .describe(
        "The verdict's first line, as the console, conformance.md and conformance.html show it: the verdict, with the scope of a read-only run, or how many @stated tests a CONFORMANT run left unjudged and the settings that would judge them.",
      ),
    unjudgedBySetting: z
      .strictObject({
        tests: count.describe('@stated tests skipped for a reason the configuration explains.'),
        settings: z
          .array(z.strictObject({ setting: z.string(), tests: count }))
          .describe('The settings their reasons name, with how many tests each would judge, most first.'),
      })
      .describe('The @stated tests the configuration kept from judging, and the settings that would judge them.'),
    scope: z
      .strictObject({
        readOnly: z.literal(true),
        judged: Clauses.describe('The stated clauses the run judged.'),
        notJudged: Clauses.describe('The stated clauses a read-only run does not judge.'),
      })
      .nullable()
      .describe(
        'A read-only run (TARGET_READ_ONLY): the clauses it judged and those it did not; it certifies nothing. Null otherwise.',
      ),
    reasons: z
      .array(z.string())
      .describe('Why the verdict is NOT CONFORMANT or NO VERDICT, one line each; empty when CONFORMANT.'),
    shard: Shard.nullable().describe('Set when this report covers one shard only: merge the shards for the verdict.'),
    selection: z
      .string()
      .optional()
      .describe(
        'Set when only part of the suite ran (a --grep, some of its spec files): how it was chosen. The verdict covers those tests alone.',
      ),
    date: z.iso.datetime().describe('When the run started.'),
    durationMs: count,
    fakerSeed: z
      .string()
      .describe('FAKER_SEED of the run (several, comma-separated, when shards differ), or `unknown`.'),
    run: RunInfo.nullable(),
    totals: CountsByLevel,
    operations: z.array(z.strictObject({ operation: z.string(), levels: CountsByLevel })),
    failingClauses: z
      .array(FailingClause)
      .describe('Clauses cited by @stated tests that failed or were flaky: the breaches.'),
    unexplainedSkips: z
      .array(SkipEntry)
      .describe(
        '@stated tests skipped for a reason the configuration does not explain, and not accepted as dependents: each makes the verdict NOT CONFORMANT.',
      ),
    dependentSkips: z
      .array(SkipEntry)
      .describe(
        'Tests not judged because another clause broke first (accepted dependents): they neither pass their clauses nor, on their own, fail the verdict.',
      ),
    unmetReadings: z
      .array(z.strictObject({ title: z.string(), clauses: Clauses, error: z.string().optional() }))
      .describe('@assumed tests that failed: readings the target does not share, not breaches.'),
    skips: z.array(SkipEntry).describe('Every skipped test, with its reason.'),
    failedTests: z.array(TestRecord).describe('Every test that failed or was flaky, at any level.'),
    coverage: z
      .array(ClauseEntry)
      .describe('Every clause of the spec the suite knows, and any other cited, with the tests citing it.'),
    deliveryLatency: z
      .strictObject({
        deliveries: count,
        medianMs: z.number(),
        maxMs: z.number(),
        tests: z.array(z.strictObject({ title: z.string(), latenciesMs: z.array(z.number()) })),
      })
      .nullable()
      .describe(
        'Over the run, from an API call to the arrival of its delivery; null when no delivery test recorded one.',
      ),
    runErrors: z
      .array(z.string())
      .describe(
        'Errors outside the tests (global set-up, a worker), redacted: with no test run, why there is NO VERDICT.',
      ),
    store: StoreEffects.nullable().describe(
      'What the run did to the store: created, deleted, switched off and left, and the command that removes the rest. Null when no list of what it created was found.',
    ),
    observedDeliveryBehaviour: ObservedDeliveryBehaviour.nullable().describe(
      'What the run observed of delivery headers, retries, repeats and payload fields, where the spec says "not shown": reported, never judged. Null when no observation test was in the run.',
    ),
    tests: z
      .array(TestRecord)
      .describe(
        'Every test of the conformance project in the run, except the observation tests (tagged @observation).',
      ),
    baseline: BaselineGate.optional().describe(
      'When the run was given a baseline (CONFORMANCE_BASELINE): its failures marked known or new. The verdict is the same with or without it; the exit code follows the gate.',
    ),
  })
  .meta({
    title: 'Conformance report of the Store Management API suite',
    description:
      'conformance.json, written by every run of store-api-conformance (support/report/conformance-reporter.ts). The exit code follows the verdict: 0 CONFORMANT, 1 NOT CONFORMANT, 2 NO VERDICT.',
  });
export type ConformanceReport = z.infer<typeof ConformanceReport>;

/** The exit code of a run, and of `npm run report:merge`, for each verdict. */
export const EXIT_CODES = { CONFORMANT: 0, 'NOT CONFORMANT': 1, 'NO VERDICT': 2 } as const satisfies Record<
  Verdict,
  number
>;

/** Where `npm run report:schema` writes the JSON Schema, relative to the project root. */
export const REPORT_SCHEMA_FILE = 'spec/conformance-report.schema.json';

/** The report's JSON Schema (draft 2020-12), as the text of REPORT_SCHEMA_FILE. */
export function reportJsonSchemaText(): string {
  const schema = z.toJSONSchema(ConformanceReport, { target: 'draft-2020-12' });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
