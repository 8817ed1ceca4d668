/**
 * The verdict rests on the spec only: the whole conformance suite runs against the divergent reference
 * (REFERENCE_VARIANT=divergent, reference/variants/divergent.ts), which makes another spec-valid choice
 * wherever the spec is silent (ids, page sizes, order, error bodies and codes, extra fields, the secret's
 * format and the signature scheme, the list's token, unlisted fields ignored, PATCH needing fields,
 * English labels for `en`, no retries), and must see 0 failures at either level and CONFORMANT. With
 * the anti-SSRF option on (divergent-ssrf), the webhook tests still pass, using destinations such a
 * target accepts, and the delivery tests skip, naming CAPTURE_PUBLIC_URL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConformanceReport } from '../support/reporters/report-format.ts';
import { runSuite, type RunResult } from '../scripts/lib/suite-run.ts';
import { expect, test } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';

const notPassing = (result: RunResult) =>
  result.tests
    .filter((t) => t.outcome !== 'expected' && t.outcome !== 'skipped')
    .map((t) => `${t.listLine}\n${t.errors.join('\n')}`);

async function verdictOf(dir: string): Promise<ConformanceReport> {
  return ConformanceReport.parse(JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')));
}

test('the whole suite against the divergent reference: 0 failures at either level, CONFORMANT', async ({}, testInfo) => {
  const dir = await runDirectory(testInfo, 'divergent');
  const result = await runSuite({ env: { REFERENCE_VARIANT: 'divergent' }, keepReports: dir });
  expect(result.tests.length, `tests run (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(200);
  expect(notPassing(result), 'tests failing against the divergent reference').toEqual([]);
  expect(result.exitCode).toBe(0);
  expect((await verdictOf(dir)).verdict).toBe('CONFORMANT');
});

test('webhook tests against a divergent target that refuses loopback and plain-http destinations: registration and update pass, deliveries skip naming CAPTURE_PUBLIC_URL', async ({}, testInfo) => {
  const dir = await runDirectory(testInfo, 'divergent-ssrf');
  const result = await runSuite({
    env: { REFERENCE_VARIANT: 'divergent-ssrf' },
    args: ['--grep', '@register-webhook|@update-webhook'],
    keepReports: dir,
  });
  expect(notPassing(result), 'webhook tests failing against the divergent-ssrf reference').toEqual([]);
  const deliveries = result.tests.filter((t) => t.file.includes('deliveries.spec.ts'));
  expect(deliveries.length, 'delivery tests run').toBeGreaterThan(0);
  const reasons = deliveries.map(
    (t) => `${t.outcome}: ${t.annotations.find((a) => a.type === 'skip')?.description ?? ''}`,
  );
  expect(
    reasons.filter((r) => !/^skipped: .*CAPTURE_PUBLIC_URL/.test(r)),
    'delivery tests not skipped naming CAPTURE_PUBLIC_URL',
  ).toEqual([]);
  expect(
    result.tests.filter((t) => !t.file.includes('deliveries.spec.ts') && t.outcome === 'expected').length,
    'registration and update tests that passed',
  ).toBeGreaterThan(20);
  expect((await verdictOf(dir)).verdict).toBe('CONFORMANT');
});
