/**
 * A broken target gives clear failures, never a hang: part of the conformance suite (CHAOS_SPECS) runs against the
 * chaos target (selftest/chaos/chaos-target.ts), which answers each route in turn with an HTML error
 * page, an empty body, truncated JSON, a 500, a huge body, or nothing at all. Every failure must say
 * what the target did (status, content type, first bytes, or the timeout), no test may run into
 * Playwright's test timeout, and the run must end within a set bound.
 */
import path from 'node:path';
import { expect, test, WHOLE_SUITE } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { REFERENCE_PROFILE } from '../support/run/config.ts';
import { buildChaosTarget, ChaosModes, HUGE_BODY_BYTES, type ChaosMode } from './chaos/chaos-target.ts';
import { runSuite } from './harness/suite-run.ts';

const TOKEN = 'chaos-selftest-token-0123456789';
const REQUEST_TIMEOUT_MS = 1_500;
/**
 * The specs run against it: every operation (the success answers of each), the list and the webhook
 * specs, each route answered in every mode several times over (the modes cycle per route). Each failure
 * restarts a worker, so more specs would cost more and show nothing more.
 */
const CHAOS_SPECS = [
  'tests/conventions/',
  'tests/webhooks/register-webhook.spec.ts',
  'tests/webhooks/webhook-events.spec.ts',
  'tests/products/list-products.spec.ts',
];
/**
 * A bound on the whole run, start to end, that only a hang would cross (a test that hung instead of
 * failing on the request timeout also shows as a test timeout, checked below). About 30 tests fail and
 * each restarts a worker: the run takes well under a minute on an idle 2-core machine.
 */
const WALL_TIME_LIMIT_MS = 15 * 60_000;

