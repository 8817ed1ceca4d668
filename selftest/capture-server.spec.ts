/**
 * The capture server (support/capture/): it keeps deliveries exactly, wakes waits at once, answers as
 * told, refuses what it must (unknown inboxes, oversized bodies, floods, a wrong control token) and
 * keeps serving whatever is thrown at it. Each test starts its own server on a free port.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { test as base, expect, SELFTEST_TOKEN, type TestServers } from './fixtures.ts';
import { CaptureClient, CaptureError, InboxPool, NothingArrived } from '../support/capture/client.ts';
import { anyDelivery, deliveryMatching } from '../support/capture/delivery.ts';
import type { CaptureServer } from '../support/capture/server.ts';
import {
  CAPTURE_SERVICE,
  CONTROL_PREFIX,
  DROP_PREFIX,
  HEALTH_PATH,
  type CaptureLimits,
} from '../support/capture/protocol.ts';
import { describeStandalone, startStandaloneCapture } from '../support/capture/standalone.ts';

interface Running {
  readonly url: string;
  readonly token: string;
  readonly server: CaptureServer;
  readonly client: CaptureClient;
  readonly pool: InboxPool;
}

/** A capture server for this test (closed at its end), with a client and an inbox pool. */
async function start(servers: TestServers, limits: Partial<CaptureLimits> = {}): Promise<Running> {
  const token = randomBytes(16).toString('hex');
  const { url, server } = await servers.capture({ controlToken: token, limits });
  const client = new CaptureClient({ localUrl: url, publicUrl: url, controlToken: token });
  return { url, token, server, client, pool: new InboxPool(client) };
}

const test = base.extend<{ capture: Running }>({
  capture: async ({ servers }, use) => {
    const running = await start(servers);
    await use(running);
    await running.pool.close();
  },
});

/** A raw HTTP request (any method, any bytes) answered with its status; `-1` if the connection failed. */
function rawRequest(
  url: string,
  method: string,
  body?: Buffer | string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<number> {
  return new Promise((resolve) => {
    // A fresh connection per request unless an agent is given: a reused socket the server closed is not its failure.
    // Node sends the body of a GET or DELETE without a Content-Length unless given one.
    const framed = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const request = http.request(
      url,
      { method, headers: { ...framed, ...headers }, agent: agent ?? false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? -1));
      },
    );
    request.on('error', () => resolve(-1));
    request.end(body);
  });
}

