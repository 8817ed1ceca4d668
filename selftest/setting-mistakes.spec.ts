/**
 * A mistake of the user is never a breach of the store: each mistake a QA engineer makes on a first run
 * (issue 20's list), made against the standalone reference, gives NO VERDICT naming the setting, or is
 * handled. Set-up is put to the test in this process (the profile check, support/run/profile-check.ts;
 * the delivery probe, support/run/delivery-probe.ts: fast); child runs, as a user runs the suite, prove
 * that each stops the run before any test with exit 2.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import Fastify from 'fastify';
import { expect, SELFTEST_TOKEN, test, type TestServers } from './fixtures.ts';
import type { ReferenceOptions, ReferenceServer } from '../reference/app.ts';
import { parseConfig, PROJECT_ROOT, REFERENCE_PROFILE } from '../support/run/config.ts';
import { httpRequest } from '../support/client/http.ts';
import type { ProfileError } from '../support/run/profile-check.ts';
import { checkProfile, assertProfileTaken } from '../support/run/profile-check.ts';
import { finishDeliveryProbe, startDeliveryProbe } from '../support/run/delivery-probe.ts';
import { PreflightError } from '../support/run/preflight.ts';
import { listenCapture } from '../support/capture/start.ts';
import { CaptureClient } from '../support/capture/client.ts';
import {
  publishingStatusId,
  TargetProfile,
  withStatusMeanings,
  type TargetProfileFile,
} from '../support/contract/profile.ts';
import { EmbeddedTargets, type ReferenceVariant } from '../support/contract/embedded-targets.ts';
import { ConformanceReport } from '../support/report/report-format.ts';
import { runSuite } from './harness/suite-run.ts';
import { readJournal } from '../support/run/created-resources.ts';
import { killedRun } from './support/killed-run.ts';
import { closedPort } from './support/closed-port.ts';
import { runDirectory } from './support/report-files.ts';

/** The variant's own profile, as its file holds it (each test changes a copy of its own). */
const profileOf = (variant: ReferenceVariant = 'standard') =>
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, EmbeddedTargets[variant].profile), 'utf8')) as TargetProfileFile;

/** The profile check of `changes` over the variant's own profile, against a reference of that variant. */
async function check(
  servers: TestServers,
  testInfo: TestInfo,
  changes: Partial<TargetProfileFile>,
  options: { variant?: ReferenceVariant; reference?: Partial<ReferenceOptions> } = {},
) {
  const { url } = await servers.reference({ variant: options.variant ?? 'standard', ...options.reference });
  const profile = TargetProfile.parse({ ...profileOf(options.variant), ...changes });
  return checkProfile(profile, {
    baseUrl: url,
    token: SELFTEST_TOKEN,
    acceptLanguage: 'en',
    timeoutMs: 5_000,
    runId: 'conf-selftest-profile',
    createdResourcesFile: testInfo.outputPath('created-resources.json'),
  });
}

const refusedEntries = (result: Awaited<ReturnType<typeof check>>) => result.refused.map((r) => r.entry);

