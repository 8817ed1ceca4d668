/**
 * Observed delivery behaviour (tests/observations/delivery-behaviour.spec.ts): reported, never judged.
 * The readings of support/capture/observations.ts on hand-made deliveries; the report keeps observation
 * tests out of every count, clause and reason, whatever they saw or failed to see; and two child runs in
 * parallel, with short windows: the embedded reference's retries show with their backoff, and a reference
 * that does not retry (`deliveries: { maxAttempts: 1 }`, a loopback BASE_URL) reads as not retrying.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, SELFTEST_TOKEN, test } from './fixtures.ts';
import { runSuite } from './harness/suite-run.ts';
import { Delivery } from '../support/capture/delivery.ts';
import {
  intervalPattern,
  observeHeaders,
  observePayload,
  observeRepeats,
  observeRetries,
} from '../fixtures/observations.ts';
import { REFERENCE_PROFILE } from '../support/run/config.ts';
import { renderMarkdown } from '../support/report/conformance-markdown.ts';
import { buildReport, type ObservationTest, type TestRecord } from '../support/report/conformance-report.ts';
import { ConformanceReport } from '../support/report/report-format.ts';
import { runDirectory } from './support/report-files.ts';
import { OBSERVATION_SPEC, OBSERVED_RETRY_WINDOW_MS, observedRun } from './support/observed-run.ts';

let seq = 0;
function delivery(headers: Record<string, string>, body: unknown, receivedAt = 0): Delivery {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Delivery({
    seq: seq++,
    method: 'POST',
    url: '/in/x',
    headers,
    bodyBase64: Buffer.from(text).toString('base64'),
    receivedAt,
    answeredWith: 200,
  });
}

test('observation readings: header names by role, never a value; the event header is the one whose value was the event', () => {
  const secretValue = 'v1,c2VjcmV0LXNpZ25hdHVyZS12YWx1ZQ==';
  const headers = observeHeaders(
    [
      {
        event: 'product.created',
        delivery: delivery(
          {
            'content-type': 'application/json',
            'webhook-id': 'msg_1',
            'webhook-timestamp': '1700000000',
            'webhook-signature': secretValue,
            'x-store-signature': 'abc',
            'x-shop-topic': 'products/create',
            'x-custom-kind': 'product.created',
            date: 'Mon, 01 Jan 2024 00:00:00 GMT',
          },
          {},
        ),
      },
    ],
    'X-Store-Signature',
  );
  expect(headers).toEqual({
    deliveries: 1,
    names: [
      'content-type',
      'date',
      'webhook-id',
      'webhook-signature',
      'webhook-timestamp',
      'x-custom-kind',
      'x-shop-topic',
      'x-store-signature',
    ],
    recognised: {
      id: ['webhook-id'],
      timestamp: ['webhook-timestamp'],
      signature: ['webhook-signature', 'x-store-signature'],
      event: ['x-custom-kind', 'x-shop-topic'],
    },
  });
  expect(JSON.stringify(headers)).not.toContain(secretValue);
});

test('observation readings: retries, attempts and intervals from arrival times; one attempt reads as no retry within the window', () => {
  const at = (offsets: number[]) => offsets.map((ms) => delivery({}, { id: 1 }, 1_000_000 + ms));
  const backoff = observeRetries(at([0, 250, 1_250, 5_250]), { windowMs: 8_000, answeredWith: 500 });
  expect(backoff).toMatchObject({
    attempts: 4,
    offsetsMs: [0, 250, 1_250, 5_250],
    intervalsMs: [250, 1_000, 4_000],
    pattern: 'increasing',
    quietAfterLastMs: 2_750,
  });
  expect(backoff.summary).toMatch(/^Retried: 4 attempts, each answered 500, at intervals of 250, 1000, 4000 ms/);
  const none = observeRetries(at([0]), { windowMs: 3_000, answeredWith: 500 });
  expect(none).toMatchObject({ attempts: 1, intervalsMs: [], pattern: 'no retry', quietAfterLastMs: 3_000 });
  expect(none.summary).toMatch(/^No retry seen: one attempt, answered 500, then none for 3\.0 s/);
  expect(intervalPattern([1_000, 1_100, 950])).toBe('constant');
  expect(intervalPattern([1_000, 100, 2_000])).toBe('irregular');
  expect(intervalPattern([500])).toBe('one retry');
});

test('observation readings: repeats, a later delivery with the same id header value or the same body is a repeat', () => {
  const created = delivery({ 'webhook-id': 'a' }, { event: 'product.created', n: 1 });
  const sameId = delivery({ 'webhook-id': 'a' }, { event: 'product.created', n: 2 });
  const sameBody = delivery({ 'webhook-id': 'b' }, { event: 'product.created', n: 1 });
  const other = delivery({ 'webhook-id': 'c' }, { event: 'product.created', n: 3 });
  const updated = delivery({ 'webhook-id': 'u' }, { event: 'product.updated' });
  const repeats = observeRepeats(
    [
      { event: 'product.created', delivery: created, all: [created, sameId, sameBody, other] },
      { event: 'product.updated', delivery: updated, all: [updated] },
    ],
    { windowMs: 3_000, idHeaders: ['webhook-id'] },
  );
  expect(repeats).toMatchObject({
    events: [
      { event: 'product.created', deliveries: 3, repeats: 2 },
      { event: 'product.updated', deliveries: 1, repeats: 0 },
    ],
    others: 1,
    deliveredOnce: false,
  });
  expect(
    observeRepeats([{ event: 'product.updated', delivery: updated, all: [updated] }], {
      windowMs: 3_000,
      idHeaders: [],
    }).deliveredOnce,
  ).toBe(true);
});

test('observation readings: payload fields, top-level keys, and where the product sits with its keys; names, never values', () => {
  const nested = observePayload(
    'product.created',
    delivery({}, { event: 'product.created', data: { product: { id: 7, name: { en: 'Secret name' } } } }),
    7,
  );
  expect(nested).toEqual({
    event: 'product.created',
    body: 'json object',
    topLevelKeys: ['event', 'data'],
    productPath: 'data.product',
    productKeys: ['id', 'name'],
  });
  expect(JSON.stringify(nested)).not.toContain('Secret name');
  expect(observePayload('product.created', delivery({}, { id: '7', type: 'service' }), 7).productPath).toBe('');
  expect(observePayload('product.created', delivery({}, { items: [{ product_id: 7 }] }), 7).productPath).toBe(
    'items[0]',
  );
  expect(observePayload('product.created', delivery({}, { id: 8 }), 7).productPath).toBeNull();
  expect(observePayload('product.created', delivery({}, 'payload=%7B%7D'), 7).body).toBe('not json');
  expect(observePayload('product.created', delivery({}, [1]), 7).body).toBe('json, not an object');
});

function stated(title: string, outcome: TestRecord['outcome']): TestRecord {
  return {
    title,
    location: 'tests/x.spec.ts:1',
    level: 'stated',
    operation: 'Register Webhook',
    clauses: ['register-webhook.created'],
    outcome,
    dependsOn: [],
    notApplicable: false,
    deliveryLatenciesMs: [],
  };
}

const shardOne: ObservationTest = {
  title: 'Delivery behaviour › header names',
  location: `${OBSERVATION_SPEC}:29`,
  outcome: 'passed',
  observed: [
    {
      headers: {
        deliveries: 2,
        names: ['content-type', 'webhook-id'],
        recognised: { id: ['webhook-id'], timestamp: [], signature: [], event: [] },
      },
    },
  ],
};
const shardTwo: ObservationTest = {
  title: 'Delivery behaviour › retries',
  location: `${OBSERVATION_SPEC}:78`,
  outcome: 'failed',
  reason: 'Could not observe retries: No delivery matching … arrived',
  observed: [
    {
      headers: {
        deliveries: 1,
        names: ['x-attempt'],
        recognised: { id: [], timestamp: [], signature: [], event: [] },
      },
    },
  ],
};

test('the report keeps observation tests apart: in no count, clause or reason, whatever they saw or failed to see', () => {
  const reportWith = (observations: ObservationTest[]) =>
    buildReport({
      tests: [stated('registers', 'passed')],
      observations,
      runInfo: null,
      runErrors: [],
      shard: null,
      date: new Date(0),
      durationMs: 1,
      fakerSeed: '1',
    });
  const report = reportWith([shardOne, shardTwo]);
  expect(ConformanceReport.safeParse(JSON.parse(JSON.stringify(report))).error?.issues ?? []).toEqual([]);
  expect(report.verdict, 'a failed observation changes nothing').toBe('CONFORMANT');
  expect(report.tests.map((t) => t.title)).toEqual(['registers']);
  expect(report.totals.untagged).toEqual({ passed: 0, failed: 0, skipped: 0, flaky: 0 });
  expect(report.failedTests).toEqual([]);
  const observed = report.observedDeliveryBehaviour;
  expect(observed?.judged).toBe(false);
  expect(observed?.headers, 'both tests (shards) merged').toEqual({
    deliveries: 3,
    names: ['content-type', 'webhook-id', 'x-attempt'],
    recognised: { id: ['webhook-id'], timestamp: [], signature: [], event: [] },
  });
  expect(observed?.tests.map((t) => [t.outcome, t.reason])).toEqual([
    ['passed', undefined],
    ['failed', 'Could not observe retries: No delivery matching … arrived'],
  ]);
  const markdown = renderMarkdown(report);
  expect(markdown).toContain('## Observed delivery behaviour');
  expect(markdown).toContain('**These observations never change the verdict**');
  expect(markdown).toMatch(/Not observed:\n\n- Delivery behaviour › retries \(failed\): Could not observe retries/);

  const without = reportWith([]);
  expect(without.observedDeliveryBehaviour, 'no observation test in the run').toBeNull();
  expect(renderMarkdown(without)).not.toContain('Observed delivery behaviour');
});

test('end to end: the reference retries with backoff, and a target without retries reads as such', async ({
  servers,
}, testInfo) => {
  // A reference that tries each delivery once: a loopback BASE_URL target.
  const once = await servers.reference({ deliveries: { maxAttempts: 1 } });
  const [retrying, single] = await Promise.all([observeRetrying(), observeNotRetrying(testInfo, once.url)]);

  expect(retrying.result.exitCode, retrying.result.stderr.slice(0, 2_000)).toBe(0);
  await expectRetriesObserved(retrying.dir);

  const withoutRetries = await readReport(single.dir);
  expect(withoutRetries.verdict, 'observations alone judge nothing').toBe('NO VERDICT');
  expect(withoutRetries.tests).toEqual([]);
  expect(withoutRetries.observedDeliveryBehaviour?.retries).toMatchObject({
    attempts: 1,
    intervalsMs: [],
    pattern: 'no retry',
  });
  expect(withoutRetries.observedDeliveryBehaviour?.retries?.summary).toMatch(/^No retry seen/);
});

const readReport = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')) as ConformanceReport;

/** The observations against the embedded reference, which retries: a run html-report.spec.ts reads too. */
async function observeRetrying() {
  const { result, dir } = await observedRun();
  return { result, dir };
}

