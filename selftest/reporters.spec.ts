/**
 * `--reporter=…` on the command line replaces every reporter of playwright.config.ts: without the
 * conformance reporter a run has no verdict, and its exit code is Playwright's (1 for a failed @assumed
 * test). Global setup refuses such a run with one line (support/run/reporter-guard.ts), NO VERDICT's
 * exit code 2; `--add-reporter` keeps the configured ones.
 */
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { conformanceReporters } from '../support/report/index.ts';
import {
  assertVerdictKept,
  CONFORMANCE_REPORTER,
  REDACTING_REPORTER,
  ReporterError,
} from '../support/run/reporter-guard.ts';
import { runSuite } from './harness/suite-run.ts';

// Playwright hands global setup a reporter given by path as an absolute path.
const absolute = (file: string) => path.join(PROJECT_ROOT, file);
const configOf = (...names: string[]) => ({ reporter: names.map((name) => [name]) }) as unknown as FullConfig;

function refusal(config: FullConfig): string {
  try {
    assertVerdictKept(config);
  } catch (error) {
    expect(error).toBeInstanceOf(ReporterError);
    const { message, stack } = error as ReporterError;
    expect(message, 'one line').not.toContain('\n');
    expect(stack, 'printed without a stack trace').toBe(`ReporterError: ${message}`);
    return message;
  }
  throw new Error('the run was let through');
}

test('reporters that drop the conformance reporter, or the redacting one first, are refused, saying how to keep both', () => {
  expect(refusal(configOf('dot'))).toBe(
    `Refusing to run with the reporters dot: --reporter replaces every reporter of playwright.config.ts, and without ./${CONFORMANCE_REPORTER} the run writes no conformance report and its exit code is not the verdict. ` +
      `Add reporters with --add-reporter=dot instead, or keep both: --reporter=./${REDACTING_REPORTER},./${CONFORMANCE_REPORTER},dot.`,
  );
  expect(refusal(configOf(absolute(REDACTING_REPORTER), 'junit'))).toContain(
    'without ./support/report/conformance-reporter.ts',
  );
  expect(refusal(configOf(absolute(CONFORMANCE_REPORTER), absolute(REDACTING_REPORTER)))).toContain(
    `without ./${REDACTING_REPORTER} first the reports would hold the API token`,
  );
});

test('the configured reporters, or both kept first on the command line, are let through', () => {
  const configured = conformanceReporters({ reportsDir: 'reports', ci: false, argv: [] }).map(([name]) => name);
  expect(() => assertVerdictKept(configOf(...configured))).not.toThrow();
  expect(() =>
    assertVerdictKept(configOf(absolute(REDACTING_REPORTER), 'dot', absolute(CONFORMANCE_REPORTER))),
  ).not.toThrow();
});

test('npx playwright test --reporter=dot stops before any test with one line, exit code 2', async () => {
  const result = await runSuite({ args: ['--reporter=dot', 'tests/webhooks/webhook-events.spec.ts'] });
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.exitCode, output).toBe(2);
  expect(output.split('\n').filter((line) => line.startsWith('ReporterError: '))).toHaveLength(1);
  expect(output, 'no stack trace').not.toMatch(/^\s+at /m);
  expect(
    result.tests.filter((t) => t.results.length > 0),
    'no test ran',
  ).toEqual([]);
});