/** The forms a failure caused by a broken answer takes: each names the request and what came back. */
const READABLE: readonly RegExp[] = [
  /answered \d{3} with an empty body \(content-type/,
  /answered \d{3} with a body that is not JSON \(.*content-type ".*", \d+ bytes\), starting: /,
  /Expected status .* from (GET|POST|PUT|PATCH) http\S+, got \d{3} \(content-type ".*"\)/,
  /(GET|POST|PUT|PATCH) http\S+ got no response within \d+ ms/,
  /does not match the spec's shape\s+Response of (GET|POST|PUT|PATCH) http\S+/,
  // A check's own message names the request and its status (ApiResponse.describe()): `of GET http://… → 200`.
  /of (GET|POST|PUT|PATCH) http\S+ → \d{3}/,
  // A delivery test whose calls were all answered, then saw no delivery in time on a loaded machine.
  /No delivery matching .* arrived at \S+ within \d+ ms/,
];

/** A test that could not judge its clause because another broke says so, and names that clause. */
const DEPENDENT = /^Not judged: [\s\S]+\. Another test judges [\w.-]+\.$/;

/** What a failure caused by each mode shows: the proof that each kind of breakage was reported as such. */
const SIGNATURES: Record<Exclude<ChaosMode, 'pass-through'>, RegExp> = {
  'html-error-page': /(got|answered) 502 \(content-type "text\/html"\)(\.\s*Body:|, not a success:) <html>/,
  'empty-body': /with an empty body \(content-type "application\/json/,
  'truncated-json': /with a body that is not JSON \([^;]+; content-type "application\/json/,
  // A failed check says `got 500 (content-type …)`; a set-up that got it, `answered 500 (content-type …)`.
  'server-error': /(got|answered) 500 \(content-type "application\/json/,
  'huge-body': new RegExp(`${HUGE_BODY_BYTES} bytes|\\d{7} more characters`),
  'no-answer': new RegExp(`got no response within ${REQUEST_TIMEOUT_MS} ms`),
};

type SuiteRun = Awaited<ReturnType<typeof runSuite>>;
type TestResult = SuiteRun['tests'][number];

test(
  'the suite against a broken target: every failure says what the target did, none hangs, the run ends in bounded time',
  WHOLE_SUITE,
  async ({ servers }, testInfo) => {
    const chaos = buildChaosTarget({ token: TOKEN });
    const url = await servers.listen(chaos.app);
    const work = await runDirectory(testInfo, 'chaos');
    const result = await runSuite({
      env: {
        BASE_URL: url,
        API_TOKEN: TOKEN,
        TARGET_PROFILE: REFERENCE_PROFILE,
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        DELIVERY_TIMEOUT_MS: '2000',
        CREATED_RESOURCES_FILE: path.join(work, 'created-resources.json'),
      },
      args: [...CHAOS_SPECS, '--workers=4'],
      timeoutMs: WALL_TIME_LIMIT_MS + 2 * 60_000,
    });
    const failed = result.tests.filter((t) => t.outcome === 'unexpected');
    await attachSummary(result, failed, chaos.served);

    expect(result.tests.length, `tests reported (stderr: ${result.stderr.slice(0, 2_000)})`).toBeGreaterThan(0);
    expect(result.exitCode, 'exit code of a run with failures').not.toBe(0);
    expect(result.durationMs, 'wall time of the run (ms)').toBeLessThan(WALL_TIME_LIMIT_MS);
    expect(
      result.tests
        .filter((t) => t.errors.some((e) => /Test timeout of \d+ms exceeded|Worker teardown timeout/.test(e)))
        .map((t) => t.listLine),
      'tests that ran into the test timeout instead of failing on the request timeout',
    ).toEqual([]);
    expect(
      failed
        .filter((t) => !READABLE.some((form) => form.test(firstError(t))))
        .map((t) => `${t.listLine}\n${firstError(t).slice(0, 600)}`),
      'failures whose message does not say what the target answered',
    ).toEqual([]);
    for (const mode of ChaosModes) expect(chaos.served[mode], `requests answered "${mode}"`).toBeGreaterThan(0);
    expectEachBreakageReported(result, failed);
  },
);

const firstError = (t: TestResult) => t.errors[0] ?? '(no error message)';
const skipReasons = (t: TestResult) => t.annotations.filter((a) => a.type === 'skip').map((a) => a.description ?? '');

/** The run in one line (console and annotation), and each failure's first lines as an attachment. */
async function attachSummary(result: SuiteRun, failed: readonly TestResult[], served: object): Promise<void> {
  const summary = `chaos run: wall time ${Math.round(result.durationMs)} ms, exit ${result.exitCode}; ${result.tests.length} tests, ${failed.length} failed; answers served: ${JSON.stringify(served)}`;
  console.log(summary);
  test.info().annotations.push({ type: 'chaos run', description: summary });
  await test.info().attach('chaos run', {
    contentType: 'text/plain',
    body:
      `${summary}\n\n` +
      failed.map((t) => `${t.listLine}\n  ${firstError(t).split('\n').slice(0, 3).join('\n  ')}`).join('\n'),
  });
}

/**
 * A test not judged because another clause broke says so; and each kind of breakage is reported as such,
 * by a failure or by the reason a dependent test gives.
 */
function expectEachBreakageReported(result: SuiteRun, failed: readonly TestResult[]): void {
  const dependent = result.tests.filter(
    (t) => t.outcome === 'skipped' && t.annotations.some((a) => a.type === 'depends-on'),
  );
  expect(
    dependent
      .filter((t) => !skipReasons(t).some((reason) => DEPENDENT.test(reason)))
      .map((t) => `${t.listLine}: ${skipReasons(t).join(' / ')}`),
    'tests not judged because another clause broke, whose reason does not say so',
  ).toEqual([]);
  const messages = [...failed.flatMap((t) => t.errors), ...dependent.flatMap(skipReasons)];
  for (const [mode, signature] of Object.entries(SIGNATURES)) {
    expect(
      messages.filter((m) => signature.test(m)).length,
      `failures or dependent skips reporting "${mode}" as such`,
    ).toBeGreaterThan(0);
  }
}
