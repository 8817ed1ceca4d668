/**
 * A test's own cleanup (support/run/store-cleanup.ts `cleanUpAfterTest`): its resources at once, every
 * webhook before any product, each step journaled; sent here as teardown sends (`sendOverHttp`), which
 * asks a 429 again as its Retry-After says.
 */
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readJournal, type CreatedResource } from '../support/run/created-resources.ts';
import { cleanUpAfterTest, sendOverHttp, type CleanupSettings } from '../support/run/store-cleanup.ts';
import { expect, test } from './fixtures.ts';

const RUN_ID = 'conf-20261129-0000-c1ea';

/** A target that holds each DELETE a while, notes what was in flight, and answers the first `limited` of them 429. */
function deletingTarget(limited: number) {
  const app = Fastify({ logger: false });
  const seen: { path: string; inFlight: number; status: number }[] = [];
  let inFlight = 0;
  app.delete('/*', async (request, reply) => {
    inFlight++;
    const entry = { path: request.url, inFlight, status: seen.length < limited ? 429 : 200 };
    seen.push(entry);
    await new Promise((resolve) => setTimeout(resolve, 100));
    inFlight--;
    if (entry.status === 429) return reply.code(429).header('retry-after', '0').send({ message: 'Too Many Attempts.' });
    return { status: 'success', message: 'deleted', data: null };
  });
  return { app, seen };
}

const resource = (kind: 'webhook' | 'product', id: number): CreatedResource => ({
  runId: RUN_ID,
  kind,
  id,
  name: `${RUN_ID} ${kind} ${id}`,
  sku: null,
  operation: kind === 'webhook' ? 'registerWebhook' : 'createServiceProduct',
  test: 'a test that made six',
  createdAt: new Date(Date.UTC(2026, 10, 29, 0, 0, id)).toISOString(),
});

test('a test’s resources are cleaned up at once, every webhook before any product; teardown’s sender asks a 429 again', async ({
  servers,
}) => {
  const target = deletingTarget(1);
  const baseUrl = (await servers.listen(target.app)).replace(/\/$/, '');
  const dir = mkdtempSync(path.join(tmpdir(), 'test-cleanup-'));
  const where = { reportFile: path.join(dir, 'created-resources.json'), runId: RUN_ID };
  const settings: CleanupSettings = {
    runId: RUN_ID,
    deletePaths: { webhook: '/webhooks/{id}', product: '/products/{id}' },
    offStatus: 0,
    offUrlBases: [undefined],
  };
  // Made in this order: products and webhooks interleaved, as a test makes them.
  const made = [resource('product', 1), resource('webhook', 2), resource('product', 3), resource('webhook', 4)];
  made.push(resource('product', 5), resource('webhook', 6), resource('product', 7), resource('product', 8));
  const send = sendOverHttp({ baseUrl, token: 'selftest', acceptLanguage: 'en', timeoutMs: 5_000 });

  await cleanUpAfterTest(made, settings, send, where);

  const journal = readJournal(where.reportFile, RUN_ID);
  rmSync(dir, { recursive: true, force: true });
  const paths = target.seen.map((s) => s.path);
  const lastWebhook = paths.findLastIndex((p) => p.startsWith('/webhooks/'));
  const firstProduct = paths.findIndex((p) => p.startsWith('/products/'));
  expect(lastWebhook, `every webhook's DELETE before any product's: ${paths.join(', ')}`).toBeLessThan(firstProduct);
  expect(
    target.seen.filter((s) => s.path.startsWith('/webhooks/')).map((s) => s.inFlight),
    'the three webhooks at once',
  ).toContain(3);
  expect(Math.max(...target.seen.map((s) => s.inFlight)), 'never more than four at once').toBe(4);
  expect(target.seen[0], 'the first answer was a 429').toMatchObject({ path: '/webhooks/6', status: 429 });
  expect(
    paths.filter((p) => p === '/webhooks/6'),
    'asked again after its 429',
  ).toHaveLength(2);
  expect(
    journal.steps.map((s) => `${s.kind} ${s.id} ${s.cleanup}`).sort(),
    'each resource deleted, and journaled once',
  ).toEqual(made.map((r) => `${r.kind} ${r.id} deleted`).sort());
});
