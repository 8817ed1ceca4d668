/**
 * The global `fetch` refuses the fetch spec's "bad ports" (6000, 5060, 6665-6669, 10080, …) without
 * connecting, while the tests' own client (Playwright's) talks to any port. The runner's own calls
 * (support/client/http.ts) must too: a target, a capture server and a webhook receiver there are answered
 * like any other, not called unreachable.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, SELFTEST_TOKEN, test, type TestServers } from './fixtures.ts';
import { buildReference } from '../reference/app.ts';
import type { WebhookRecord } from '../reference/store.ts';
import { CaptureClient } from '../support/capture/client.ts';
import { anyDelivery } from '../support/capture/delivery.ts';
import { CONTROL_PREFIX, HEALTH_PATH } from '../support/capture/protocol.ts';
import { buildCaptureServer } from '../support/capture/server.ts';
import { parseConfig, REFERENCE_PROFILE } from '../support/run/config.ts';
import { preflight } from '../support/run/preflight.ts';

/** Ports a user may listen on (above 1023) that fetch refuses. */
const BAD_PORTS = [6000, 6665, 6666, 6667, 6668, 6669, 6697, 10080, 5060, 5061, 6566, 6679, 4190, 3659, 2049];

/** Listens on the first bad port that is free (another run may hold one); closed at the test's end. */
async function listenOnBadPort(servers: TestServers, app: FastifyInstance): Promise<string> {
  for (const port of BAD_PORTS) {
    try {
      const url = await app.listen({ host: '127.0.0.1', port });
      servers.onClose(() => app.close());
      return url;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`every one of ports ${BAD_PORTS.join(', ')} is taken`);
}

test('fetch itself refuses them: the reason for support/client/http.ts', async () => {
  const failure: unknown = await fetch('http://127.0.0.1:6000/').catch((e: unknown) => e);
  expect(String((failure as Error).cause)).toContain('bad port');
});

test('preflight, the capture client and the reference deliveries work on bad ports', async ({ servers }) => {
  const { app, deliveries } = buildReference({ token: SELFTEST_TOKEN });
  const targetUrl = await listenOnBadPort(servers, app);
  const controlToken = randomBytes(16).toString('hex');
  const captureUrl = await listenOnBadPort(servers, buildCaptureServer({ controlToken }).app);
  expect(new URL(targetUrl).port).not.toBe(new URL(captureUrl).port);

  const config = parseConfig({ BASE_URL: targetUrl, API_TOKEN: SELFTEST_TOKEN, TARGET_PROFILE: REFERENCE_PROFILE });
  const health = `${captureUrl}${CONTROL_PREFIX}/${controlToken}${HEALTH_PATH}`;
  expect(await preflight(targetUrl, config, SELFTEST_TOKEN, { captureUrl: health }), 'no note, no error').toEqual([]);

  const client = new CaptureClient({ localUrl: captureUrl, publicUrl: captureUrl, controlToken });
  const inbox = await client.openInbox();
  const webhook: WebhookRecord = {
    id: 1,
    name: 'bad port',
    url: inbox.url,
    method_type: 'POST',
    status: 1,
    secret: `whsec_${randomBytes(24).toString('base64')}`,
    events: [{ id: 1, event_name: 'product.created', created_at: new Date() }],
    deliveries: 0,
    created_at: new Date(),
    updated_at: new Date(),
  };
  deliveries.emit('product.created', { id: 1 }, [webhook]);
  const delivery = await inbox.waitFor(anyDelivery, { timeoutMs: 5_000 });
  expect(delivery.method).toBe('POST');
  await inbox.close();
});
