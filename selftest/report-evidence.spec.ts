/**
 * What a vendor gets when the target breaks one clause: a conformance report naming that clause (id
 * and quote), an exit code that follows the verdict, and, for the failed test, the request as a curl
 * line and the response in the HTML report's own data (decoded here, as a reader's browser would), and
 * JUnit gives each test's level.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { registerSecret } from '../support/redaction/redact.ts';
import { z } from 'zod';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { EvidenceNames, failureAttachments } from '../support/client/evidence.ts';
import { ApiResponse } from '../support/client/response.ts';
import { buildRequest } from '../support/client/request.ts';
import { expect as suiteExpect } from '../fixtures/expect.ts';
import type { ConformanceReport } from '../support/report/conformance-report.ts';
import { DEFAULT_SPEC_FILE } from '../support/report/run-info.ts';
import { Clauses } from '../support/contract/clauses.ts';
import { readHtmlReport, runDirectory } from './support/report-files.ts';
import { runSuite } from './harness/suite-run.ts';

const TOKEN = `tok-evidence-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 16)}`;
const BROKEN = 'create-booking.created';

test('one fault on: the report names the broken clause and the HTML report holds the curl line of the failed test', async ({}, testInfo) => {
  const dir = await runDirectory(testInfo, 'evidence');
  const result = await runSuite({
    env: { REFERENCE_FAULTS: 'create-booking-200', API_TOKEN: TOKEN, FAKER_SEED: '4242' },
    args: ['--grep', '@create-booking-product', '--workers=2'],
    keepReports: dir,
  });
  expect(result.tests.length, `tests run (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(0);
  expect(result.exitCode, 'exit code of a NOT CONFORMANT run').toBe(1);

  const report = JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')) as ConformanceReport;
  expect(report.verdict).toBe('NOT CONFORMANT');
  expect(report.selection, 'the part of the suite that ran, named').toMatch(/^--grep, \d+ of its \d+ spec files$/);
  const broken = report.failingClauses.find((c) => c.id === BROKEN);
  expect(broken?.quote, `failing clauses: ${report.failingClauses.map((c) => c.id).join(', ')}`).toBe(
    Clauses[BROKEN].quote,
  );
  const markdown = await readFile(path.join(dir, 'reports', 'conformance.md'), 'utf8');
  expect(markdown).toContain(`**${BROKEN}**`);
  expect(markdown).toContain(Clauses[BROKEN].quote);

  // The run's facts: target without the token, the spec's hash, the seed, the per-level counts.
  expect(report.run?.target).toBe('the embedded reference implementation with faults create-booking-200');
  const spec = await readFile(path.resolve(PROJECT_ROOT, DEFAULT_SPEC_FILE));
  expect(report.run?.spec.sha256).toBe(createHash('sha256').update(spec).digest('hex'));
  expect(report.fakerSeed).toBe('4242');
  expect(report.totals.stated.failed).toBeGreaterThan(0);
  expect(JSON.stringify(report)).not.toContain(TOKEN);

  // JUnit carries each test's level, so a CI test view tells a breach from a reading; a failure is @stated here.
  const junit = await readFile(path.join(dir, 'reports', 'junit.xml'), 'utf8');
  const cases = junit.split('<testcase ').slice(1);
  const levelOf = (testcase: string) => /<property name="level" value="(\w+)"/.exec(testcase)?.[1];
  expect(cases.filter((c) => levelOf(c) === undefined).length, 'test cases without a level property').toBe(0);
  expect(new Set(cases.map(levelOf))).toEqual(new Set(['stated', 'assumed']));
  expect(new Set(cases.filter((c) => /<(failure|error) /.test(c)).map(levelOf))).toEqual(new Set(['stated']));

  // The HTML report's data: the failed test carries the curl line with $API_TOKEN, and the response.
  const html = await readHtmlReport(path.join(dir, 'reports', 'html'));
  const failed = html.tests.filter((t) => t.outcome === 'unexpected');
  expect(failed.length).toBeGreaterThan(0);
  for (const t of failed) {
    const attachments = t.results.flatMap((r) => r.attachments);
    const curl = attachments.find((a) => a.name === EvidenceNames.curl)?.body ?? '';
    expect(curl, `curl attachment of "${t.title}"`).toMatch(
      /^curl .*-X POST '[^']+\/api\/core\/v1\/products\/booking'/,
    );
    expect(curl).toContain('"authorization: Bearer $API_TOKEN"');
    expect(curl).not.toContain(TOKEN);
    expect(
      attachments.find((a) => a.name === EvidenceNames.response)?.body,
      `response attachment of "${t.title}"`,
    ).toMatch(/^HTTP 200 /);
  }
});

test('a failed shape check attaches its schema diff to the test as it fails; the last request is attached as curl and response', ({}, testInfo) => {
  registerSecret('not-shown-123');
  const exchange = {
    request: {
      method: 'GET',
      url: 'http://target.test/api/core/v1/webhooks/events',
      headers: { authorization: 'Bearer not-shown-123' },
      body: undefined,
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      bodyText: '{"status":"ok","data":[]}',
      durationMs: 3,
    },
    error: undefined,
  };
  const Envelope = z.object({ status: z.literal('success'), message: z.string() });
  expect(() => suiteExpect(new ApiResponse(exchange)).toMatchSchema(Envelope)).toThrow();
  expect(() => suiteExpect(new ApiResponse(exchange)).not.toMatchSchema(Envelope), 'a negated check').not.toThrow();

  const diffs = testInfo.attachments.filter((a) => a.name === EvidenceNames.schemaDiff);
  expect(diffs, 'one diff: the negated check that passed attaches none').toHaveLength(1);
  const diff = diffs[0]?.body?.toString() ?? '';
  expect(diff).toContain('GET http://target.test/api/core/v1/webhooks/events');
  expect(diff).toMatch(/status[\s\S]*found: "ok"/);
  expect(diff).toMatch(/message[\s\S]*found: \(absent\)/);

  const attachments = failureAttachments([exchange]);
  expect(attachments.map((a) => a.name)).toEqual([EvidenceNames.curl, EvidenceNames.response]);
  const [curl, response] = attachments.map((a) => a.body);
  expect(curl).toBe(
    `curl -sS -i -X GET 'http://target.test/api/core/v1/webhooks/events' -H "authorization: Bearer $API_TOKEN"`,
  );
  expect(response).toContain('"status": "ok"');
});

test('the curl line of an oversized body sends it whole from the attachment it names (--data-binary @request-body)', async ({
  reference,
}, testInfo) => {
  registerSecret(reference.token);
  const request = buildRequest(
    'createServiceProduct',
    { rawBody: `{"name_en":"${'x'.repeat(200_000)}"}` },
    { baseUrl: reference.url, productListPath: '/products', acceptLanguage: 'en', token: reference.token },
  );
  const exchange = { request: request.recorded, response: undefined, error: 'not sent' };
  expect(request.recorded.body, 'shown by its start and size').toMatch(/… \[200014 bytes in all\]$/);
  const attachments = failureAttachments([exchange]);
  expect(attachments.map((a) => a.name)).toEqual([
    EvidenceNames.curl,
    EvidenceNames.requestBody,
    EvidenceNames.response,
  ]);
  const curl = String(attachments[0]?.body);
  expect(curl).toMatch(/ --data-binary @request-body$/);
  const body = attachments[1]?.body as Buffer;
  expect(body.equals(request.bytes ?? Buffer.alloc(0)), 'the attachment holds every byte sent').toBe(true);

  // The line, run by curl with the attachment saved under its name, sends the same request.
  const dir = testInfo.outputPath('curl');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, EvidenceNames.requestBody), body);
  // Not spawnSync: the reference answering it runs in this process.
  const replay = await promisify(execFile)('sh', ['-c', curl], {
    cwd: dir,
    env: { ...process.env, API_TOKEN: reference.token },
    encoding: 'utf8',
  });
  expect(replay.stdout, replay.stderr).toMatch(/^HTTP\/1\.1 (201|413|422) /);
  expect(replay.stdout, 'the body arrived whole: not refused as malformed JSON').not.toMatch(/^HTTP\/1\.1 400 /);
});
