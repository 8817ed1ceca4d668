/**
 * `--shard=i/n` as CI runs it: two shards at once, each with its own embedded reference, sharing one
 * capture server started here with the code of `npm run capture` (CAPTURE_URL, CAPTURE_CONTROL_TOKEN:
 * neither global setup starts its own), each writing a blob report; `npm run report:merge` (`merge`) then makes
 * one HTML report, one JUnit file and one conformance report of both, and exits with the verdict.
 * The specs are chosen so that both shards run delivery tests (a shard takes a contiguous run of tests),
 * and the shared server's inboxes must see deliveries from both.
 */
import { spawnSync } from 'node:child_process';
import type { TestInfo } from '@playwright/test';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, WHOLE_SUITE } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import type { ConformanceReport } from '../support/report/conformance-report.ts';
import { readHtmlReport, runDirectory } from './support/report-files.ts';
import { childEnvironment, runSuite, type RunResult } from './harness/suite-run.ts';
import { startStandaloneCapture } from '../support/capture/standalone.ts';

/**
 * 2 tests of the webhook secret, 7 delivery tests, then 6 of Webhook Events, in that order: the split
 * falls among the delivery tests, so each shard gets delivery tests and @stated ones (a shard of
 * @assumed tests alone has no verdict).
 */
const SPECS = [
  'tests/security/webhook-secret.spec.ts',
  'tests/webhooks/deliveries.spec.ts',
  'tests/webhooks/webhook-events.spec.ts',
];
const DELIVERY_SPEC = 'tests/webhooks/deliveries.spec.ts';
const RUN_ID = 'conf-shard-selftest';
const readReport = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
const total = (r: ConformanceReport) =>
  Object.values(r.totals).reduce((n, c) => n + c.passed + c.failed + c.skipped + c.flaky, 0);

function mergeReports(blobs: string, reportsDir: string) {
  return spawnSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), ['cli/main.ts', 'merge', blobs], {
    cwd: PROJECT_ROOT,
    env: childEnvironment({ REPORTS_DIR: reportsDir }),
    encoding: 'utf8',
  });
}

test(
  'two shards share one capture server, run side by side and merge into one HTML report and one conformance report',
  WHOLE_SUITE,
  async ({ servers }, testInfo) => {
    const capture = await startStandaloneCapture({ host: '127.0.0.1', port: 0 });
    servers.onClose(() => capture.close());
    const env = {
      FAKER_SEED: '777',
      RUN_ID,
      CAPTURE_URL: capture.endpoint.localUrl,
      CAPTURE_CONTROL_TOKEN: capture.endpoint.controlToken,
    };
    const shards = await Promise.all(
      [1, 2].map(async (i) => {
        const dir = await runDirectory(testInfo, `shard-${i}`);
        const result = await runSuite({ env, args: [...SPECS, `--shard=${i}/2`, '--workers=2'], keepReports: dir });
        return { i, dir, result, report: await readReport(path.join(dir, 'reports')) };
      }),
    );
    for (const shard of shards) expectShardPassed(shard);
    // Both shards' deliveries reached the one server, each into inboxes of its own (beside the delivery probe's,
    // which each shard's global setup opens to time the target's deliveries).
    const usage = new Map(capture.usage().map((u) => [u.label, u]));
    expect([...usage.keys()].sort()).toEqual([`${RUN_ID} probe`, `${RUN_ID} shard 1/2`, `${RUN_ID} shard 2/2`]);
    for (const i of [1, 2])
      expect(usage.get(`${RUN_ID} shard ${i}/2`)?.deliveries, `deliveries into shard ${i}'s inboxes`).toBeGreaterThan(
        0,
      );
    const [first, second] = shards.map((s) => new Set(s.result.tests.map((t) => t.listLine)));
    expect(
      [...(first ?? [])].filter((t) => second?.has(t)),
      'tests run by both shards',
    ).toEqual([]);
    const merged = await mergeAsCiDoes(testInfo, shards);
    await expectMergedWhole(merged, (first?.size ?? 0) + (second?.size ?? 0), capture.endpoint.localUrl);
  },
);

interface ShardRun {
  readonly i: number;
  readonly dir: string;
  readonly result: RunResult;
  readonly report: ConformanceReport;
}

/** A shard ran tests, passed, says which shard it is, and its delivery tests passed. */
function expectShardPassed({ i, result, report }: ShardRun): void {
  expect(result.tests.length, `shard ${i} ran tests (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(0);
  expect(
    result.exitCode,
    `shard ${i} exit code; failed: ${result.tests
      .filter((t) => t.outcome === 'unexpected')
      .map((t) => t.title)
      .join('; ')}`,
  ).toBe(0);
  expect(report.shard).toEqual({ current: i, total: 2 });
  expect(total(report)).toBe(result.tests.length);
  expect(
    result.tests.filter((t) => t.file === DELIVERY_SPEC && t.outcome === 'expected').length,
    `delivery tests shard ${i} passed`,
  ).toBeGreaterThan(0);
}

/**
 * Merges the shards' blob folders as CI gathers them (downloaded side by side): the merged reports'
 * directory. A lost shard must not pass for a smaller run: merging one alone judges nothing (NO VERDICT, exit 2).
 */
async function mergeAsCiDoes(testInfo: TestInfo, shards: readonly ShardRun[]): Promise<string> {
  const blobs = await runDirectory(testInfo, 'blobs');
  for (const { i, dir } of shards)
    await cp(path.join(dir, 'reports', 'blob'), path.join(blobs, `blob-report-${i}`), { recursive: true });
  const merged = await runDirectory(testInfo, 'merged');
  const merge = mergeReports(blobs, merged);
  expect(merge.status, `merge exit code\n${merge.stdout}\n${merge.stderr}`).toBe(0);
  const partial = mergeReports(path.join(blobs, 'blob-report-1'), await runDirectory(testInfo, 'partial'));
  expect(partial.status, 'merge exit code with shard 2 missing').toBe(2);
  expect(partial.stderr).toContain('missing for shard(s) 2 of 2');
  return merged;
}

/** The merged reports cover the whole run: its verdict, seed, run id, capture server, latencies, every test. */
async function expectMergedWhole(merged: string, expected: number, captureUrl: string): Promise<void> {
  const report = await readReport(merged);
  expect(report.verdict).toBe('CONFORMANT');
  expect(report.shard, 'the merged report covers the whole run').toBeNull();
  expect(total(report)).toBe(expected);
  expect(report.fakerSeed).toBe('777');
  expect(report.run?.runId).toBe(RUN_ID);
  expect(report.run?.configuration.CAPTURE_URL, 'the report names the shared capture server').toBe(captureUrl);
  expect(report.deliveryLatency?.deliveries, 'delivery latencies of both shards').toBeGreaterThan(0);
  expect(report.deliveryLatency?.medianMs).toBeLessThanOrEqual(report.deliveryLatency?.maxMs ?? 0);
  const html = await readHtmlReport(path.join(merged, 'html'));
  expect(html.tests.length, 'tests in the merged HTML report').toBe(expected);
  const junit = await readFile(path.join(merged, 'junit.xml'), 'utf8');
  expect(junit.match(/<testcase /g)?.length, 'test cases in the merged JUnit file').toBe(expected);
}
