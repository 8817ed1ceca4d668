/**
 * The delivery tests follow the configuration end to end: they skip (not fail) when a target on
 * another host cannot reach the capture server, run against a target on loopback without more settings, skip only the signature test under WEBHOOK_SIGNATURE_SCHEME=none,
 * and verify hmac-sha256 signatures with the configured header and encoding. Each case runs the
 * delivery spec as a child suite, as a user would; the loopback and hmac-sha256 cases read the delivery
 * tests of runs other self tests read too (selftest/support/discovered-run.ts).
 */
import { expect, test, WHOLE_SUITE } from './fixtures.ts';
import { deliveriesUnobservable, REMOTE_WITHOUT_PUBLIC_URL } from '../support/capture/reach.ts';
import { sharedCapture } from '../support/capture/start.ts';
import { describeConfig, parseConfig, REFERENCE_PROFILE } from '../support/run/config.ts';
import type { RunResult } from './harness/suite-run.ts';
import { discoveredRun } from './support/discovered-run.ts';
import { DELIVERY_SPEC, notConformantRun } from './support/not-conformant-run.ts';

const SIGNATURE_TEST = /carry a signature that verifies/;

const outcomes = (result: RunResult) => result.tests.map((t) => `${t.outcome}: ${t.title}`);

test('a target on another host without CAPTURE_PUBLIC_URL skips every delivery test, saying why; one on loopback does not', () => {
  const remote = {
    BASE_URL: 'https://staging.example.com',
    API_TOKEN: 'selftest-token-0123456789',
    TARGET_PROFILE: REFERENCE_PROFILE,
  };
  expect(deliveriesUnobservable(parseConfig(remote))).toBe(REMOTE_WITHOUT_PUBLIC_URL);
  expect(
    deliveriesUnobservable(parseConfig({ ...remote, CAPTURE_PUBLIC_URL: 'https://capture.example.test' })),
  ).toBeUndefined();
  expect(deliveriesUnobservable(parseConfig({ ...remote, BASE_URL: 'http://127.0.0.1:8080' }))).toBeUndefined();
  expect(deliveriesUnobservable(parseConfig({ ...remote, BASE_URL: 'http://localhost:8080' }))).toBeUndefined();
  expect(deliveriesUnobservable(parseConfig({}))).toBeUndefined();
});

test('CAPTURE_URL names a shared capture server: it needs CAPTURE_CONTROL_TOKEN, whose value no error or description shows', () => {
  expect(() => parseConfig({ CAPTURE_URL: 'http://capture.internal:8787' })).toThrow(
    /CAPTURE_CONTROL_TOKEN: required with CAPTURE_URL: the token `npm run capture` printed/,
  );
  const bad = 'not a token!';
  expect(() => parseConfig({ CAPTURE_CONTROL_TOKEN: bad })).toThrow(
    /CAPTURE_CONTROL_TOKEN: must be 16 to 200 .* \(got a value of 12 characters, not shown\)/,
  );
  expect(() => parseConfig({ CAPTURE_CONTROL_TOKEN: bad })).not.toThrow(bad);

  const token = 'shared-capture-token-0123456789';
  const remote = {
    BASE_URL: 'https://staging.example.com',
    API_TOKEN: 'selftest-token-0123456789',
    TARGET_PROFILE: REFERENCE_PROFILE,
    CAPTURE_CONTROL_TOKEN: token,
  };
  // The run starts no capture server; the workers use CAPTURE_URL, the target is told CAPTURE_PUBLIC_URL, else CAPTURE_URL.
  const lan = parseConfig({ ...remote, CAPTURE_URL: 'http://capture.internal:8787/' });
  expect(sharedCapture(lan)?.endpoint).toEqual({
    localUrl: 'http://capture.internal:8787',
    publicUrl: 'http://capture.internal:8787',
    controlToken: token,
  });
  expect(deliveriesUnobservable(lan)).toBeUndefined();
  const tunnelled = parseConfig({
    ...remote,
    CAPTURE_URL: 'http://127.0.0.1:8787',
    CAPTURE_PUBLIC_URL: 'https://capture.example.test',
  });
  expect(sharedCapture(tunnelled)?.endpoint.publicUrl).toBe('https://capture.example.test');
  // A loopback CAPTURE_URL is no address for a target on another host.
  expect(deliveriesUnobservable(parseConfig({ ...remote, CAPTURE_URL: 'http://127.0.0.1:8787' }))).toBe(
    REMOTE_WITHOUT_PUBLIC_URL,
  );
  expect(sharedCapture(parseConfig({ CAPTURE_CONTROL_TOKEN: token })), 'no CAPTURE_URL: the run starts its own').toBe(
    undefined,
  );
  expect(describeConfig(lan)).not.toContain(token);
});

test('a target on loopback receives deliveries at the loopback capture server without CAPTURE_PUBLIC_URL', async ({
  servers,
}) => {
  // A vendor's implementation on a laptop: BASE_URL on loopback, nothing else configured for deliveries but the
  // scheme. The run is profile.spec.ts's too (selftest/support/discovered-run.ts): its delivery tests are read here.
  const { result, facts } = await discoveredRun('standard', servers);
  expect(facts.signature, 'what the run was told of deliveries').toEqual({
    WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks',
  });
  const deliveries = result.tests.filter((t) => t.file.endsWith(DELIVERY_SPEC.replace('tests/', '')));
  expect(deliveries.length, result.stderr).toBeGreaterThan(0);
  expect(
    outcomes({ ...result, tests: deliveries }).filter((o) => !o.startsWith('expected')),
    'delivery tests that did not pass',
  ).toEqual([]);
});

test('WEBHOOK_SIGNATURE_SCHEME=none skips the signature test only', WHOLE_SUITE, async () => {
  // A run with a fault of Create Booking Product's status, which bends no delivery: html-report.spec.ts opens
  // its reports (selftest/support/not-conformant-run.ts).
  const { result } = await notConformantRun();
  const deliveries = result.tests.filter((t) => t.file.endsWith(DELIVERY_SPEC.replace('tests/', '')));
  expect(deliveries.length, result.stderr).toBeGreaterThan(1);
  for (const t of deliveries) expect(t.outcome, t.title).toBe(SIGNATURE_TEST.test(t.title) ? 'skipped' : 'expected');
});

test(
  'WEBHOOK_SIGNATURE_SCHEME=hmac-sha256 verifies with the configured header and encoding',
  WHOLE_SUITE,
  async ({ servers }) => {
    // The divergent reference signs with HMAC-SHA256 in X-Store-Signature, in base64, as its run is configured
    // (selftest/support/discovered-run.ts, a run other self tests read too).
    const { result, facts } = await discoveredRun('divergent', servers);
    expect(facts.signature, 'what the run was told').toEqual({
      WEBHOOK_SIGNATURE_SCHEME: 'hmac-sha256',
      WEBHOOK_SIGNATURE_HEADER: 'X-Store-Signature',
      WEBHOOK_SIGNATURE_ENCODING: 'base64',
    });
    // One signature test per delivery the suite causes: each must verify.
    const seen = outcomes({ ...result, tests: result.tests.filter((t) => /carry a signature/.test(t.title)) });
    expect(seen.length, result.stderr).toBeGreaterThan(0);
    expect(seen.filter((o) => !/^expected: .*carry a signature/.test(o))).toEqual([]);
  },
);