test.describe('the profile check names every id the store does not have, and the answer', () => {
  test('a brand id the store does not have', async ({ servers }, testInfo) => {
    const result = await check(servers, testInfo, { brandIds: [1, 2, 999991] });
    expect(result.refused).toEqual([
      {
        entry: 'brandIds[2] = 999991',
        answer: 'Create Service Product answered 422 {"brand_id":["unknown id(s): 999991"]}',
      },
    ]);
    const error = (() => {
      try {
        assertProfileTaken(result, 'profiles/staging.json');
      } catch (e) {
        return e as ProfileError;
      }
      throw new Error('taken');
    })();
    expect(error.stack, 'printed as it is, without a stack trace').toBe(`ProfileError: ${error.message}`);
    expect(error.message).toMatch(
      /^The target refused an entry of TARGET_PROFILE \(profiles\/staging\.json\):\n {2}- brandIds\[2\] = 999991: Create Service Product answered 422/,
    );
  });

  test('a category, a media, a badge, a provider and a status id the store does not have, each named', async ({
    servers,
  }, testInfo) => {
    const result = await check(servers, testInfo, {
      categoryIds: [10, 11, 12, 999992],
      mediaIds: [100, 999993, 101],
      badgeIds: [1, 999994],
      providerIds: [7, 999995],
      statusIds: [1, 2, 999996],
    });
    expect(refusedEntries(result)).toEqual([
      'categoryIds[3] = 999992',
      'mediaIds[1] = 999993',
      'badgeIds[1] = 999994',
      'providerIds[1] = 999995',
      'statusIds[2] = 999996',
    ]);
    expect(result.refused.find((r) => r.entry.startsWith('providerIds'))?.answer).toMatch(
      /^Create Booking Product answered 422 .*providers/,
    );
  });

  test('the first id of a list: the body of first ids is refused, and taken with the next one', async ({
    servers,
  }, testInfo) => {
    const result = await check(servers, testInfo, { mediaIds: [999991, 100, 101] });
    expect(refusedEntries(result)).toEqual(['mediaIds[0] = 999991']);
  });

  test('a sub-category the store does not have, under a category it has', async ({ servers }, testInfo) => {
    const result = await check(servers, testInfo, {
      subCategories: [
        { id: 20, categoryId: 10, childCategoryIds: [30] },
        { id: 999997, categoryId: 11, childCategoryIds: [] },
      ],
    });
    expect(refusedEntries(result)).toEqual(['subCategories[1] = {"id":999997,"categoryId":11,"childCategoryIds":[]}']);
  });
});

test.describe('the profile check names what the profile leaves out or says wrongly, and how to fix it', () => {
  test('a store that takes only existing tag names, while the profile lists none: named, with how to fix it', async ({
    servers,
  }, testInfo) => {
    const { tagNames: _listed, ...withoutTags } = profileOf('strict');
    const result = await check(servers, testInfo, { ...withoutTags, tagNames: undefined }, { variant: 'strict' });
    expect(result.refused).toEqual([
      {
        entry: 'tagNames (none listed)',
        answer: expect.stringMatching(/Create Service Product answered 422 .*add "tagNames"/),
      },
    ]);
  });

  test('a status declared to publish that does not', async ({ servers }, testInfo) => {
    const result = await check(servers, testInfo, { statusIds: [1, { id: 2, publishes: true }] });
    expect(result.refused).toEqual([
      {
        entry: 'statusIds[1] = {"id":2,"publishes":true}',
        answer: expect.stringContaining('answered is_published false for a product created with status_id 2'),
      },
    ]);
  });
});

test('a store that refuses every create blames no entry: the run goes on, and its tests judge it', async ({
  servers,
}, testInfo) => {
  const result = await check(
    servers,
    testInfo,
    {},
    {
      reference: {
        instrument: (app) =>
          app.addHook('onRequest', async (request, reply) =>
            request.method === 'POST' && request.url.includes('/products/')
              ? reply.code(422).send({ message: 'refused by the self test' })
              : undefined,
          ),
      },
    },
  );
  expect(result.refused).toEqual([]);
  expect(result.notes).toEqual([
    expect.stringMatching(
      /^Profile check: Create Service Product refused a body with the first entry of every list .* the run goes on\.$/,
    ),
  ]);
});

test('a store that answers creates with a server error blames no entry: the check asks no more, and the run goes on', async ({
  servers,
}, testInfo) => {
  const result = await check(
    servers,
    testInfo,
    { brandIds: [1, 2, 999991] },
    {
      reference: {
        instrument: (app) =>
          app.addHook('onRequest', async (request, reply) =>
            request.method === 'POST' && request.url.includes('/products/')
              ? reply.code(500).send({ message: 'down for the self test' })
              : undefined,
          ),
      },
    },
  );
  expect(result.refused, 'a 500 says nothing about an entry').toEqual([]);
  expect(result.creates, 'creates sent: no swap after an answer that is not about the body').toBe(1);
  expect(result.notes).toEqual([
    'Profile check: 1 create(s) answered neither by taking nor by refusing the body (Create Service Product answered 500 {"message":"down for the self test"}): the entries they carried were not asked about, and the run goes on (its tests judge the store).',
  ]);
});

