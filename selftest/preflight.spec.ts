/**
 * A target the suite cannot judge stops the run before any test, within seconds, with one message that
 * says what is wrong, and NO VERDICT (exit 2); a target that breaks one operation goes on to the tests.
 *
 * Each kind of target is put to preflight itself (support/run/preflight.ts, in this process: fast); a few
 * child runs (`playwright test`, as a user runs it) prove the rest end to end: a bad configuration and
 * an unreachable target each exit with 2 and write NO VERDICT, printing one clean message (no stack,
 * no code frame) within the wall-time bound, and a target whose Webhook Events alone answers 404 is judged.
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import type { TestInfo } from '@playwright/test';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildReference } from '../reference/app.ts';
import { parseConfig, REFERENCE_PROFILE } from '../support/run/config.ts';
import { Operations } from '../support/contract/operations.ts';
import { preflight, PREFLIGHT_TIMEOUT_MS, PreflightError, type PreflightOptions } from '../support/run/preflight.ts';
import { ConformanceReport } from '../support/report/report-format.ts';
import { runSuite } from './harness/suite-run.ts';
import { runDirectory } from './support/report-files.ts';
import { closedPort } from './support/closed-port.ts';

const TOKEN = 'preflight-selftest-token-0123456789';
/**
 * Starting Playwright takes 1 to 3 s on an idle machine, and preflight waits at most 5 s for an answer;
 * the bound leaves room for a CI runner busy with the fault matrix. Without preflight the same runs
 * would take one request timeout per test: minutes.
 */
const WALL_TIME_LIMIT_MS = 30_000;

// One child run at a time: several Playwright processes at once would measure the machine, not the suite.
test.describe.configure({ mode: 'default' });

/** The reference, except that the paths given answer the status given (with a JSON body), whatever is asked. */
function reference(answers: Record<string, number> = {}): FastifyInstance {
  const { app } = buildReference({ token: TOKEN });
  app.addHook('onRequest', async (request, reply) => {
    const status = answers[request.url.split('?')[0] ?? ''];
    if (status === undefined) return undefined;
    return reply.code(status).send({ message: `answered ${status} by the self test` });
  });
  return app;
}

const eventsPath = Operations.webhookEvents.path;

function configFor(baseUrl: string, env: Record<string, string> = {}) {
  return parseConfig({ BASE_URL: baseUrl, API_TOKEN: TOKEN, TARGET_PROFILE: REFERENCE_PROFILE, ...env });
}

