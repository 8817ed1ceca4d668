/**
 * Traces hold the bearer token until the redacting reporter rewrites them, and `--reporter=…` replaces
 * every configured reporter. A run that would record traces without that reporter first must not start
 * (support/run/trace-guard.ts); one that keeps it first must leave no token in any trace archive.
 */
import { SUITE_SECRET_PATTERN } from '../fixtures/webhooks.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import type { FullConfig } from '@playwright/test';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { conformanceReporters } from '../support/report/index.ts';
import { assertTracesRedacted, RedactionError } from '../support/run/trace-guard.ts';
import { runSuite } from './harness/suite-run.ts';
import { CONFORMANCE_REPORTER, REDACTING_REPORTER } from '../support/run/reporter-guard.ts';
import { findSecrets, readWrittenFiles, runDirectory } from './support/report-files.ts';

const TOKEN = `tok-TRACEGUARD-${randomBytes(12).toString('hex')}`;
const REDACTING = `./${REDACTING_REPORTER}`;
// Playwright hands global setup a reporter given by path as an absolute path.
const resolved = path.join(PROJECT_ROOT, REDACTING_REPORTER);

type Trace = FullConfig['projects'][number]['use']['trace'];
const configOf = (reporter: FullConfig['reporter'], ...traces: Trace[]) =>
  ({ reporter, projects: traces.map((trace) => ({ use: { trace } })) }) as unknown as FullConfig;

function refusal(config: FullConfig): RedactionError {
  try {
    assertTracesRedacted(config);
  } catch (error) {
    expect(error).toBeInstanceOf(RedactionError);
    return error as RedactionError;
  }
  throw new Error('the run was let through');
}

test('traces on are refused unless the redacting reporter comes first', () => {
  for (const reporter of [[['line']], [['line'], [resolved]], [['html'], ['json']]] as FullConfig['reporter'][]) {
    const { message, stack } = refusal(configOf(reporter, 'off', 'on'));
    expect(message, 'one line').not.toContain('\n');
    expect(stack, 'printed without a stack trace').toBe(`RedactionError: ${message}`);
    expect(message).toContain(`--reporter=${REDACTING},line`);
    expect(message).toContain('--trace=off');
  }
  expect(refusal(configOf([['dot']], { mode: 'retain-on-failure' })).message).toContain('"retain-on-failure"');
});

test('the configured reporters, the redacting reporter kept first, or traces off are let through', () => {
  const configured = conformanceReporters({ reportsDir: 'reports', ci: false, argv: [] });
  expect(() => assertTracesRedacted(configOf(configured, 'on'))).not.toThrow();
  expect(() => assertTracesRedacted(configOf([[resolved], ['line']], 'on', 'retain-on-failure'))).not.toThrow();
  expect(() => assertTracesRedacted(configOf([['line']], 'off', undefined))).not.toThrow();
});

test.describe('end to end', () => {
  // Two child runs, one after the other: beside each other they would measure the machine, not the suite.
  test.describe.configure({ mode: 'default' });
  const args = (reporter: string) => [
    `--reporter=${reporter}`,
    '--trace=on',
    'tests/webhooks/register-webhook.spec.ts',
  ];

  test('--reporter=line --trace=on stops before any test, with one line and no trace written', async ({}, testInfo) => {
    const dir = await runDirectory(testInfo, 'trace-guard-refused');
    const result = await runSuite({ env: { API_TOKEN: TOKEN }, args: args('line'), keepReports: dir });
    const output = `${result.stdout}\n${result.stderr}`;
    // Stopped in global setup: nothing judged, NO VERDICT's 2 even without the conformance reporter.
    expect(result.exitCode, output).toBe(2);
    expect(output.split('\n').filter((l) => l.startsWith('RedactionError: '))).toHaveLength(1);
    expect(output, 'no stack trace').not.toMatch(/^\s+at /m);
    expect(output, 'no test ran').not.toMatch(/\d+ passed/);
    const files = await readWrittenFiles(dir);
    expect(files.filter((f) => f.name.endsWith('.zip')).map((f) => f.name)).toEqual([]);
  });

  test('with the redacting reporter kept first, every trace is written and none holds the token', async ({}, testInfo) => {
    const dir = await runDirectory(testInfo, 'trace-guard-kept');
    const reporters = `${REDACTING},./${CONFORMANCE_REPORTER},line`;
    const result = await runSuite({ env: { API_TOKEN: TOKEN }, args: args(reporters), keepReports: dir });
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    const files = await readWrittenFiles(path.join(dir, 'test-results'));
    const traces = files.filter((f) => /trace\.zip$/.test(f.name));
    expect(traces.length, 'one trace per test').toBeGreaterThan(5);
    const text = files.map((f) => f.bytes.toString('latin1')).join('\n');
    expect(text, 'the traces record the requests, their token masked').toContain('Bearer ***');
    const secrets = [
      { label: 'API_TOKEN', pattern: /tok-TRACEGUARD-[0-9a-f]{4,}/ },
      { label: 'webhook secret made by the suite', pattern: SUITE_SECRET_PATTERN },
      { label: 'webhook secret made by the reference', pattern: /whsec_[A-Za-z0-9+/=_-]{16,}/ },
    ];
    expect(findSecrets(files, secrets).map((h) => `${h.secret} in ${h.file}: …${h.context}…`)).toEqual([]);
  });
});
