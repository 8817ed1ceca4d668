/**
 * No secret in anything a run writes. The suite runs against the reference with the faults around
 * secrets on (so the tests that send, receive and check secrets fail and write their evidence), with
 * traces on, with a client timeout and with a test that times out while a request hangs (Playwright
 * puts the Authorization header in those call logs); then
 * every file under its reports/ and test-results/ (trace and blob archives opened, the HTML report's
 * embedded data decoded), the certification bundle made of those reports (`npm run certify`'s archive,
 * opened the same way) and its console output are searched for the API token and for webhook secrets.
 * Zero hits, or the test names each file and the place (secret masked).
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, SELFTEST_TOKEN, test, WHOLE_SUITE } from './fixtures.ts';
import { SUITE_SECRET_PATTERN, webhookSecret, webhookSecretWithSymbols } from '../fixtures/webhooks.ts';
import { redact } from '../support/redaction/redact.ts';
import { FaultCatalogue, FaultNames, type FaultName } from '../reference/faults/index.ts';
import { EvidenceNames } from '../support/client/evidence.ts';
import { writeCertificationBundle } from '../support/report/certification/bundle.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import type { ClauseId } from '../support/contract/clauses.ts';
import { writeZip } from '../support/report/zip.ts';
import { startStandaloneCapture } from '../support/capture/standalone.ts';
import {
  expand,
  findSecrets,
  readHtmlReport,
  readWrittenFiles,
  runDirectory,
  type SecretPattern,
  type WrittenFile,
} from './support/report-files.ts';
import { sharedSuiteList } from './harness/shared-run.ts';
import { runSuite, type RunResult } from './harness/suite-run.ts';

const TOKEN = `tok-SECRETSCAN-${randomBytes(12).toString('hex')}`;
/** The control token of a shared capture server (CAPTURE_URL), given as a user gives it. */
const CONTROL_TOKEN = `cap-SECRETSCAN-${randomBytes(12).toString('hex')}`;

/**
 * Clauses whose faults make a target leak, echo, generate or check secrets and tokens: their tests fail
 * with secrets in their requests, responses and deliveries. New faults of these clauses join the scan.
 */
const SECRET_CLAUSES = [
  'register-webhook.created',
  'register-webhook.secret-echo',
  'register-webhook.secret-generated',
  'webhook.secret-not-stored',
  'auth.secret-returned-once',
  'auth.bearer-required',
  'webhook.delivery-signature',
] as const satisfies readonly ClauseId[];

/** Holds the first booking request unanswered: a client timeout, whose call log carries the Authorization header. */
const HANGING_FAULT: FaultName = 'create-booking-no-answer';

/** What a secret looks like when the suite (fixtures/webhooks.ts) or the reference made it. */
const WEBHOOK_SECRETS: readonly SecretPattern[] = [
  { label: 'webhook secret made by the suite', pattern: SUITE_SECRET_PATTERN },
  { label: 'webhook secret made by the reference', pattern: /whsec_[A-Za-z0-9+/=_-]{16,}/ },
];

const SECRETS: readonly SecretPattern[] = [
  // The token, or any 4+ characters of its random part (a truncated line must not leak a prefix either).
  { label: 'API_TOKEN', pattern: /tok-SECRETSCAN-[0-9a-f]{4,}/ },
  { label: 'CAPTURE_CONTROL_TOKEN', pattern: /cap-SECRETSCAN-[0-9a-f]{4,}/ },
  ...WEBHOOK_SECRETS,
  // On the scheme's own line: a challenge (`www-authenticate: Bearer`) is followed by the next header's name.
  { label: 'a bearer credential', pattern: /bearer[ \t]+(?!\*\*\*|\$API_TOKEN)[A-Za-z0-9._~+/-]{6,}/i },
];

/** The project's own source: a string found there is a literal of a test, not a secret of the run. */
async function sourceText(): Promise<string> {
  const files = await readdir(PROJECT_ROOT, { recursive: true, withFileTypes: true });
  const sources = files.filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.parentPath.includes('node_modules'));
  return (await Promise.all(sources.map((f) => readFile(path.join(f.parentPath, f.name), 'utf8')))).join('\n');
}