/** Preflight's PreflightError for the target: one line, its stack its message, no token. */
async function stopped(
  baseUrl: string,
  env: Record<string, string> = {},
  options: PreflightOptions = {},
): Promise<string> {
  const error: unknown = await preflight(baseUrl, configFor(baseUrl, env), env.API_TOKEN ?? TOKEN, options).then(
    (notes) => new Error(`preflight let the run go on (notes: ${notes.join(' | ')})`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PreflightError);
  const { message, stack } = error as PreflightError;
  expect(message, 'one line').not.toContain('\n');
  expect(stack, 'no stack trace: Playwright prints it as is').toBe(`PreflightError: ${message}`);
  expect(message, 'the token never appears').not.toContain(TOKEN);
  return message;
}

test.describe('preflight stops the run when the token is refused everywhere', () => {
  test('a token refused by Webhook Events and by a protected operation that writes nothing', async ({ servers }) => {
    const url = await servers.listen(reference());
    const wrong = 'not-the-token-0123456789';
    const message = await stopped(url, { API_TOKEN: wrong });
    expect(message).toMatch(
      /^Target refused the token: GET \S+\/webhooks\/events answered 401.*, and PUT \S+\/webhooks\/2147483647 \(an unknown id, an empty body\) answered 401\. Check API_TOKEN\.$/,
    );
    expect(message, 'the wrong token never appears either').not.toContain(wrong);
  });

  test('a token refused with 400, the same answer as without any token, by two protected operations', async ({
    servers,
  }) => {
    // A target whose auth middleware answers 400 to a token it does not know, and to none.
    const { app } = buildReference({ token: TOKEN });
    app.addHook('onRequest', async (request, reply) => {
      const open = request.url.split('?')[0] === Operations.listProducts.path;
      if (!open && request.headers.authorization !== `Bearer ${TOKEN}`)
        return reply.code(400).send({ message: 'Invalid token.' });
      return undefined;
    });
    const url = await servers.listen(app);
    const message = await stopped(url, { API_TOKEN: 'not-the-token-0123456789' });
    expect(message).toMatch(
      /^Target answers as if it had no token: GET \S+\/webhooks\/events answered 400.*PUT \S+ \(an unknown id, an empty body\) answered 400, the same with the token as without any\. Check API_TOKEN\.$/,
    );
  });
});

test.describe('preflight stops the run when a setting misses the API: BASE_URL or PRODUCT_LIST_PATH', () => {
  test('a BASE_URL that includes /api/core/v1 (the list still answers there)', async ({ servers }) => {
    const url = await servers.listen(reference());
    expect(await stopped(`${url}/api/core/v1`)).toMatch(
      /answered 404\. BASE_URL should not include \/api\/core\/v1: set it to http:\/\/127\.0\.0\.1:\d+\.$/,
    );
  });

  test('a PRODUCT_LIST_PATH the target does not serve, at a path the spec does not show', async ({ servers }) => {
    const url = await servers.listen(reference());
    expect(await stopped(url, { PRODUCT_LIST_PATH: '/prodcuts' })).toMatch(
      /^PRODUCT_LIST_PATH: GET \S+\/prodcuts\S* answered 404 while Webhook Events answers; the spec gives \/products or \/api\/core\/v1\/products: set PRODUCT_LIST_PATH/,
    );
  });

  test('the list at the other path the spec shows: PRODUCT_LIST_PATH named, with the path that answers', async ({
    servers,
  }) => {
    const url = await servers.listen(reference({ '/products': 404 }));
    expect(await stopped(url)).toMatch(
      /^PRODUCT_LIST_PATH: GET \S+\/products\S* answered 404 .*GET \S+\/api\/core\/v1\/products\S* answers the list: set PRODUCT_LIST_PATH=\/api\/core\/v1\/products\.$/,
    );
  });
});

test.describe('preflight stops the run when what answers is not this API, or nothing answers', () => {
  test('neither Webhook Events nor the product list exists', async ({ servers }) => {
    const url = await servers.listen(Fastify());
    expect(await stopped(url)).toMatch(
      /^Target has neither \/api\/core\/v1\/webhooks\/events nor a product list: GET \S+ and GET \S+ both answered 404\. Check that BASE_URL is the base address .*PRODUCT_LIST_PATH\.$/,
    );
  });

  test('a web site instead of the API', async ({ servers }) => {
    const site = Fastify();
    site.get('/*', async (_request, reply) =>
      reply.type('text/html').send('<!doctype html><html><body>Welcome to our shop</body></html>'),
    );
    expect(await stopped(await servers.listen(site))).toMatch(
      /^Target did not answer JSON: GET \S+ answered 200 \(content-type "text\/html[^"]*", \d+ bytes\): "<!doctype html>.*not a web site\./,
    );
  });

  test('a redirect, and a server error', async ({ servers }) => {
    const moved = Fastify();
    moved.get('/*', async (_request, reply) => reply.redirect('https://api.example.com/', 302));
    expect(await stopped(await servers.listen(moved))).toMatch(
      /^Target redirects: GET \S+ answered 302 to https:\/\/api\.example\.com\/\. The suite does not follow redirects/,
    );
    const broken = Fastify();
    broken.get('/*', async (_request, reply) => reply.code(503).send({ message: 'down for maintenance' }));
    expect(await stopped(await servers.listen(broken))).toMatch(
      /^Target is not healthy: GET \S+ answered 503 .*maintenance/,
    );
  });

  test('a target that accepts connections but never answers, within one preflight timeout', async ({ servers }) => {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    servers.onClose(() => {
      for (const socket of sockets) socket.destroy();
      server.close();
    });
    const started = performance.now();
    const message = await stopped(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`);
    expect(message).toMatch(/^Target does not answer: GET \S+ got no answer within \d+ ms\. Check BASE_URL/);
    // Both probes wait at once: one timeout, not two.
    expect(performance.now() - started, 'ms').toBeLessThan(PREFLIGHT_TIMEOUT_MS + 2_000);
  });
});

test.describe('preflight stops the run when the capture server cannot be used', () => {
  test('a capture server the public URL does not reach', async ({ servers }) => {
    const url = await servers.listen(reference());
    const capture = `http://127.0.0.1:${await closedPort()}/_control/control-token-0123456789/health`;
    const message = await stopped(url, {}, { captureUrl: capture });
    expect(message).toMatch(
      /^Capture server unreachable: GET http:\/\/127\.0\.0\.1:\d+\/… was refused.*Check CAPTURE_PUBLIC_URL/,
    );
    expect(message, 'the control path (and its token) is not shown').not.toContain('/_control/');
  });

  test('a shared capture server (CAPTURE_URL) that is not there, is not a capture server, or refuses CAPTURE_CONTROL_TOKEN', async ({
    servers,
  }) => {
    const url = await servers.listen(reference());
    const token = 'right-control-token-0123456789';
    const capture = await servers.capture({ controlToken: token });
    const shared = (localUrl: string, controlToken: string): PreflightOptions => ({
      sharedCapture: { localUrl, publicUrl: localUrl, controlToken },
    });
    expect(await stopped(url, {}, shared(`http://127.0.0.1:${await closedPort()}`, token))).toMatch(
      /^Capture server unreachable: GET http:\/\/127\.0\.0\.1:\d+\/health was refused.*Check CAPTURE_URL/,
    );
    expect(await stopped(url, {}, shared(url, token)), 'the reference is no capture server').toMatch(
      /^No capture server at CAPTURE_URL: GET \S+\/health answered 404.*Check CAPTURE_URL/,
    );
    const wrong = 'wrong-control-token-0123456789';
    const message = await stopped(url, {}, shared(capture.url, wrong));
    expect(message).toMatch(
      /^Capture server at http:\/\/127\.0\.0\.1:\d+ refused CAPTURE_CONTROL_TOKEN: GET \S+\/_control\/…\/health answered 404\. Check CAPTURE_CONTROL_TOKEN: /,
    );
    expect(message, 'neither token is shown').not.toMatch(/right-control|wrong-control/);
    expect(await preflight(url, configFor(url), TOKEN, shared(capture.url, token)), 'the right token').toEqual([]);
  });
});

test.describe('preflight lets the tests judge a target that breaks one operation', () => {
  async function goesOn(url: string, env: Record<string, string> = {}): Promise<string[]> {
    return preflight(url, configFor(url, env), TOKEN);
  }

  test('Webhook Events alone answers 404', async ({ servers }) => {
    const url = await servers.listen(reference({ [eventsPath]: 404 }));
    expect(await goesOn(url)).toEqual([
      expect.stringMatching(
        /^Preflight: GET \S+\/webhooks\/events answered 404, while the product list answers: the run goes on/,
      ),
    ]);
  });

  test('the product list alone is missing at both paths the spec shows: its tests judge it', async ({ servers }) => {
    const url = await servers.listen(reference({ '/products': 404, '/api/core/v1/products': 404 }));
    expect(await goesOn(url)).toEqual([
      expect.stringMatching(/^Preflight: GET \S+\/products\S* answered 404, .*the run goes on/),
    ]);
  });

  test('Webhook Events alone answers 400 to any request, while the other protected operations take the token', async ({
    servers,
  }) => {
    const url = await servers.listen(reference({ [eventsPath]: 400 }));
    expect(await goesOn(url)).toEqual([
      expect.stringMatching(
        /^Preflight: GET \S+\/webhooks\/events answered 400, while the product list answers: the run goes on/,
      ),
    ]);
  });

  test('Webhook Events alone refuses the token, which the other protected operations take', async ({ servers }) => {
    const url = await servers.listen(reference({ [eventsPath]: 401 }));
    expect(await goesOn(url)).toEqual([
      expect.stringMatching(/^Preflight: GET \S+ answered 401 to the token, but PUT \S+ answered 404: .*goes on/),
    ]);
  });
});

/** Runs the suite as a user does, its reports kept; returns what it printed and its conformance report. */
async function runAsUser(testInfo: TestInfo, env: Record<string, string>, args: string[] = []) {
  const dir = await runDirectory(testInfo, 'preflight');
  const result = await runSuite({ env, args, keepReports: dir, timeoutMs: 120_000 });
  const output = `${result.stdout}\n${result.stderr}`;
  testInfo.annotations.push({ type: 'wall time', description: `${Math.round(result.durationMs)} ms` });
  const json: unknown = JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8'));
  return { result, output, report: ConformanceReport.parse(json) };
}

/** Asserts the run judged nothing: exit 2, NO VERDICT, one clean message, quickly. Returns that message. */
async function expectNoVerdict(testInfo: TestInfo, env: Record<string, string>, errorName: string) {
  const { result, output, report } = await runAsUser(testInfo, env);
  expect(result.exitCode, `exit code (output: ${output.slice(0, 2_000)})`).toBe(2);
  expect(
    result.tests.filter((t) => t.outcome !== 'skipped'),
    'tests that ran',
  ).toEqual([]);
  expect(result.durationMs, 'wall time of the run (ms)').toBeLessThan(WALL_TIME_LIMIT_MS);
  expect(report.verdict).toBe('NO VERDICT');
  expect(report.reasons).toEqual([expect.stringMatching(`^The run stopped before any test ran: ${errorName}: `)]);
  expect(output).toContain('\nConformance: NO VERDICT.');
  const headings = output.split('\n').filter((line) => line.startsWith(`${errorName}: `));
  expect(headings, `one ${errorName} in the output:\n${output}`).toHaveLength(1);
  expect(output, 'no stack trace').not.toMatch(/^\s+at /m);
  expect(output, 'no code frame').not.toMatch(/^\s*>?\s*\d+ \|/m);
  expect(output, 'the token never appears').not.toContain(TOKEN);
  return { output, report };
}

test.describe('end to end', () => {
  test('a bad configuration: exit 2, NO VERDICT, one ConfigError block', async ({}, testInfo) => {
    const { output, report } = await expectNoVerdict(
      testInfo,
      { API_TOKEN: TOKEN, TARGET_PROFILE: 'profiles/nope.json' },
      'ConfigError',
    );
    expect(output).toMatch(
      /^ConfigError: Invalid configuration:\n {2}- TARGET_PROFILE: \S+nope\.json does not exist\n/m,
    );
    expect(report.runErrors).toEqual([expect.stringContaining('nope.json does not exist')]);
  });

  test('an unknown REFERENCE_FAULTS name: exit 2, NO VERDICT, one ConfigError block naming it', async ({}, testInfo) => {
    const { output } = await expectNoVerdict(
      testInfo,
      { API_TOKEN: TOKEN, REFERENCE_FAULTS: 'nope,envelope-status-ok,typo' },
      'ConfigError',
    );
    expect(output).toMatch(
      /^ConfigError: Invalid configuration:\n {2}- REFERENCE_FAULTS: unknown fault\(s\) nope, typo \(the \d+ faults are defined in reference\/faults\/.*\)\n/m,
    );
  });

  test('an unreachable target: exit 2, NO VERDICT, one PreflightError line', async ({}, testInfo) => {
    const env = {
      BASE_URL: `http://127.0.0.1:${await closedPort()}`,
      API_TOKEN: TOKEN,
      TARGET_PROFILE: REFERENCE_PROFILE,
    };
    const { output } = await expectNoVerdict(testInfo, env, 'PreflightError');
    expect(output).toMatch(
      /^PreflightError: Target unreachable: GET http:\/\/127\.0\.0\.1:\d+\/api\/core\/v1\/webhooks\/events was refused.*Check BASE_URL/m,
    );
  });

  test('a target whose Webhook Events alone answers 404 is judged: NOT CONFORMANT, naming the clause', async ({
    servers,
  }, testInfo) => {
    const url = await servers.listen(reference({ [eventsPath]: 404 }));
    const { result, output, report } = await runAsUser(
      testInfo,
      { BASE_URL: url, API_TOKEN: TOKEN, TARGET_PROFILE: REFERENCE_PROFILE },
      // Its status test is among the convention tests of every operation.
      ['--grep', Operations.webhookEvents.tag],
    );
    expect(result.tests.length, `tests that ran (output: ${output.slice(0, 2_000)})`).toBeGreaterThan(0);
    expect(result.exitCode).toBe(1);
    expect(output).toMatch(/^Preflight: GET \S+\/webhooks\/events answered 404, .*the run goes on/m);
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.failingClauses.map((c) => c.id)).toContain(Operations.webhookEvents.successClause);
  });
});