/** Writes bytes straight onto a TCP connection and waits for the server to answer or hang up. */
function rawSocket(port: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    socket.on('data', () => undefined);
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

const portOf = (url: string) => Number(new URL(url).port);

test('keeps a delivery exactly: method, path, headers, raw body bytes and arrival time', async ({ capture }) => {
  const inbox = await capture.pool.open();
  const body = Buffer.concat([Buffer.from('{"a":1,  "b":"é"}'), Buffer.from([0xff, 0x00, 0xfe])]);
  const before = performance.timeOrigin + performance.now();
  const waiting = inbox.waitFor(anyDelivery, { timeoutMs: 5_000 });
  const status = await rawRequest(`${inbox.localUrl}/sub/path?x=1`, 'PUT', body, {
    'content-type': 'application/json; charset=utf-8',
    'x-custom': 'One',
    'X-Repeated': 'a',
  });
  const delivery = await waiting;
  expect(status).toBe(200);
  expect(delivery.method).toBe('PUT');
  expect(delivery.url).toBe(`/in/${inbox.id}/sub/path?x=1`);
  expect(delivery.header('Content-Type')).toBe('application/json; charset=utf-8');
  expect(delivery.header('x-custom')).toBe('One');
  expect(delivery.body.equals(body), 'body bytes unchanged').toBe(true);
  expect(delivery.receivedAt).toBeGreaterThanOrEqual(before);
  expect(delivery.answeredWith).toBe(200);
});

test('keeps the exact body bytes of a GET, a DELETE, a HEAD and methods fastify does not route by default', async ({
  capture,
}) => {
  // A target delivering with another method than POST still sends its payload: the test must see it.
  const inbox = await capture.pool.open();
  const body = (method: string) =>
    Buffer.concat([Buffer.from(`{"method":"${method}","é":1}`), Buffer.from([0xff, 0x00, 0xfe])]);
  const sent: [string, Record<string, string>][] = [
    ['GET', { 'content-type': 'application/json' }],
    ['DELETE', { 'content-type': 'application/json' }],
    ['HEAD', { 'content-type': 'application/json' }],
    ['GET', {}],
    ['LINK', { 'content-type': 'application/json' }],
    ['QUERY', {}],
  ];
  for (const [method, headers] of sent)
    expect(await rawRequest(`${inbox.localUrl}/m`, method, body(method), headers), method).toBe(200);
  const received = await inbox.received();
  expect(
    received.map((d) => [d.method, d.contentType, d.body.equals(body(d.method))]),
    'method, content type, and whether the body bytes are unchanged',
  ).toEqual(sent.map(([method, headers]) => [method, headers['content-type'] ?? '', true]));
  // And one without a body is kept as one.
  expect(await rawRequest(inbox.localUrl, 'GET')).toBe(200);
  expect((await inbox.received()).at(-1)?.body.length).toBe(0);
});

test('keeps a delivery whose Content-Type is malformed, and one with none', async ({ capture }) => {
  const inbox = await capture.pool.open();
  expect(await rawRequest(inbox.localUrl, 'POST', 'x=1', { 'content-type': 'not a media type' })).toBe(200);
  expect(await rawRequest(inbox.localUrl, 'POST', 'raw')).toBe(200);
  const received = await inbox.received();
  expect(received.map((d) => [d.contentType, d.text()])).toEqual([
    ['not a media type', 'x=1'],
    ['', 'raw'],
  ]);
});

test('answers 404 to an unknown inbox and to a wrong control token', async ({ capture }) => {
  expect(await rawRequest(`${capture.url}/in/${'0'.repeat(32)}`, 'POST', '{}')).toBe(404);
  expect(await rawRequest(`${capture.url}/in/not-an-id`, 'POST', '{}')).toBe(404);
  expect(await rawRequest(`${capture.url}${CONTROL_PREFIX}/${'f'.repeat(32)}/inboxes`, 'POST')).toBe(404);
  expect(await rawRequest(`${capture.url}${CONTROL_PREFIX}/${capture.token}/health`, 'GET')).toBe(200);
  const inbox = await capture.pool.open();
  await inbox.close();
  expect(await rawRequest(inbox.localUrl, 'POST', '{}'), 'a closed inbox is unknown').toBe(404);
});

test('answers 200 at the drop path, whatever the method and body, and keeps nothing', async ({ capture }) => {
  const inbox = await capture.pool.open();
  for (const method of ['POST', 'PUT', 'GET'])
    expect(
      await rawRequest(`${capture.url}${DROP_PREFIX}/run-1/abc`, method, '{"type":"product.created"}'),
      method,
    ).toBe(200);
  expect(await rawRequest(`${capture.url}${DROP_PREFIX}`, 'POST', 'x'), 'the drop path itself').toBe(200);
  expect(await inbox.received(), 'deliveries kept by an inbox').toEqual([]);
  expect(capture.server.inboxes.size, 'inboxes').toBe(1);
});

test('closes inboxes open longer than maxInboxAgeMs when the next one opens', async ({ servers }) => {
  const running = await start(servers, { maxInboxAgeMs: 50 });
  const old = await running.pool.open();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const young = await running.pool.open();
  expect(await rawRequest(old.localUrl, 'POST', '{}'), 'the old inbox is gone').toBe(404);
  expect(await rawRequest(young.localUrl, 'POST', '{}'), 'the new one receives').toBe(200);
  await running.pool.close();
});

test('on its own (npm run capture): /health without the token, usage per label, the token printed once, closed when idle', async ({
  servers,
}) => {
  // Idle from its start until a control call: long enough for a busy machine to reach it first.
  const capture = await startStandaloneCapture({ host: '127.0.0.1', port: 0, exitWhenIdleMs: 3_000 });
  servers.onClose(() => capture.close());
  const { localUrl, controlToken } = capture.endpoint;
  for (const label of ['run-a shard 1/2', 'run-a shard 2/2']) {
    const pool = new InboxPool(new CaptureClient(capture.endpoint, label));
    const inbox = await pool.open();
    expect(await rawRequest(inbox.localUrl, 'POST', '{}')).toBe(200);
    await pool.close();
  }
  expect(capture.usage()).toEqual([
    { label: 'run-a shard 1/2', inboxes: 1, deliveries: 1 },
    { label: 'run-a shard 2/2', inboxes: 1, deliveries: 1 },
  ]);

  const health = await fetch(`${localUrl}${HEALTH_PATH}`);
  expect([health.status, await health.json()]).toEqual([200, { ok: true, service: CAPTURE_SERVICE }]);

  const printed = describeStandalone(capture, { host: '127.0.0.1' });
  expect(printed.filter((line) => line.includes(controlToken))).toEqual([`CAPTURE_CONTROL_TOKEN=${controlToken}`]);
  const toFile = describeStandalone(capture, { host: '127.0.0.1', tokenFile: '/tmp/capture.token' });
  expect(toFile.join('\n')).not.toContain(controlToken);

  const started = performance.now();
  expect(await capture.closed, 'it closes itself once its control API is unused for 3 s').toBe('idle');
  expect(performance.now() - started).toBeLessThan(10_000);
});

test('answers 413 to a body over 1 MiB, counts it, and keeps serving', async ({ capture }) => {
  const inbox = await capture.pool.open();
  expect(
    await rawRequest(inbox.localUrl, 'POST', Buffer.alloc(1024 * 1024 + 1, 0x61), {
      'content-type': 'application/json',
    }),
  ).toBe(413);
  expect(
    await rawRequest(inbox.localUrl, 'POST', Buffer.alloc(1024 * 1024, 0x61), { 'content-type': 'application/json' }),
    'exactly 1 MiB is kept',
  ).toBe(200);
  const timedOut = inbox.waitFor(
    deliveryMatching('a delivery that never comes', () => false),
    { timeoutMs: 200 },
  );
  await expect(timedOut).rejects.toThrow(/larger than the capture server's body limit \(413\)/);
});

test('answers as told: 500 the first two times, then 200', async ({ capture }) => {
  const inbox = await capture.pool.open();
  await inbox.answer({ status: 500, times: 2 });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push(await rawRequest(inbox.localUrl, 'POST', `{"n":${i}}`));
  expect(statuses).toEqual([500, 500, 200, 200]);
  expect((await inbox.received()).map((d) => d.answeredWith)).toEqual([500, 500, 200, 200]);
});

test('lets a test watch the reference retry a delivery its inbox refused', async ({ capture, servers }) => {
  const { app, store, deliveries } = servers.built({ deliveries: { firstRetryDelayMs: 10 } });
  const inbox = await capture.pool.open();
  await inbox.answer({ status: 503, times: 1 });
  const register = await app.inject({
    method: 'POST',
    url: '/api/core/v1/webhooks',
    headers: { authorization: `Bearer ${SELFTEST_TOKEN}` },
    payload: { name: 'retry', url: inbox.url, method_type: 'POST', events: ['product.created'], status: 1 },
  });
  expect(register.statusCode).toBe(201);
  deliveries.emit('product.created', { id: 1 }, store.webhooks.values());
  const second = await inbox.waitFor(
    deliveryMatching('the second attempt', (d) => d.seq === 1),
    { timeoutMs: 5_000 },
  );
  const [first] = await inbox.received();
  expect(first?.answeredWith).toBe(503);
  expect(second.answeredWith).toBe(200);
  expect(second.header('webhook-id'), 'a retry keeps the message id').toBe(first?.header('webhook-id'));
});

test('wakes a wait the moment a delivery arrives, whoever else is waiting', async ({ capture }) => {
  const [a, b] = [await capture.pool.open(), await capture.pool.open()];
  const waitA = a.waitFor(
    deliveryMatching('body "for a"', (d) => d.text() === 'for a'),
    { timeoutMs: 5_000 },
  );
  const waitB = b.waitFor(anyDelivery, { timeoutMs: 5_000 });
  await rawRequest(b.localUrl, 'POST', 'for b');
  await rawRequest(a.localUrl, 'POST', 'not it');
  await rawRequest(a.localUrl, 'POST', 'for a');
  const [gotA, gotB] = await Promise.all([waitA, waitB]);
  expect(gotA.text()).toBe('for a');
  expect(gotB.text(), "inboxes never see each other's deliveries").toBe('for b');
  const woke = performance.timeOrigin + performance.now();
  expect(woke - gotA.receivedAt, 'wake-up delay in ms').toBeLessThan(1_000);
});

test('a timed-out wait names what it expected and lists what did arrive', async ({ capture }) => {
  const inbox = await capture.pool.open();
  await rawRequest(inbox.localUrl, 'POST', '{"event":"order.created"}', { 'content-type': 'application/json' });
  const error = await inbox
    .waitFor(
      deliveryMatching('a delivery about product 42', () => false),
      { timeoutMs: 300 },
    )
    .catch((e: Error) => e);
  // What the target did not send: the one CaptureError a watch of deliveries keeps as "none came" (fixtures/deliveries.ts).
  expect(error).toBeInstanceOf(NothingArrived);
  const message = (error as Error).message;
  expect(message).toContain('No delivery matching a delivery about product 42 arrived');
  expect(message).toContain('1 delivery arrived there');
  expect(message).toMatch(
    /#0 POST \/in\/[0-9a-f]{6}… content-type "application\/json", 25 bytes, answered 200: "\{\\"event\\":\\"order.created\\"\}"/,
  );
});

test('expectNone fails as soon as an unwanted delivery arrives, and passes after a quiet window', async ({
  capture,
}) => {
  const inbox = await capture.pool.open();
  await inbox.expectNone(anyDelivery, { withinMs: 100 });
  const started = performance.now();
  const none = inbox.expectNone(
    deliveryMatching('body "bad"', (d) => d.text() === 'bad'),
    { withinMs: 10_000 },
  );
  await rawRequest(inbox.localUrl, 'POST', 'bad');
  await expect(none).rejects.toThrow(/Expected no delivery matching body "bad"/);
  expect(performance.now() - started, 'failed at arrival, not at the end of the window').toBeLessThan(5_000);
});

test('a pending wait ends with its test, naming what never arrived', async ({ capture }) => {
  const pool = new InboxPool(capture.client);
  const inbox = await pool.open();
  const pending = inbox.waitFor(
    deliveryMatching('the delivery nobody sends', () => false),
    { timeoutMs: 60_000 },
  );
  await pool.close();
  const error = await pending.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CaptureError);
  expect(error, 'the end of the test is no delivery that did not come').not.toBeInstanceOf(NothingArrived);
  expect((error as Error).message).toMatch(
    /The test ended while waiting for a delivery matching the delivery nobody sends/,
  );
});

test('closing the server ends held waits at once', async ({ servers }) => {
  const running = await start(servers);
  const inbox = await running.pool.open();
  const pending = inbox.waitFor(anyDelivery, { timeoutMs: 60_000 });
  const started = performance.now();
  await running.server.app.close();
  const error = await pending.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CaptureError);
  expect(error, "the capture server's own failure is no delivery that did not come").not.toBeInstanceOf(NothingArrived);
  expect(performance.now() - started).toBeLessThan(5_000);
});