test('statuses listed in another order are handled: what each means is discovered, never read from its place', async ({
  servers,
}, testInfo) => {
  const result = await check(servers, testInfo, { statusIds: [2, 1] });
  expect(result.refused).toEqual([]);
  expect(Object.fromEntries(result.statuses)).toEqual({ 1: true, 2: false });
  const profile = TargetProfile.parse({ ...profileOf(), statusIds: [2, 1] });
  expect(publishingStatusId(withStatusMeanings(profile, result.statuses)), 'the status bodies send').toBe(1);
  expect(publishingStatusId(TargetProfile.parse({ ...profileOf(), statusIds: [{ id: 2, publishes: false }, 1] }))).toBe(
    1,
  );
});

/** The probe against a reference of the variant, its config from `env`; what it said, or the PreflightError it threw. */
async function probe(
  servers: TestServers,
  testInfo: TestInfo,
  env: Record<string, string>,
  options: { variant?: ReferenceVariant; publicUrl?: (captureUrl: string) => Promise<string> } = {},
): Promise<string[] | PreflightError> {
  const { url } = await servers.reference({ variant: options.variant ?? 'standard' });
  const capture = await listenCapture({ host: '127.0.0.1', port: 0 });
  servers.onClose(() => capture.close());
  const publicUrl = options.publicUrl ? await options.publicUrl(capture.endpoint.localUrl) : undefined;
  const endpoint = { ...capture.endpoint, ...(publicUrl ? { publicUrl } : {}) };
  const config = parseConfig({
    BASE_URL: url,
    API_TOKEN: SELFTEST_TOKEN,
    TARGET_PROFILE: REFERENCE_PROFILE,
    DELIVERY_TIMEOUT_MS: '1500',
    ...env,
  });
  const target = {
    baseUrl: url,
    token: SELFTEST_TOKEN,
    runId: 'conf-selftest-probe',
    createdResourcesFile: testInfo.outputPath('created-resources.json'),
  };
  const started = await startDeliveryProbe(config, target, new CaptureClient(endpoint));
  if ('note' in started) throw new Error(started.note);
  await createProduct(url);
  return finishDeliveryProbe(started, config, 1).catch((error: unknown) => {
    if (error instanceof PreflightError) return error;
    throw error;
  });
}

/** What the profile check would create: one product. */
async function createProduct(url: string): Promise<void> {
  const created = await httpRequest(`${url}/api/core/v1/products/service`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SELFTEST_TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ name_ar: 'منتج', name_en: 'probe product', price: 10 }),
  });
  expect(created.status, await created.text()).toBe(201);
}

