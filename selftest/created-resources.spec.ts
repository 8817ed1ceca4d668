/**
 * Safety on a shared target: what a run creates is written down as it is created, listed in the
 * created-resources report however the run ends, and removed at the end of each test: deleted at the
 * paths preflight proves (the reference serves them at the conventional paths) or is given, and a webhook
 * no path deletes switched off through Update Webhook. `cleanup` does the same for a run that was killed.
 * Checked against a reference whose store is open to the test: the report must name exactly the
 * products and webhooks the store created, and what it still holds.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FaultSet, type FaultName } from '../reference/faults/index.ts';
import { REFERENCE_DELETE_PATHS } from '../reference/routes/delete.ts';
import type { WebhookRecord } from '../reference/store.ts';
import { main } from '../cli/main.ts';
import { REFERENCE_PROFILE } from '../support/run/config.ts';
import { recordStoreProbe } from '../support/run/created-resources.ts';
import type { CreatedResourcesReport } from '../support/run/teardown.ts';
import { runSuite, type RunResult } from './harness/suite-run.ts';
import { expect, SELFTEST_TOKEN, test, type TestServers, WHOLE_SUITE } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { killedRun } from './support/killed-run.ts';
import { childEnvironment } from './harness/suite-run.ts';

/** Specs that create both products and webhooks, a few of each per test. */
const SPECS = ['tests/security/webhook-secret.spec.ts'];

interface Outcome {
  readonly result: RunResult;
  readonly report: CreatedResourcesReport;
  readonly runId: string;
  /** Ids of what the run created on the reference, and those of them it still holds at the end. */
  readonly created: { readonly product: number[]; readonly webhook: number[] };
  readonly remaining: { readonly product: number[]; readonly webhook: number[] };
  readonly journalLeft: string[];
  /** The webhooks of the run the reference still holds, as they are now. */
  readonly webhooks: () => WebhookRecord[];
}

const byNumber = (a: number, b: number) => a - b;
const idsOf = (report: CreatedResourcesReport, kind: 'product' | 'webhook') =>
  (report.resources ?? [])
    .filter((r) => r.kind === kind && r.id !== null)
    .map((r) => r.id as number)
    .sort(byNumber);

/** Notes every key a map gains from now on: the ids the reference hands out, whoever asks. */
function watchInserts<V>(map: Map<number, V>): Set<number> {
  const inserted = new Set<number>();
  const set = map.set.bind(map);
  map.set = (key, value) => {
    if (!map.has(key)) inserted.add(key);
    return set(key, value);
  };
  return inserted;
}

async function runAgainstReference(
  servers: TestServers,
  options: {
    faults?: FaultName[];
    env?: Record<string, string>;
    args?: string[];
    specs?: string[];
    /** BASE_URL and API_TOKEN in a dotenv file (ENV_FILE), as a user keeps them, instead of the environment. */
    dotenv?: boolean;
  },
): Promise<Outcome> {
  const {
    url,
    server: { store },
  } = await servers.reference({ faults: new FaultSet(options.faults ?? []) });
  const work = await runDirectory(test.info(), 'created-resources');
  const runId = `selftest-${Date.now().toString(36)}`;
  const inserted = { product: watchInserts(store.products), webhook: watchInserts(store.webhooks) };
  const reportFile = path.join(work, 'created-resources.json');
  const envFile = path.join(work, '.env.selftest');
  if (options.dotenv) await writeFile(envFile, `BASE_URL=${url}\nAPI_TOKEN=${SELFTEST_TOKEN}\n`);
  const target = options.dotenv
    ? // SELF_TEST reads no dotenv file: a child run without it reads ENV_FILE, and only that file.
      { ENV_FILE: envFile, SELF_TEST: undefined }
    : { BASE_URL: url, API_TOKEN: SELFTEST_TOKEN };
  const result = await runSuite({
    env: {
      ...target,
      TARGET_PROFILE: REFERENCE_PROFILE,
      RUN_ID: runId,
      CREATED_RESOURCES_FILE: reportFile,
      ...options.env,
    },
    args: [...(options.specs ?? SPECS), ...(options.args ?? [])],
  });
  const report = JSON.parse(await readFile(reportFile, 'utf8').catch(() => '{}')) as CreatedResourcesReport;
  const created = { product: [...inserted.product].sort(byNumber), webhook: [...inserted.webhook].sort(byNumber) };
  return {
    result,
    report,
    runId,
    created,
    remaining: {
      product: created.product.filter((id) => store.products.has(id)),
      webhook: created.webhook.filter((id) => store.webhooks.has(id)),
    },
    journalLeft: await readdir(path.join(work, 'created-resources')).catch(() => []),
    webhooks: () => created.webhook.flatMap((id) => store.webhooks.get(id) ?? []),
  };
}

