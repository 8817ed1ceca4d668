/**
 * The verdict rests on the spec only: the whole conformance suite runs against the divergent reference
 * (reference/variants/divergent.ts, served on loopback as a vendor's store), which makes another spec-valid choice
 * wherever the spec is silent (ids, page sizes, order, error bodies and codes, extra fields, the secret's
 * format and the signature scheme, the list's token, unlisted fields ignored, PATCH needing fields,
 * English labels for `en`, no retries), and must see 0 failures at either level and CONFORMANT. With
 * the anti-SSRF option on (divergent-ssrf: loopback, plain-http and unresolvable destinations refused),
 * the webhook tests pass given a parked destination it takes (PARKED_WEBHOOK_URL), the delivery tests
 * skip naming CAPTURE_PUBLIC_URL; without one, the registration's status test skips naming
 * PARKED_WEBHOOK_URL and nothing fails. The strict reference (REFERENCE_VARIANT=strict) holds requests to
 * the strictest rules a store may have where the spec is silent: the whole suite passes against it too.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConformanceReport } from '../support/report/report-format.ts';
import { runSuite, type RunResult } from './harness/suite-run.ts';
import { choicesFor } from '../reference/variants/index.ts';
import { expect, SELFTEST_TOKEN, test, type TestServers, WHOLE_SUITE } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { discoveredRun } from './support/discovered-run.ts';

const notPassing = (result: RunResult) =>
  result.tests
    .filter((t) => t.outcome !== 'expected' && t.outcome !== 'skipped')
    .map((t) => `${t.listLine}\n${t.errors.join('\n')}`);

async function verdictOf(dir: string): Promise<ConformanceReport> {
  return ConformanceReport.parse(JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')));
}

test(
  'the whole suite against the divergent reference: 0 failures at either level, CONFORMANT',
  WHOLE_SUITE,
  async ({ servers }) => {
    // As a vendor runs it: served on loopback, with the profile `profile discover` wrote from it (profile.spec.ts
    // reads the same run, selftest/support/discovered-run.ts).
    const { result, dir } = await discoveredRun('divergent', servers);
    expect(result.tests.length, `tests run (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(200);
    expect(notPassing(result), 'tests failing against the divergent reference').toEqual([]);
    expect(result.exitCode).toBe(0);
    const report = await verdictOf(dir);
    expect(report.verdict).toBe('CONFORMANT');
    expect(report.selection, 'the whole suite ran: no selection named').toBeUndefined();
  },
);

/**
 * The readings the strict reference contradicts, by clause: an @assumed test citing one may fail against
 * it, and only such a test (the README's table of choices says why).
 */
const STRICT_CONTRADICTS = ['pagination.page-params'];

test(
  'the whole suite against the strict reference: no @stated failure, no unexplained skip, @assumed failures only where it contradicts a reading, CONFORMANT',
  WHOLE_SUITE,
  async ({}, testInfo) => {
    const dir = await runDirectory(testInfo, 'strict');
    const result = await runSuite({ env: { REFERENCE_VARIANT: 'strict' }, keepReports: dir });
    expect(result.tests.length, `tests run (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(200);
    const report = await verdictOf(dir);
    expect(
      report.tests.filter((t) => t.level === 'stated' && t.outcome !== 'passed' && t.outcome !== 'skipped'),
      '@stated tests failing against the strict reference',
    ).toEqual([]);
    expect(
      report.tests
        .filter((t) => t.outcome === 'failed' && !t.clauses.some((c) => STRICT_CONTRADICTS.includes(c)))
        .map((t) => `${t.title}: ${t.error ?? ''}`),
      'tests failing against the strict reference on a reading it does not contradict',
    ).toEqual([]);
    expect(
      report.skips
        .filter((s) => !s.explainedByConfiguration && !s.notApplicable && !s.acceptedAsDependent)
        .map((s) => `${s.title}: ${s.reason}`),
      'skips nothing explains',
    ).toEqual([]);
    expect(report.verdict).toBe('CONFORMANT');
  },
);

/** A parked destination the divergent-ssrf reference takes: https on a public-looking name under `.test`, which resolves nowhere either. */
const PARKED_ELSEWHERE = 'https://webhooks.conformance.test/parked';
const DIVERGENT_PROFILE = 'profiles/divergent.json';

test('webhook tests against a divergent target that refuses loopback, plain-http and unresolvable destinations: registration and update pass at PARKED_WEBHOOK_URL, deliveries skip naming CAPTURE_PUBLIC_URL', async ({}, testInfo) => {
  const dir = await runDirectory(testInfo, 'divergent-ssrf');
  const result = await runSuite({
    env: { REFERENCE_VARIANT: 'divergent-ssrf', PARKED_WEBHOOK_URL: PARKED_ELSEWHERE },
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

/** A loopback target that looks up webhook destinations: it refuses names that never resolve (`.invalid`, the default parked host). */
async function resolvingTarget(servers: TestServers) {
  const divergent = choicesFor('divergent');
  return servers.reference({
    choices: { ...divergent, webhooks: { ...divergent.webhooks, destinations: 'resolvable' } },
  });
}

const registrationStatus = (result: RunResult) =>
  result.tests.find((t) => t.listLine.includes('Register Webhook') && /answers 201/.test(t.listLine));

test('a target refusing the default parked destination is judged whole with no setting: it takes the capture server, and the webhooks that wait for no delivery are parked at its drop path', async ({
  servers,
}, testInfo) => {
  const { url } = await resolvingTarget(servers);
  const dir = await runDirectory(testInfo, 'resolving-unparked');
  const result = await runSuite({
    env: { BASE_URL: url, API_TOKEN: SELFTEST_TOKEN, TARGET_PROFILE: DIVERGENT_PROFILE },
    args: ['tests/conventions/success-answers.spec.ts', 'tests/webhooks/register-webhook.spec.ts'],
    keepReports: dir,
  });
  expect(notPassing(result), 'tests failing against it').toEqual([]);
  const status = registrationStatus(result);
  expect(status?.outcome, `Register Webhook's status test (${status?.listLine ?? 'not found'})`).toBe('expected');
  expect(result.stdout, 'preflight says where it parks').toMatch(/took the capture server's drop path/);
  expect((await verdictOf(dir)).verdict).toBe('CONFORMANT');
});
