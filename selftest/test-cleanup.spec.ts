/**
 * A test's own cleanup (support/run/store-cleanup.ts `cleanUpAfterTest`): its resources at once, every
 * webhook before any product, each step journaled; one at a time once the store answers one of them 429.
 * Sent as teardown sends (`sendOverHttp`, which asks a 429 again as its Retry-After says), and as a test
 * sends (fixtures/target.ts: no second asking within the test's time, the step left to teardown).
 */
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { httpRequest } from '../support/client/http.ts';
import { readJournal, type CreatedResource } from '../support/run/created-resources.ts';
import { cleanUpAfterTest, sendOverHttp, type CleanupSettings, type Send } from '../support/run/store-cleanup.ts';
import { expect, test } from './fixtures.ts';

const RUN_ID = 'conf-20261129-0000-c1ea';

/**
 * A target that answers DELETE alone, noting how many were in flight as each arrived. Each is held until
 * `together` of its kind are in flight, or `holdMs`, so that requests sent at once are seen at once on a
 * loaded machine too. The first DELETE of `limitedPath` is answered 429.
 */
function deletingTarget(together: { webhooks: number; products: number }, limitedPath: string, holdMs: number) {
  const app = Fastify({ logger: false });
  const seen: { path: string; inFlight: number; status: number }[] = [];
  const held: (() => void)[] = [];
  let inFlight = 0;
  app.delete('/*', async (request, reply) => {
    inFlight++;
    const limited = request.url === limitedPath && !seen.some((s) => s.path === limitedPath);
    seen.push({ path: request.url, inFlight, status: limited ? 429 : 200 });
    const wanted = request.url.startsWith('/webhooks/') ? together.webhooks : together.products;
    await new Promise<void>((resolve) => {
      held.push(resolve);
      if (inFlight >= wanted) for (const release of held.splice(0)) release();
      else setTimeout(resolve, holdMs);
    });
    inFlight--;
    if (limited) return reply.code(429).header('retry-after', '0').send({ message: 'Too Many Attempts.' });
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
  test: 'a test that made eight',
  createdAt: new Date(Date.UTC(2026, 10, 29, 0, 0, id)).toISOString(),
});

const settings: CleanupSettings = {
  runId: RUN_ID,
  deletePaths: { webhook: '/webhooks/{id}', product: '/products/{id}' },
  offStatus: 0,
  offUrlBases: [undefined],
};

/** Made in this order: products and webhooks interleaved, as a test makes them. */
const made = [
  resource('product', 1),
  resource('webhook', 2),
  resource('product', 3),
  resource('webhook', 4),
  resource('product', 5),
  resource('webhook', 6),
  resource('product', 7),
  resource('product', 8),
];

/** Cleans up `made` through `send`: what the target saw, and the journal's step for each resource. */
async function cleanUp(send: Send, seen: readonly { path: string; inFlight: number; status: number }[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'test-cleanup-'));
  const where = { reportFile: path.join(dir, 'created-resources.json'), runId: RUN_ID };
  try {
    await cleanUpAfterTest(made, settings, send, where);
    const steps = readJournal(where.reportFile, RUN_ID).steps.map((s) => `${s.kind} ${s.id} ${s.cleanup}`);
    const paths = seen.map((s) => s.path);
    const inFlight = (prefix: string) =>
      Math.max(...seen.filter((s) => s.path.startsWith(prefix)).map((s) => s.inFlight));
    return {
      steps: steps.sort(),
      webhooksBeforeProducts:
        paths.findLastIndex((p) => p.startsWith('/webhooks/')) < paths.findIndex((p) => p.startsWith('/products/')),
      atOnce: { webhooks: inFlight('/webhooks/'), products: inFlight('/products/') },
      asked: (p: string) => paths.filter((q) => q === p).length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a test’s resources are cleaned up at once, every webhook before any product; teardown’s sender asks a 429 again', async ({
  servers,
}) => {
  const target = deletingTarget({ webhooks: 3, products: 4 }, '/webhooks/6', 2_000);
  const baseUrl = (await servers.listen(target.app)).replace(/\/$/, '');
  const send = sendOverHttp({ baseUrl, token: 'selftest', acceptLanguage: 'en', timeoutMs: 10_000 });

  const seen = await cleanUp(send, target.seen);

  expect(seen.webhooksBeforeProducts, 'every webhook’s DELETE before any product’s').toBe(true);
  expect(seen.atOnce, 'the three webhooks at once, then four products at once: never more').toEqual({
    webhooks: 3,
    products: 4,
  });
  expect(seen.asked('/webhooks/6'), 'asked again after its 429').toBe(2);
  expect(seen.steps, 'each resource deleted, and journaled once').toEqual(
    made.map((r) => `${r.kind} ${r.id} deleted`).sort(),
  );
});

test('a test’s own cleanup, answered 429, leaves that webhook to teardown and sends the rest one at a time', async ({
  servers,
}) => {
  // Products sent one at a time are each held a while alone; sent at once, they would be seen together.
  const target = deletingTarget({ webhooks: 3, products: 4 }, '/webhooks/6', 150);
  const baseUrl = (await servers.listen(target.app)).replace(/\/$/, '');
  // As a test's teardown sends (fixtures/target.ts): once, whatever the answer.
  const send: Send = async (method, sent) => {
    const response = await httpRequest(`${baseUrl}${sent}`, { method, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, text: await response.text() };
  };

  const seen = await cleanUp(send, target.seen);

  expect(seen.asked('/webhooks/6'), 'not asked again within the test').toBe(1);
  expect(seen.atOnce.products, 'the products one at a time once a 429 came').toBe(1);
  expect(seen.steps, 'the refused webhook left to teardown, the rest deleted').toEqual(
    made.map((r) => `${r.kind} ${r.id} ${r.id === 6 ? 'left' : 'deleted'}`).sort(),
  );
});