/** A webhook that could still deliver: switched on, at a url that can resolve (as the foreign store counts live ones). */
const canDeliver = (webhook: WebhookRecord) =>
  webhook.status === 1 && !new URL(webhook.url).hostname.endsWith('.invalid');

/** The webhooks of the run on the reference that can still deliver, as `id url` lines. */
const stillDelivering = (webhooks: readonly WebhookRecord[]) =>
  webhooks.filter(canDeliver).map((w) => `${w.id} ${w.url}`);

test('with no delete setting, preflight proves the conventional delete paths and each test deletes what it made: the list names every resource the store gained, each deleted (the target and its token in the dotenv file)', async ({
  servers,
}) => {
  // Preflight, the probe, the tests and teardown all send the dotenv file's token: none is in the environment.
  const { result, report, runId, created, remaining, journalLeft } = await runAgainstReference(servers, {
    dotenv: true,
  });
  expect(result.exitCode, `the run passes (stderr: ${result.stderr.slice(0, 1_000)})`).toBe(0);
  expect(result.stdout, "preflight's line").toMatch(
    /Preflight: delete paths probed once for this run.*DELETE \/api\/core\/v1\/webhooks\/\{id\} proven.*DELETE \/api\/core\/v1\/products\/\{id\} proven/,
  );
  expect(report.deletePaths, 'the paths teardown used').toEqual(REFERENCE_DELETE_PATHS);
  expect(report.deletePathSources).toEqual({ product: 'proven by preflight', webhook: 'proven by preflight' });
  expect(report.runId, 'report.runId').toBe(runId);
  expect(created.product.length, 'products the run created').toBeGreaterThan(0);
  expect(created.webhook.length, 'webhooks the run created').toBeGreaterThan(0);
  expect(idsOf(report, 'product'), 'products listed: exactly those the target gained').toEqual(created.product);
  expect(idsOf(report, 'webhook'), 'webhooks listed: exactly those the target gained').toEqual(created.webhook);
  expect(
    report.resources.filter((r) => !r.name?.includes(runId)).map((r) => `${r.kind} ${r.id}: ${r.name}`),
    'resources whose name lacks the run id',
  ).toEqual([]);
  expect(
    report.resources.filter((r) => r.cleanup !== 'deleted').map((r) => `${r.kind} ${r.id}: ${r.detail}`),
    'resources not deleted',
  ).toEqual([]);
  const byTests = report.resources.filter((r) => !r.test?.startsWith('(global setup'));
  expect(byTests.length, 'resources the tests made').toBeGreaterThan(0);
  expect(
    byTests.filter((r) => r.steps.length !== 1).map((r) => `${r.kind} ${r.id}: ${r.steps.join(' / ')}`),
    "resources whose test's teardown did not delete them at once",
  ).toEqual([]);
  expect(remaining, 'what the run created that is still on the target').toEqual({ product: [], webhook: [] });
  expect(report.summary, 'report.summary').toEqual({
    created: created.product.length + created.webhook.length,
    deleted: created.product.length + created.webhook.length,
    switchedOff: 0,
    left: 0,
  });
  expect(report.command, 'nothing to remove').toBeNull();
  expect(journalLeft, 'journal files left after the merge').toEqual([]);
  expect(result.stdout, 'the console summary').toContain(
    `Run ${runId} created ${report.summary.created} resources and deleted them all`,
  );
});

