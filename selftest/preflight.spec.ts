/**
 * A target the suite cannot use stops the run before any test, within seconds, with one message that
 * says what is wrong: the suite is run as a user runs it (a child `playwright test`) against each kind
 * of unusable target, and judged by its exit code, its output and its wall time.
 */
import { once } from 'node:events';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import Fastify from 'fastify';
import { buildReference } from '../reference/app.ts';
import { REFERENCE_PROFILE } from '../support/config.ts';
import { runSuite, type RunResult } from '../scripts/lib/suite-run.ts';

const TOKEN = 'preflight-selftest-token-0123456789';
/**
 * Starting Playwright takes 1 to 3 s on an idle machine, and preflight waits at most 5 s for an answer;
 * the bound leaves room for a CI runner busy with the fault matrix. Without preflight the same runs
 * would take one request timeout per test: minutes.
 */
const WALL_TIME_LIMIT_MS = 30_000;

// One child run at a time: seven Playwright processes at once would measure the machine, not the suite.
test.describe.configure({ mode: 'default' });

/** Runs the suite against `baseUrl` and returns what it printed; asserts the run stopped early and quickly. */
async function runStopped(
  baseUrl: string,
  env: Record<string, string> = {},
): Promise<{ output: string; result: RunResult }> {
  const result = await runSuite({
    env: { BASE_URL: baseUrl, API_TOKEN: TOKEN, TARGET_PROFILE: REFERENCE_PROFILE, ...env },
    timeoutMs: 60_000,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  test.info().annotations.push({ type: 'wall time', description: `${Math.round(result.durationMs)} ms` });
  expect(result.exitCode, `exit code (output: ${output.slice(0, 2_000)})`).not.toBe(0);
  expect(
    result.tests.filter((t) => t.outcome !== 'skipped'),
    'tests that ran',
  ).toEqual([]);
  expect(result.durationMs, 'wall time of the run (ms)').toBeLessThan(WALL_TIME_LIMIT_MS);
  const messages = output.split('\n').filter((line) => line.startsWith('PreflightError: '));
  expect(messages, `one PreflightError line in the output:\n${output}`).toHaveLength(1);
  expect(output, 'no code frame or stack after the message').not.toMatch(/^\s+at .*preflight\.ts/m);
  expect(output, 'the token never appears').not.toContain(TOKEN);
  return { output: messages[0] ?? '', result };
}

/** A port on loopback where nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

test('an unreachable target stops the run with one message', async () => {
  const { output } = await runStopped(`http://127.0.0.1:${await closedPort()}`);
  expect(output).toMatch(
    /Target unreachable: GET http:\/\/127\.0\.0\.1:\d+\/api\/core\/v1\/webhooks\/events was refused.*Check BASE_URL/,
  );
});

test.describe('against the reference', () => {
  let url: string;
  let close: () => Promise<void>;
  test.beforeAll(async () => {
    const { app } = buildReference({ token: TOKEN });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    close = () => app.close();
  });
  test.afterAll(async () => close());

  test('a refused token stops the run with one message', async () => {
    const { output } = await runStopped(url, { API_TOKEN: 'not-the-token-0123456789' });
    expect(output).toMatch(/Target refused the token: GET \S+ answered 401.*Check API_TOKEN\./);
    expect(output, 'the wrong token never appears either').not.toContain('not-the-token-0123456789');
  });

  test('a base path that includes /api/core/v1 stops the run with one message', async () => {
    const { output } = await runStopped(`${url}/api/core/v1`);
    expect(output).toMatch(/answered 404\. Check that BASE_URL is the base address, without \/api\/core\/v1/);
  });

  test('a capture server the public URL does not reach stops the run with one message', async () => {
    const { output } = await runStopped(url, { CAPTURE_PUBLIC_URL: `http://127.0.0.1:${await closedPort()}` });
    expect(output).toMatch(
      /Capture server unreachable: GET http:\/\/127\.0\.0\.1:\d+\/… was refused.*Check CAPTURE_PUBLIC_URL/,
    );
    expect(output, 'the control path (and its token) is not shown').not.toContain('/_control/');
  });

  test('a wrong product list path stops the run with one message', async () => {
    const { output } = await runStopped(url, { PRODUCT_LIST_PATH: '/api/v2/products' });
    expect(output).toMatch(/no product list at \/api\/v2\/products: .* answered 404\. Check PRODUCT_LIST_PATH/);
  });
});

test('a target that accepts connections but never answers stops the run within seconds', async () => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { output } = await runStopped(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`);
    expect(output).toMatch(/Target does not answer: GET \S+ got no answer within \d+ ms/);
  } finally {
    for (const socket of sockets) socket.destroy();
    server.close();
  }
});

test('a web site instead of the API stops the run with one message', async () => {
  const site = Fastify();
  site.get('/*', async (_request, reply) =>
    reply.type('text/html').send('<!doctype html><html><body>Welcome to our shop</body></html>'),
  );
  const url = await site.listen({ host: '127.0.0.1', port: 0 });
  try {
    const { output } = await runStopped(url);
    expect(output).toMatch(
      /Target did not answer JSON: GET \S+ answered 200 \(content-type "text\/html", \d+ bytes\): "<!doctype html>/,
    );
  } finally {
    await site.close();
  }
});