/** The retry observation alone, against a reference at `url` that tries each delivery once. */
async function observeNotRetrying(testInfo: TestInfo, url: string) {
  const dir = await runDirectory(testInfo, 'observe-no-retries');
  const result = await runSuite({
    env: {
      BASE_URL: url,
      API_TOKEN: SELFTEST_TOKEN,
      TARGET_PROFILE: REFERENCE_PROFILE,
      WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks',
      OBSERVE_DELIVERIES: 'true',
      OBSERVE_RETRY_WINDOW_MS: '3000',
    },
    args: [OBSERVATION_SPEC, '--grep', 'retries'],
    keepReports: dir,
  });
  return { result, dir };
}

/** The observations must leave the verdict alone, and show the reference's retries, headers, repeats and payloads. */
async function expectRetriesObserved(dir: string): Promise<void> {
  const withRetries = await readReport(dir);
  expect(withRetries.verdict).toBe('CONFORMANT');
  expect(
    withRetries.tests.every((t) => !t.location.startsWith(OBSERVATION_SPEC)),
    'observation tests are not among the tests',
  ).toBe(true);
  const observed = withRetries.observedDeliveryBehaviour;
  expect(observed?.tests.map((t) => t.outcome)).toEqual(['passed', 'passed']);
  // The reference: 4 attempts, 250 ms then 4 times longer each time (reference/deliveries.ts). Timers
  // late on a loaded machine can shrink a ratio below the 1.5 that reads as `increasing`: each interval
  // is still longer than the one before.
  expect(observed?.retries).toMatchObject({ answeredWith: 500, windowMs: OBSERVED_RETRY_WINDOW_MS, attempts: 4 });
  const intervals = observed?.retries?.intervalsMs ?? [];
  expect(
    intervals.every((v, i) => i === 0 || v > (intervals[i - 1] as number)),
    `intervals ${intervals.join(', ')} ms`,
  ).toBe(true);
  expect(observed?.retries?.pattern).toMatch(/^(increasing|irregular)$/);
  expect(observed?.headers?.recognised).toEqual({
    id: ['webhook-id'],
    timestamp: ['webhook-timestamp'],
    signature: ['webhook-signature'],
    event: [],
  });
  expect(observed?.repeats?.deliveredOnce).toBe(true);
  expect(observed?.payloads.map((p) => [p.event, p.productPath])).toEqual([
    ['product.created', 'data'],
    ['product.updated', 'data'],
  ]);
  const markdown = await readFile(path.join(dir, 'reports', 'conformance.md'), 'utf8');
  expect(markdown).toMatch(/- \*\*Retries\*\* when the receiver answers 500: Retried: 4 attempts/);
}
