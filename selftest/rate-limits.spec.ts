/**
 * Rate limits are not shown: a target answering 429 (Too Many Requests) is asked again after the wait
 * its Retry-After gives (bounded), a few times, before its answer stands (support/client/store-api.ts).
 */
import Fastify from 'fastify';
import { retryAfterMs, StoreApi } from '../support/client/store-api.ts';
import { expect, test } from './fixtures.ts';

/** A target answering Webhook Events 429 the first `limited` times, then 200. */
function limitingTarget(limited: number) {
  const app = Fastify({ logger: false });
  let asked = 0;
  app.get('/api/core/v1/webhooks/events', async (_request, reply) => {
    asked++;
    if (asked <= limited) return reply.code(429).header('retry-after', '0').send({ message: 'Too Many Attempts.' });
    return { status: 'success', message: 'ok', data: [] };
  });
  return { app, asked: () => asked };
}

for (const [limited, status, asked] of [
  [2, 200, 3],
  [10, 429, 4],
] as const) {
  test(`a target answering 429 ${limited} times: the answer is ${status}, after ${asked} requests`, async ({
    playwright,
    servers,
  }) => {
    const target = limitingTarget(limited);
    const baseUrl = await servers.listen(target.app);
    const context = await playwright.request.newContext();
    const api = new StoreApi(context, {
      target: { baseUrl, productListPath: '/api/core/v1/products', acceptLanguage: 'en', token: undefined },
      requestTimeoutMs: 5_000,
    });
    const response = await api.webhookEvents();
    await context.dispose();
    expect([response.status, target.asked()]).toEqual([status, asked]);
  });
}

test('Retry-After is read as seconds or as an HTTP date, and bounded', () => {
  const now = Date.parse('2026-11-23T06:00:00Z');
  expect(retryAfterMs('2', now)).toBe(2_000);
  expect(retryAfterMs('Mon, 23 Nov 2026 06:00:03 GMT', now)).toBe(3_000);
  expect(retryAfterMs('3600', now), 'bounded').toBe(5_000);
  expect(retryAfterMs(undefined, now), 'absent').toBe(1_000);
  expect(retryAfterMs('soon', now), 'unreadable').toBe(1_000);
  expect(retryAfterMs('Mon, 23 Nov 2026 05:00:00 GMT', now), 'in the past').toBe(0);
});