test.describe('the delivery probe names a signature set otherwise than it arrives', () => {
  test('a scheme of HMAC-SHA256 where Standard Webhooks headers arrive', async ({ servers }, testInfo) => {
    const said = await probe(servers, testInfo, { WEBHOOK_SIGNATURE_SCHEME: 'hmac-sha256' });
    expect(said).toBeInstanceOf(PreflightError);
    expect((said as PreflightError).message).toBe(
      'Deliveries carry `webhook-signature`, `webhook-id`, `webhook-timestamp` (Standard Webhooks), but `WEBHOOK_SIGNATURE_SCHEME=hmac-sha256` (in `x-signature`, hex). They verify as Standard Webhooks: set WEBHOOK_SIGNATURE_SCHEME=standard-webhooks.',
    );
  });

  test('a scheme of Standard Webhooks where an HMAC header arrives', async ({ servers }, testInfo) => {
    const said = await probe(
      servers,
      testInfo,
      { WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks' },
      { variant: 'divergent' },
    );
    expect((said as PreflightError).message).toBe(
      "Deliveries carry `x-store-signature`, not Standard Webhooks' `webhook-signature`, `webhook-id`, `webhook-timestamp`, but `WEBHOOK_SIGNATURE_SCHEME=standard-webhooks`. `x-store-signature` holds the base64 HMAC-SHA256 of the body: set WEBHOOK_SIGNATURE_SCHEME=hmac-sha256, WEBHOOK_SIGNATURE_HEADER=x-store-signature and WEBHOOK_SIGNATURE_ENCODING=base64.",
    );
  });

  test('an HMAC header other than the one that arrives, and an encoding other than its own', async ({
    servers,
  }, testInfo) => {
    const header = await probe(
      servers,
      testInfo,
      { WEBHOOK_SIGNATURE_SCHEME: 'hmac-sha256' },
      { variant: 'divergent' },
    );
    expect((header as PreflightError).message).toMatch(
      /^Deliveries carry `x-store-signature`, but `WEBHOOK_SIGNATURE_SCHEME=hmac-sha256` \(in `x-signature`, hex\)\. `x-store-signature` holds the base64 HMAC-SHA256 of the body: set .*WEBHOOK_SIGNATURE_HEADER=x-store-signature/,
    );
    const encoding = await probe(
      servers,
      testInfo,
      {
        WEBHOOK_SIGNATURE_SCHEME: 'hmac-sha256',
        WEBHOOK_SIGNATURE_HEADER: 'x-store-signature',
        WEBHOOK_SIGNATURE_ENCODING: 'hex',
      },
      { variant: 'divergent' },
    );
    expect((encoding as PreflightError).message).toBe(
      'Deliveries carry in `x-store-signature` the base64 HMAC-SHA256 of the body, but `WEBHOOK_SIGNATURE_ENCODING=hex`: set WEBHOOK_SIGNATURE_ENCODING=base64.',
    );
  });

  test('the scheme the store signs with goes on without a word; an unset one is noted with what arrived', async ({
    servers,
  }, testInfo) => {
    expect(await probe(servers, testInfo, { WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks' })).toEqual([]);
    expect(await probe(servers, testInfo, {})).toEqual([
      expect.stringMatching(
        /^Delivery probe: deliveries carry `webhook-signature`, .* but WEBHOOK_SIGNATURE_SCHEME is unset: the signature test is skipped\. .*set WEBHOOK_SIGNATURE_SCHEME=standard-webhooks\.$/,
      ),
    ]);
  });
});

test('the delivery probe names a CAPTURE_PUBLIC_URL that answers from here but that the store cannot reach', async ({
  servers,
}, testInfo) => {
  // A tunnel that answers the capture server's health address and loses everything else.
  const tunnel = Fastify();
  tunnel.get('/*', async () => ({ status: 'ok' }));
  tunnel.post('/*', async (_request, reply) => reply.code(502).send());
  const said = await probe(
    servers,
    testInfo,
    { WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks' },
    {
      publicUrl: () => servers.listen(tunnel),
    },
  );
  expect(said).toBeInstanceOf(PreflightError);
  expect((said as PreflightError).message).toMatch(
    /^No delivery reached the capture server within 1500 ms of the 1 products the profile check created, .*Check CAPTURE_PUBLIC_URL .*; unset it to judge the rest without the delivery tests\.$/,
  );
});

/** Runs the suite as a user does, against `url`, its reports kept. */
async function runAsUser(testInfo: TestInfo, env: Record<string, string>) {
  const dir = await runDirectory(testInfo, 'setting-mistake');
  const result = await runSuite({
    env,
    args: ['tests/webhooks/webhook-events.spec.ts'],
    keepReports: dir,
    timeoutMs: 120_000,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  const json: unknown = JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8'));
  return { result, output, report: ConformanceReport.parse(json) };
}

test.describe('end to end, against the standalone reference: NO VERDICT, exit 2, naming the setting', () => {
  test('a brand id the store does not have: and the store is left as it was found', async ({ servers }, testInfo) => {
    const { url, server } = await servers.reference();
    const found = contents(server);
    const file = testInfo.outputPath('profile.json');
    await writeFile(file, JSON.stringify({ ...profileOf(), brandIds: [1, 2, 999991] }));
    const { result, output, report } = await runAsUser(testInfo, {
      BASE_URL: url,
      API_TOKEN: SELFTEST_TOKEN,
      TARGET_PROFILE: file,
    });
    expect(result.exitCode, output).toBe(2);
    expect(report.verdict).toBe('NO VERDICT');
    expect(output).toMatch(
      /^ProfileError: The target refused an entry of TARGET_PROFILE \(\S+profile\.json\):\n {2}- brandIds\[2\] = 999991: Create Service Product answered 422 \{"brand_id":\["unknown id\(s\): 999991"\]\}\n/m,
    );
    expect(
      result.tests.filter((t) => t.outcome !== 'skipped'),
      'no test ran',
    ).toEqual([]);
    expect(contents(server), 'what the profile check and the probes created, deleted').toEqual(found);
    expect(output).toMatch(/^Run \S+ created \d+ resources and deleted them all/m);
  });

  test('a signature scheme other than the one the deliveries carry: and the store is left as it was found', async ({
    servers,
  }, testInfo) => {
    const { url, server } = await servers.reference();
    const found = contents(server);
    const { result, output, report } = await runAsUser(testInfo, {
      BASE_URL: url,
      API_TOKEN: SELFTEST_TOKEN,
      TARGET_PROFILE: REFERENCE_PROFILE,
      WEBHOOK_SIGNATURE_SCHEME: 'hmac-sha256',
    });
    expect(result.exitCode, output).toBe(2);
    expect(report.verdict).toBe('NO VERDICT');
    expect(output).toMatch(
      /^PreflightError: Deliveries carry `webhook-signature`, `webhook-id`, `webhook-timestamp` \(Standard Webhooks\), but `WEBHOOK_SIGNATURE_SCHEME=hmac-sha256`/m,
    );
    expect(contents(server), 'what the profile check and the probes created, deleted').toEqual(found);
  });
});

test("a run stopped before it writes (CAPTURE_PUBLIC_URL down) leaves alone what a killed run of its RUN_ID journaled: that is cleanup's", async ({
  servers,
}, testInfo) => {
  const { url, server } = await servers.reference();
  const runId = 'selftest-stopped-before-writing';
  const journal = testInfo.outputPath('created-resources.json');
  const left = await killedRun(url, journal, runId);
  const found = contents(server);
  const webhooks = structuredClone(left.map((id) => server.store.webhooks.get(id)));
  const { result, output, report } = await runAsUser(testInfo, {
    BASE_URL: url,
    API_TOKEN: SELFTEST_TOKEN,
    TARGET_PROFILE: REFERENCE_PROFILE,
    RUN_ID: runId,
    CREATED_RESOURCES_FILE: journal,
    CAPTURE_PUBLIC_URL: `http://127.0.0.1:${await closedPort()}`,
  });
  expect(result.exitCode, output).toBe(2);
  expect(report.verdict).toBe('NO VERDICT');
  expect(output).toMatch(/^PreflightError: Capture server unreachable: .*Check CAPTURE_PUBLIC_URL/m);
  expect(contents(server), 'the products and webhooks on the store').toEqual(found);
  expect(
    left.map((id) => server.store.webhooks.get(id)),
    "the killed run's webhooks, as they were: not switched off",
  ).toEqual(webhooks);
  const journaled = readJournal(journal, runId);
  expect(
    { created: journaled.created.map((c) => c.id), steps: journaled.steps },
    'the journal, as the killed run left it',
  ).toEqual({ created: left, steps: [] });
});

/** The ids of the reference's products and webhooks: a run stopped in set-up leaves the same. */
const contents = ({ store }: ReferenceServer) => ({
  products: [...store.products.keys()],
  webhooks: [...store.webhooks.keys()],
});
