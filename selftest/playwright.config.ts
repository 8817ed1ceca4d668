/**
 * The suite's own tests (`npm test`, `npm run selftest`), apart from the conformance suite's config
 * (playwright.config.ts, which `npx playwright test` runs alone). They never touch a configured store:
 * this process and every run it starts read no dotenv file (SELF_TEST: neither `.env` nor `ENV_FILE`),
 * and a child run inherits no configuration variable (selftest/harness/suite-run.ts). Their own
 * reports go under test-results/, never where a conformance run writes its reports.
 */
import { defineConfig } from '@playwright/test';

process.env.SELF_TEST = 'true';
const onCI = !!process.env.CI;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './harness/self-test-setup.ts',
  fullyParallel: true,
  // Self tests run child suites (fault matrix, secret scan) and the static checks beside each other on
  // CI's two cores: one more than cores, as each child run waits at times (deliveries, timeouts).
  workers: 3,
  forbidOnly: onCI,
  retries: 0,
  // Long, and few: a child run of the whole suite, the fault matrix.
  timeout: 20 * 60_000,
  expect: { timeout: 5_000 },
  reporter: [[onCI ? 'dot' : 'list'], ['html', { outputFolder: '../test-results/selftest-html', open: 'never' }]],
  outputDir: '../test-results/selftest',
  use: { trace: 'off' },
  projects: [{ name: 'selftest' }],
});
