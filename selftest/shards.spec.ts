/**
 * `--shard=i/n` as CI runs it: two shards at once (each global setup starts its own reference and
 * capture server, so they share nothing), each writing a blob report; `npm run report:merge` then makes
 * one HTML report, one JUnit file and one conformance report of both, and exits with the verdict.
 * The webhook specs are used: they include the delivery tests, which need each shard's capture server.
 */
import { spawnSync } from 'node:child_process';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/config.ts';
import type { ConformanceReport } from '../support/reporters/conformance-report.ts';
import { readHtmlReport, runDirectory } from './support/report-files.ts';
import { runSuite } from '../scripts/lib/suite-run.ts';

const SPECS = 'tests/webhooks/';
const readReport = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
const total = (r: ConformanceReport) =>
  Object.values(r.totals).reduce((n, c) => n + c.passed + c.failed + c.skipped + c.flaky, 0);

function mergeReports(blobs: string, reportsDir: string) {
  return spawnSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/merge-reports.ts', blobs], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, REPORTS_DIR: reportsDir, FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
}

test('two shards run side by side and merge into one HTML report and one conformance report', async ({}, testInfo) => {
  const env = { FAKER_SEED: '777', RUN_ID: 'conf-shard-selftest' };
  const shards = await Promise.all(
    [1, 2].map(async (i) => {
      const dir = await runDirectory(testInfo, `shard-${i}`);
      const result = await runSuite({ env, args: [SPECS, `--shard=${i}/2`, '--workers=2'], keepReports: dir });
      return { i, dir, result, report: await readReport(path.join(dir, 'reports')) };
    }),
  );
  for (const { i, result, report } of shards) {
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
  }
  const [first, second] = shards.map((s) => new Set(s.result.tests.map((t) => t.listLine)));
  expect(
    [...(first ?? [])].filter((t) => second?.has(t)),
    'tests run by both shards',
  ).toEqual([]);
  const expected = (first?.size ?? 0) + (second?.size ?? 0);

  // As CI gathers them: each shard's blob folder, downloaded side by side.
  const blobs = await runDirectory(testInfo, 'blobs');
  for (const { i, dir } of shards)
    await cp(path.join(dir, 'reports', 'blob'), path.join(blobs, `blob-report-${i}`), { recursive: true });
  const merged = await runDirectory(testInfo, 'merged');
  const merge = mergeReports(blobs, merged);
  expect(merge.status, `merge exit code\n${merge.stdout}\n${merge.stderr}`).toBe(0);

  // A lost shard must not pass for a smaller run: nothing is judged (NO VERDICT, exit 2).
  const partial = mergeReports(path.join(blobs, 'blob-report-1'), await runDirectory(testInfo, 'partial'));
  expect(partial.status, 'merge exit code with shard 2 missing').toBe(2);
  expect(partial.stderr).toContain('missing for shard(s) 2 of 2');

  const report = await readReport(merged);
  expect(report.verdict).toBe('CONFORMANT');
  expect(report.shard, 'the merged report covers the whole run').toBeNull();
  expect(total(report)).toBe(expected);
  expect(report.fakerSeed).toBe('777');
  expect(report.run?.runId).toBe('conf-shard-selftest');
  expect(report.deliveryLatency?.deliveries, 'delivery latencies of both shards').toBeGreaterThan(0);
  expect(report.deliveryLatency?.medianMs).toBeLessThanOrEqual(report.deliveryLatency?.maxMs ?? 0);

  const html = await readHtmlReport(path.join(merged, 'html'));
  expect(html.tests.length, 'tests in the merged HTML report').toBe(expected);
  const junit = await readFile(path.join(merged, 'junit.xml'), 'utf8');
  expect(junit.match(/<testcase /g)?.length, 'test cases in the merged JUnit file').toBe(expected);
});