async function scan(dir: string, result: RunResult) {
  const consoleOutput: WrittenFile[] = [
    { name: 'console (stdout)', bytes: Buffer.from(result.stdout) },
    { name: 'console (stderr)', bytes: Buffer.from(result.stderr) },
  ];
  const files = [...(await readWrittenFiles(dir)), ...consoleOutput];
  const source = await sourceText();
  // A value written in the project's source is a literal of a test (a fixed short secret), not a secret of the run.
  return { files, hits: findSecrets(files, SECRETS).filter((hit) => !source.includes(hit.value)) };
}

function describeHits(hits: readonly { secret: string; file: string; context: string }[]): string[] {
  return hits.slice(0, 30).map((h) => `${h.secret} in ${h.file}: …${h.context}…`);
}

test('the scanner sees a secret inside a zip inside the HTML report data, and in plain files', () => {
  const inner = writeZip([{ name: 'data/1.json', data: Buffer.from(`{"step":"authorization: Bearer ${TOKEN}"}`) }]);
  const html = Buffer.from(
    `<html><template id="playwrightReportBase64">data:application/zip;base64,${inner.toString('base64')}</template></html>`,
  );
  const files = expand('html/index.html', html);
  expect(files.map((f) => f.name)).toEqual([
    'html/index.html',
    'html/index.html!embedded-report.zip',
    'html/index.html!embedded-report.zip!data/1.json',
  ]);
  expect(findSecrets(files, SECRETS).map((h) => `${h.secret} in ${h.file}`)).toEqual([
    'API_TOKEN in html/index.html!embedded-report.zip!data/1.json',
    'a bearer credential in html/index.html!embedded-report.zip!data/1.json',
  ]);
});