test('with delete paths off, a run that fails halfway still lists everything it created: each webhook switched off (status 0, a .invalid url, one event the suite never causes), each product left', async ({
  servers,
}) => {
  // The fault fails the tests after they created what they need; --max-failures stops the run at the first.
  // One worker: with two, the stop could kill the other mid-request, after the target created something
  // and before its answer (with the id to list) came back: a resource no client can know of.
  const { result, report, runId, created, remaining, webhooks } = await runAgainstReference(servers, {
    faults: ['webhook-events-embed-subscribers'],
    env: { DELETE_PATHS: 'off' },
    args: ['--max-failures=1', '--workers=1'],
  });
  expect(result.exitCode, 'the run fails').not.toBe(0);
  expect(
    result.tests.some((t) => t.outcome === 'unexpected'),
    'a test failed',
  ).toBe(true);
  expect(result.stdout, "preflight's line").toContain('delete paths not probed (DELETE_PATHS=off)');
  expect(report.runId, 'report.runId').toBe(runId);
  expect(remaining.product.length + remaining.webhook.length, 'resources the run left').toBeGreaterThan(0);
  expect(idsOf(report, 'product'), 'products listed: exactly those the target gained').toEqual(created.product);
  expect(idsOf(report, 'webhook'), 'webhooks listed: exactly those the target gained').toEqual(created.webhook);
  expect(remaining, 'every listed resource is still there').toEqual(created);
  expect(stillDelivering(webhooks()), 'webhooks of the run that can still deliver').toEqual([]);
  expect(
    webhooks().filter((w) => w.status !== 0 || w.events.map((e) => e.event_name).join() !== 'category.created'),
    'webhooks not switched off to status 0 and category.created',
  ).toEqual([]);
  expect(new Set(report.resources.map((r) => `${r.kind}: ${r.cleanup}`)), 'what became of each').toEqual(
    new Set(['product: left', 'webhook: switched-off']),
  );
  expect(report.summary.switchedOff, 'report.summary.switchedOff').toBe(created.webhook.length);
  expect(report.command, 'the command that removes the rest').toBe(
    `DELETE_PRODUCT_PATH=<your store's Delete Product path, with {id}> DELETE_WEBHOOK_PATH=<your store's Delete Webhook path, with {id}> npx store-api-conformance cleanup ${runId}`,
  );
  expect(result.stdout, 'the console summary').toMatch(
    new RegExp(
      `Run ${runId} created \\d+ resources on http://127\\.0\\.0\\.1:\\d+: 0 deleted, ${created.webhook.length} webhooks switched off \\(none of them can deliver\\), \\d+ left`,
    ),
  );
});

test('what a test makes for several tests is cleaned up by it once they need it no more: the watches of deliveries once watched, the shared registration once answered', async ({
  servers,
}) => {
  // Delete paths off: switched off, the webhooks stay on the reference to be looked at.
  const { result, report, webhooks } = await runAgainstReference(servers, {
    specs: ['tests/webhooks/deliveries.spec.ts', 'tests/webhooks/register-webhook.spec.ts'],
    env: { DELETE_PATHS: 'off' },
    args: ['-g', 'notify a webhook subscribed to the event|with the fields and types of the Webhook resource'],
  });
  expect(result.exitCode, `the run passes (stderr: ${result.stderr.slice(0, 1_000)})`).toBe(0);
  const shared = report.resources.filter((r) => r.shared === true && r.kind === 'webhook');
  // The webhooks of every cause's watch, and one registration per worker.
  expect(shared.length, 'shared webhooks').toBeGreaterThanOrEqual(4);
  expect(
    shared
      .filter(
        (r) =>
          r.steps.length !== 1 ||
          !/; made for the tests (sharing .*, once answered|watching .*, once watched)$/.test(r.detail),
      )
      .map((r) => `${r.id}: ${r.steps.join(' / ')}`),
    'shared webhooks not switched off by the test that made them, once read',
  ).toEqual([]);
  expect(new Set(shared.map((r) => r.cleanup)), 'what became of them').toEqual(new Set(['switched-off']));
  expect(stillDelivering(webhooks()), 'webhooks of the run that can still deliver').toEqual([]);
});

test(
  'two shards at once, sharing REPORTS_DIR and the run id, each list and delete only what they created',
  WHOLE_SUITE,
  async ({ servers }) => {
    const {
      url,
      server: { store },
    } = await servers.reference();
    const inserted = { product: watchInserts(store.products), webhook: watchInserts(store.webhooks) };
    const reports = await runDirectory(test.info(), 'shared-reports');
    const runId = `selftest-${Date.now().toString(36)}`;
    const env = {
      BASE_URL: url,
      API_TOKEN: SELFTEST_TOKEN,
      TARGET_PROFILE: REFERENCE_PROFILE,
      RUN_ID: runId,
      REPORTS_DIR: reports,
      DELETE_PRODUCT_PATH: REFERENCE_DELETE_PATHS.product,
      DELETE_WEBHOOK_PATH: REFERENCE_DELETE_PATHS.webhook,
    };
    const shards = await Promise.all(
      [1, 2].map(async (i) => {
        const result = await runSuite({ env, args: [...SPECS, `--shard=${i}/2`, '--workers=1'] });
        const file = path.join(reports, `created-resources-shard-${i}-of-2.json`);
        const report = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as CreatedResourcesReport;
        return { i, result, report };
      }),
    );
    for (const { i, result, report } of shards) {
      expect(result.exitCode, `shard ${i} passes (stderr: ${result.stderr.slice(0, 1_000)})`).toBe(0);
      const own = new Set(result.tests.map((t) => t.title));
      expect(own.size, `shard ${i} ran a test`).toBeGreaterThan(0);
      expect(report.summary?.created, `shard ${i} lists what it created`).toBeGreaterThan(0);
      expect(
        // Global setup's profile check creates a few of its own in each shard, named so.
        report.resources
          .filter((r) => !own.has(r.test ?? '') && !r.test?.startsWith('(global setup'))
          .map((r) => r.test),
        `resources in shard ${i}'s list that another shard's tests created`,
      ).toEqual([]);
      expect(report.summary.deleted, `shard ${i} deleted all of its own`).toBe(report.summary.created);
    }
    const listed = (kind: 'product' | 'webhook') => shards.flatMap((s) => idsOf(s.report, kind)).sort(byNumber);
    expect(listed('product'), 'products listed once, by the shard that made them').toEqual(
      [...inserted.product].sort(byNumber),
    );
    expect(listed('webhook'), 'webhooks listed once, by the shard that made them').toEqual(
      [...inserted.webhook].sort(byNumber),
    );
    expect(
      (await readdir(reports)).filter((f) => f.startsWith('created-resources')).sort(),
      'no unsharded list; each shard its own, journals merged',
    ).toEqual([
      'created-resources-shard-1-of-2',
      'created-resources-shard-1-of-2.json',
      'created-resources-shard-2-of-2',
      'created-resources-shard-2-of-2.json',
    ]);
  },
);

