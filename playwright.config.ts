/**
 * The conformance suite (tests/, the suite a target is judged by): `npx playwright test` runs it and
 * nothing else. The suite's own tests have their own config (selftest/playwright.config.ts, `npm test`).
 * Configuration of the target lives in support/run/config.ts, read from the environment and .env (or
 * ENV_FILE) by every process; global setup validates it before any test.
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { conformanceReporters, reportsDir, runMetadata } from './support/report/index.ts';
import { safeEnvironment } from './support/report/run-info.ts';
import { configWorkers } from './support/run/workers.ts';
import { cacheWorkerCompilation } from './support/run/compile-cache.ts';
import { workingDirectory } from './support/run/config.ts';
import { readVariable } from './support/contract/variables.ts';

const onCI = !!process.env.CI;
// The environment under the dotenv file, as support/run/config.ts reads it (validated in global setup:
// a bad value reads as unset here, and the run stops on it there).
const env = safeEnvironment();
const requestTimeoutMs = readVariable('REQUEST_TIMEOUT_MS', env);
const deliveryTimeoutMs = readVariable('DELIVERY_TIMEOUT_MS', env);

// Scrubbing first, then list/dot, HTML, JUnit, the conformance report, and a blob per shard: see support/report/index.ts.
const reporters = conformanceReporters({ reportsDir: reportsDir(), ci: onCI, argv: process.argv });

// WORKERS wins; else one per core against the embedded reference or a loopback target, 4 per core against a
// remote one; global setup raises the count for a target whose answers it times as slow (support/run/workers.ts).
const workers = configWorkers(env);
// Before the runner forks its workers: they load what earlier runs' workers compiled (Node 22.8 and later).
cacheWorkerCompilation();

export default defineConfig({
  globalSetup: './support/run/global-setup.ts',
  fullyParallel: true,
  workers,
  forbidOnly: onCI,
  // A conformance verdict must not be hidden by a retry.
  retries: 0,
  reporter: reporters,
  // Target (no credentials), suite commit, spec hash: read by the conformance reporter, kept in blob reports.
  metadata: runMetadata(),
  // Like the reports, in the working directory: never inside an installed package.
  outputDir: path.resolve(workingDirectory(), 'test-results'),
  // Room for several requests in a row at the request timeout, and for two delivery waits in a row (a walk's two
  // steps, a watch's write then its last webhook): a slow target fails on a named request or wait, not on the test timeout.
  timeout: Math.max(30_000, 6 * requestTimeoutMs, 2 * deliveryTimeoutMs + 10_000),
  expect: { timeout: 5_000 },
  use: {
    // Playwright writes request headers (the bearer token) into traces; our own failure evidence
    // (support/client/exchange.ts) shows each request and response, redacted, instead.
    trace: 'off',
  },
  projects: [{ name: 'conformance', testDir: 'tests' }],
});