test('the webhook secret patterns match the secrets the suite and the reference make', async ({ servers }) => {
  for (const length of [32, 40, 64]) expect(webhookSecret(length)).toMatch(WEBHOOK_SECRETS[0]?.pattern as RegExp);
  for (const length of [40, 64, 100])
    expect(webhookSecretWithSymbols(length)).toMatch(WEBHOOK_SECRETS[0]?.pattern as RegExp);

  const { app } = servers.built();
  const response = await app.inject({
    method: 'POST',
    url: '/api/core/v1/webhooks',
    headers: {
      authorization: `Bearer ${SELFTEST_TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    payload: {
      name: 'pattern check',
      url: 'http://127.0.0.1:9/inbox',
      method_type: 'POST',
      events: ['order.created'],
      status: 1,
    },
  });
  expect(response.statusCode).toBe(201);
  const { data } = response.json<{ data: { plain_secret: string } }>();
  expect(data.plain_secret).toMatch(WEBHOOK_SECRETS[1]?.pattern as RegExp);
});

test('a secret with symbols is scrubbed whole wherever a text carries it (JSON-escaped too), and found where it leaks', () => {
  const secret = webhookSecretWithSymbols();
  const json = JSON.stringify({ signing_key: secret });
  const carriers = {
    'plain text': `the key is ${secret}.`,
    'a JSON text': json,
    'a JSON text escaping "/" as PHP does': json.replaceAll('/', '\\/'),
    'a curl line': `curl --data-raw '${JSON.stringify({ name: 'x', secret })}'`,
    'a secret field cut short': `{"plain_secret": "${secret.slice(0, 32)}"}`,
  };
  const leaked = (text: string) => findSecrets([{ name: 'text', bytes: Buffer.from(text) }], WEBHOOK_SECRETS).length;
  const where = Object.entries(carriers);
  expect(
    where.map(([carrier, text]) => [carrier, leaked(text) > 0]),
    'the scan finds the secret in each, unscrubbed',
  ).toEqual(where.map(([carrier]) => [carrier, true]));
  expect(
    where.map(([carrier, text]) => [carrier, leaked(redact(text)), redact(text).includes('***')]),
    'after redaction: hits, and a mask in its place',
  ).toEqual(where.map(([carrier]) => [carrier, 0, true]));
});

test(
  'faults around secrets on, traces on, a client timeout, a shared capture server: no file or console line holds a token or a webhook secret',
  WHOLE_SUITE,
  async ({ servers }, testInfo) => {
    testInfo.setTimeout(15 * 60_000);
    const faults = FaultNames.filter((name) =>
      (SECRET_CLAUSES as readonly string[]).includes(FaultCatalogue[name].clause),
    );
    const tests = (await sharedSuiteList()).filter((t) =>
      t.clauses.some((c) => (SECRET_CLAUSES as readonly string[]).includes(c)),
    );
    const dir = await runDirectory(testInfo, 'secret-faults');
    const capture = await startStandaloneCapture({ host: '127.0.0.1', port: 0, controlToken: CONTROL_TOKEN });
    servers.onClose(() => capture.close());
    const result = await runSuite({
      env: {
        API_TOKEN: TOKEN,
        CAPTURE_URL: capture.endpoint.localUrl,
        CAPTURE_CONTROL_TOKEN: CONTROL_TOKEN,
        REFERENCE_FAULTS: [...faults, HANGING_FAULT].join(','),
        // The hanging fault withholds the run's first Create Booking Product: a test's, not the profile check's.
        PROFILE_CHECK: 'false',
        REQUEST_TIMEOUT_MS: '2000',
        DELIVERY_TIMEOUT_MS: '2000',
      },
      args: ['--trace=on'],
      only: tests,
      keepReports: dir,
    });
    const failed = result.tests.filter((t) => t.outcome === 'unexpected');
    expect(
      failed.length,
      `failed tests of ${result.tests.length} (exit ${result.exitCode}; output: ${result.stdout.slice(-2000)}${result.stderr.slice(0, 2000)})`,
    ).toBeGreaterThan(5);
    expect(
      failed.some((t) => t.errors.some((e) => e.includes('got no response within 2000 ms'))),
      'a client timeout happened',
    ).toBe(true);
    // The bundle a vendor would hand over, made of this run's reports (as npm run certify does after its run).
    const bundle = writeCertificationBundle({ reportsDir: path.join(dir, 'reports') });
    expect(bundle, 'a certification bundle of the run').toMatchObject({ written: true, verdict: 'NOT CONFORMANT' });

    const { files, hits } = await scan(dir, result);
    expect(
      files.filter((f) => /^reports\/certification-[^!]+\.zip!(manifest|configuration)\.json$/.test(f.name)).length,
      'the bundle was scanned, opened',
    ).toBe(2);
    expect(describeHits(hits), `secrets in ${files.length} files and entries written by the run (${dir})`).toEqual([]);
    // The secrets were there to leak: the run sent and received them, and the reports show them masked.
    const text = files.map((f) => f.bytes.toString('latin1')).join('\n');
    expect(text, 'a masked webhook secret in the evidence').toMatch(/"(plain_)?secret": ?"\*\*\*"/);
    expect(text, 'a masked bearer token in a call log').toContain('authorization: Bearer ***');
  },
);

test('a test that times out while a request hangs, with traces and a blob report: no secret either', async ({}, testInfo) => {
  const dir = await runDirectory(testInfo, 'test-timeout');
  const result = await runSuite({
    // The hanging fault withholds the run's first Create Booking Product: a test's, not the profile check's.
    env: { API_TOKEN: TOKEN, REFERENCE_FAULTS: HANGING_FAULT, REQUEST_TIMEOUT_MS: '60000', PROFILE_CHECK: 'false' },
    args: ['--grep', '@create-booking-product', '--timeout=5000', '--trace=on', '--shard=1/1', '--workers=2'],
    keepReports: dir,
  });
  const timedOut = result.tests.filter((t) => t.errors.some((e) => e.includes('Test timeout of 5000ms exceeded')));
  expect(timedOut.length, `tests that timed out (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(0);

  const { files, hits } = await scan(dir, result);
  expect(
    files.some((f) => f.name.includes('blob') && f.name.endsWith('.zip')),
    'a blob report was written and scanned',
  ).toBe(true);
  expect(describeHits(hits), `secrets in ${files.length} files and entries written by the run (${dir})`).toEqual([]);

  // And the evidence of the timed-out test is the request that hung, not the one before it.
  const html = await readHtmlReport(path.join(dir, 'reports', 'html'));
  const attachments =
    html.tests
      .find((t) => t.results.some((r) => r.errors.some((e) => e.message?.includes('Test timeout'))))
      ?.results.flatMap((r) => r.attachments) ?? [];
  expect(attachments.find((a) => a.name === EvidenceNames.curl)?.body).toMatch(
    /^curl .*-X POST '[^']+\/api\/core\/v1\/products\/booking'/,
  );
  expect(attachments.find((a) => a.name === EvidenceNames.response)?.body).toBe(
    'no response: no answer yet: the test ended while waiting for it',
  );
});