test('a mistyped delete path, which the store answers 404: what it did not delete is left, naming the variable, never counted as gone', async ({
  servers,
}) => {
  const { result, report, created, remaining } = await runAgainstReference(servers, {
    env: {
      DELETE_PRODUCT_PATH: REFERENCE_DELETE_PATHS.product.replace('products', 'prodcuts'),
      DELETE_WEBHOOK_PATH: REFERENCE_DELETE_PATHS.webhook,
    },
  });
  expect(result.exitCode, `the run passes (stderr: ${result.stderr.slice(0, 1_000)})`).toBe(0);
  expect(remaining.product, 'products still on the target').toEqual(created.product);
  expect(remaining.webhook, 'webhooks still on the target').toEqual([]);
  const products = report.resources.filter((r) => r.kind === 'product');
  expect(
    products
      .filter((r) => r.cleanup !== 'left' || !r.detail.endsWith('check DELETE_PRODUCT_PATH'))
      .map((r) => r.detail),
    'products counted as gone, or left without naming DELETE_PRODUCT_PATH',
  ).toEqual([]);
  expect(report.summary.left, 'report.summary.left').toBe(created.product.length);
  expect(result.stdout, 'the console summary').toContain('Check DELETE_PRODUCT_PATH');
});

/** `cleanup <run id>`, in this process, configured by `env` alone. */
async function cleanup(env: Record<string, string>, runId: string): Promise<number> {
  const saved = process.env;
  process.env = childEnvironment(env);
  try {
    return await main(['cleanup', runId]);
  } finally {
    process.env = saved;
  }
}

test('cleanup of a killed run: from its journal, what no test removed is deleted at the paths its probe proved, or switched off without them', async ({
  servers,
}) => {
  const {
    url,
    server: { store },
  } = await servers.reference();
  const work = await runDirectory(test.info(), 'killed-run');
  const reportFile = path.join(work, 'created-resources.json');
  const env = {
    BASE_URL: url,
    API_TOKEN: SELFTEST_TOKEN,
    TARGET_PROFILE: REFERENCE_PROFILE,
    CREATED_RESOURCES_FILE: reportFile,
  };
  const proven = await killedRun(url, reportFile, 'selftest-killed-a');
  recordStoreProbe(
    { reportFile, runId: 'selftest-killed-a' },
    { deletePaths: REFERENCE_DELETE_PATHS, offStatus: 0, offUrlBase: null, parkedUrl: null },
  );
  const unproven = await killedRun(url, reportFile, 'selftest-killed-b');
  expect(await cleanup(env, 'selftest-killed-a'), 'cleanup with the proven paths').toBe(0);
  expect(
    proven.filter((id) => store.webhooks.has(id)),
    'webhooks left',
  ).toEqual([]);
  expect(await cleanup(env, 'selftest-killed-b'), 'cleanup without a path').toBe(0);
  const left = unproven.map((id) => store.webhooks.get(id));
  expect(
    left.map((w) => w && canDeliver(w)),
    'webhooks that can still deliver',
  ).toEqual([false, false]);
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as CreatedResourcesReport;
  expect(report.resources.map((r) => r.cleanup)).toEqual(['switched-off', 'switched-off']);
  expect(await cleanup(env, 'selftest-killed-c'), 'a run with no journal: a mistake of setting').toBe(2);
});