test('caps what one inbox stores: a flood gets 429 and is counted', async ({ servers }) => {
  const running = await start(servers, { maxDeliveriesPerInbox: 5 });
  const inbox = await running.pool.open();
  const statuses = [];
  for (let i = 0; i < 8; i++) statuses.push(await rawRequest(inbox.localUrl, 'POST', String(i)));
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  expect((await inbox.received()).length).toBe(5);
  await running.pool.close();
});

test('survives garbage and keeps serving: random bytes, wrong methods, bad URLs, 10,000 small requests', async ({
  capture,
}) => {
  test.setTimeout(120_000);
  const inbox = await capture.pool.open();
  await sendGarbage(portOf(capture.url), inbox.id);
  await sendWrongRequests(capture, inbox.id);
  const statuses = await flood(capture, inbox.localUrl);
  expect([...statuses.keys()].sort(), `statuses seen: ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([
    200, 404, 429,
  ]);

  // Still serving: a new inbox receives and a wait wakes.
  const after = await capture.pool.open();
  const waiting = after.waitFor(anyDelivery, { timeoutMs: 5_000 });
  expect(await rawRequest(after.localUrl, 'POST', 'still here')).toBe(200);
  expect((await waiting).text()).toBe('still here');
  expect((await inbox.received()).length, 'the flooded inbox kept its cap').toBe(1_000);
});

/** Not HTTP at all, broken HTTP, and HTTP with lies in it, each on a connection of its own. */
async function sendGarbage(port: number, inboxId: string): Promise<void> {
  const garbage = [
    ...Array.from({ length: 50 }, () => randomBytes(1 + Math.floor(Math.random() * 4096))),
    Buffer.from('GET / HTTP/1.1\r\n\r\n'),
    Buffer.from('POST /in/ HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\nshort'),
    Buffer.from(
      `POST /in/${inboxId} HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ),
    Buffer.from(`POST /in/${inboxId} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`),
    Buffer.from(`GET /%%%% HTTP/1.1\r\nHost: x\r\n\r\n`),
    Buffer.from(`GET ${'/a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    Buffer.from(`GET / HTTP/1.1\r\n${'X-A: b\r\n'.repeat(5_000)}\r\n`),
    Buffer.from('\r\n\r\n\r\n'),
  ];
  await Promise.all(garbage.map((bytes) => rawSocket(port, bytes)));
}

/** Methods nobody should send, at every kind of path, answered below 500; bad control calls answered 400. */
async function sendWrongRequests(capture: Running, inboxId: string): Promise<void> {
  const control = `${capture.url}${CONTROL_PREFIX}/${capture.token}`;
  const methods = ['PROPFIND', 'MKCOL', 'SEARCH', 'OPTIONS', 'DELETE', 'PATCH', 'LOCK', 'PURGE'];
  for (const method of methods) {
    for (const path of [
      `${control}/inboxes`,
      `${control}/health`,
      `${capture.url}/`,
      `${capture.url}/in/${'a'.repeat(32)}`,
      `${capture.url}${CONTROL_PREFIX}/x/inboxes`,
    ]) {
      const status = await rawRequest(path, method);
      expect(status, `${method} ${path.replace(capture.token, '<token>')}`).toBeGreaterThanOrEqual(200);
      expect(status, `${method} ${path.replace(capture.token, '<token>')}`).toBeLessThan(500);
    }
  }
  expect(
    await rawRequest(`${control}/inboxes/${inboxId}/answer`, 'PUT', '{"status":"x"}', {
      'content-type': 'application/json',
    }),
  ).toBe(400);
  expect(await rawRequest(`${control}/inboxes/${inboxId}/wait?after=-1`, 'GET')).toBe(400);
  expect(await rawRequest(`${control}/inboxes`, 'POST', '{not json', { 'content-type': 'application/json' })).toBe(400);
}

/**
 * 10,000 small requests, 50 at a time on kept-alive sockets: deliveries (until the inbox is full), unknown
 * inboxes, control calls. How many got each status.
 */
async function flood(capture: Running, inboxUrl: string): Promise<Map<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const targets = [
    inboxUrl,
    `${capture.url}/in/${'b'.repeat(32)}`,
    `${capture.url}${CONTROL_PREFIX}/${capture.token}/health`,
    `${capture.url}/nowhere`,
  ];
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < 10_000) {
        const i = next++;
        const [method, body] = i % 4 === 2 ? ['GET', undefined] : ['POST', `{"i":${i}}`];
        const status = await rawRequest(
          targets[i % targets.length]!,
          method,
          body,
          body ? { 'content-type': 'application/json' } : {},
          agent,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return statuses;
}
