/**
 * The evidence a failed test attaches: a failed shape check's schema diff, the last request as a curl
 * line (an oversized body sent from an attachment of its own) and the response. What a whole run with
 * one fault writes (the reports naming the broken clause, JUnit's levels, the HTML report's evidence) is
 * checked on the NOT CONFORMANT run of selftest/html-report.spec.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { registerSecret } from '../support/redaction/redact.ts';
import { z } from 'zod';
import { EvidenceNames, failureAttachments } from '../support/client/evidence.ts';
import { ApiResponse } from '../support/client/response.ts';
import { buildRequest } from '../support/client/request.ts';
import { expect as suiteExpect } from '../fixtures/expect.ts';

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
  expect(request.recorded.body, 'shown by its start and size').toMatch(
    /^\{"name_en":"x{1988}… \[200014 bytes in all\]$/,
  );
  const asBytes = buildRequest(
    'createServiceProduct',
    { rawBody: Buffer.from(`{"name_en":"${'x'.repeat(200_000)}"}`) },
    { baseUrl: reference.url, productListPath: '/products', acceptLanguage: 'en', token: reference.token },
  );
  expect(asBytes.recorded.body, 'the same body as bytes, shown alike').toBe(request.recorded.body);
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
