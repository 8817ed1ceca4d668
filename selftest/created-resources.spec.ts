/**
 * Safety on a shared target: what a run creates is written down as it is created, listed in the
 * created-resources report however the run ends, and deleted at teardown when the delete paths are
 * configured. Checked against a reference whose store is open to the test: the report must name
 * exactly the products and webhooks the store created.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { FaultSet, type FaultName } from '../reference/faults/index.ts';
import { REFERENCE_DELETE_PATHS } from '../reference/routes/delete.ts';
import { REFERENCE_PROFILE } from '../support/run/config.ts';
import type { CreatedResourcesReport } from '../support/run/teardown.ts';
import { runSuite, type RunResult } from './harness/suite-run.ts';
import { expect, SELFTEST_TOKEN, test, type TestServers } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';

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
  options: { faults?: FaultName[]; env?: Record<string, string>; args?: string[] },
): Promise<Outcome> {
  const {
    url,
    server: { store },
  } = await servers.reference({ faults: new FaultSet(options.faults ?? []) });
  const work = await runDirectory(test.info(), 'created-resources');
  const runId = `selftest-${Date.now().toString(36)}`;
  const inserted = { product: watchInserts(store.products), webhook: watchInserts(store.webhooks) };
  const reportFile = path.join(work, 'created-resources.json');
  const result = await runSuite({
    env: {
      BASE_URL: url,
      API_TOKEN: SELFTEST_TOKEN,
      TARGET_PROFILE: REFERENCE_PROFILE,
      RUN_ID: runId,
      CREATED_RESOURCES_FILE: reportFile,
      ...options.env,
    },
    args: [...SPECS, ...(options.args ?? [])],
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
  };
}

test('a run lists every product and webhook it created, named with its run id, and teardown deletes them', async ({
  servers,
}) => {
  const { result, report, runId, created, remaining, journalLeft } = await runAgainstReference(servers, {
    env: { DELETE_PRODUCT_PATH: REFERENCE_DELETE_PATHS.product, DELETE_WEBHOOK_PATH: REFERENCE_DELETE_PATHS.webhook },
  });
  expect(result.exitCode, `the run passes (stderr: ${result.stderr.slice(0, 1_000)})`).toBe(0);
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
  expect(remaining, 'what the run created that is still on the target').toEqual({ product: [], webhook: [] });
  expect(report.summary, 'report.summary').toEqual({
    created: created.product.length + created.webhook.length,
    deleted: created.product.length + created.webhook.length,
    left: 0,
  });
  expect(journalLeft, 'journal files left after the merge').toEqual([]);
  expect(result.stdout, 'the console summary').toContain(
    `Run ${runId} created ${report.summary.created} resources and deleted them all`,
  );
});

test('a run that fails halfway still lists everything it created, as left on the target when no delete path is set', async ({
  servers,
}) => {
  // The fault fails the tests after they created what they need; --max-failures stops the run at the first.
  // One worker: with two, the stop could kill the other mid-request, after the target created something
  // and before its answer (with the id to list) came back: a resource no client can know of.
  const { result, report, runId, created, remaining } = await runAgainstReference(servers, {
    faults: ['webhook-events-embed-subscribers'],
    args: ['--max-failures=1', '--workers=1'],
  });
  expect(result.exitCode, 'the run fails').not.toBe(0);
  expect(
    result.tests.some((t) => t.outcome === 'unexpected'),
    'a test failed',
  ).toBe(true);
  expect(report.runId, 'report.runId').toBe(runId);
  expect(remaining.product.length + remaining.webhook.length, 'resources the run left').toBeGreaterThan(0);
  expect(idsOf(report, 'product'), 'products listed: exactly those the target gained').toEqual(created.product);
  expect(idsOf(report, 'webhook'), 'webhooks listed: exactly those the target gained').toEqual(created.webhook);
  expect(remaining, 'every listed resource is still there').toEqual(created);
  expect(new Set(report.resources.map((r) => `${r.cleanup}: ${r.detail}`)), 'why each is left').toEqual(
    new Set(['left: DELETE_PRODUCT_PATH is not set', 'left: DELETE_WEBHOOK_PATH is not set']),
  );
  expect(result.stdout, 'the console summary').toMatch(
    new RegExp(`Run ${runId} created \\d+ resources; 0 deleted, \\d+ left on http://127\\.0\\.0\\.1:\\d+: listed in`),
  );
});

test('two shards at once, sharing REPORTS_DIR and the run id, each list and delete only what they created', async ({
  servers,
}) => {
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
      report.resources.filter((r) => !own.has(r.test ?? '') && !r.test?.startsWith('(global setup')).map((r) => r.test),
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
});

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
