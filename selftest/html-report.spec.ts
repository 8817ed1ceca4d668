/**
 * conformance.html as a reader sees it: opened in a real browser (Debian's chromium-headless-shell,
 * never a downloaded one) for a CONFORMANT, a NOT CONFORMANT and a NO VERDICT run, each checked against
 * the conformance.json written beside it, and checked for accessibility with axe (no serious or critical
 * violation). A screenshot of each page is attached to its test.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from '@playwright/test';
import { runSuite } from './harness/suite-run.ts';
import { expect, SELFTEST_TOKEN, test } from './fixtures.ts';
import { removeRunDirectories, runDirectory } from './support/report-files.ts';
import { ConformanceReport } from '../support/report/report-format.ts';

/** Where Debian's package puts it (`apt-get install chromium-headless-shell`); CHROMIUM_PATH to use another. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

test.afterEach(removeRunDirectories);

let browser: Browser | undefined;
test.beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's chromium-headless-shell (apt-get install chromium-headless-shell), or set CHROMIUM_PATH. Playwright's own browsers are never downloaded.`,
    );
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
});
test.afterAll(async () => browser?.close());

interface Written {
  readonly report: ConformanceReport;
  readonly page: Page;
}

/** Runs the suite with `env` and `args`, then opens the conformance.html it wrote, from file://. */
async function runAndOpen(name: string, env: Record<string, string>, args: string[]): Promise<Written> {
  const dir = await runDirectory(test.info(), name);
  const result = await runSuite({ env, args, keepReports: dir });
  const reports = path.join(dir, 'reports');
  const json = path.join(reports, 'conformance.json');
  expect(existsSync(json), `conformance.json of the ${name} run (stderr: ${result.stderr.slice(0, 1500)})`).toBe(true);
  const report = ConformanceReport.parse(JSON.parse(await readFile(json, 'utf8')));
  if (browser === undefined) throw new Error('the browser did not start');
  // A context of its own: axe runs its checks in a page it opens beside this one.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(pathToFileURL(path.join(reports, 'conformance.html')).href);
  return { report, page };
}

/** No serious or critical axe violation; a screenshot of the page attached to the test. */
async function checkAccessibleAndAttach({ page }: Written, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
    'serious or critical accessibility violations',
  ).toEqual([]);
  await test
    .info()
    .attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** The banner says the verdict in words and its exit code: never by colour alone. */
async function expectBanner(page: Page, verdict: string, exitCode: number): Promise<void> {
  const banner = page.locator('header.banner');
  await expect(banner).toContainText(verdict);
  await expect(banner).toContainText(`exit code ${exitCode}`);
}

test('a CONFORMANT run: the banner, every clause of the grid linking to its row', async () => {
  const written = await runAndOpen('html-conformant', {}, ['--grep', '@webhook-events']);
  const { report, page } = written;
  expect(report.verdict).toBe('CONFORMANT');
  await expectBanner(page, 'CONFORMANT', 0);
  await expect(page.locator('#run')).toContainText(report.run?.runId ?? 'no run id');
  const cells = page.locator('table.grid td.cell a');
  expect(await cells.count(), 'cells of the grid').toBeGreaterThan(0);
  const first = cells.first();
  const target = (await first.getAttribute('href')) ?? '';
  await first.click();
  expect(new URL(page.url()).hash, 'the cell links to its clause').toBe(target);
  await expect(page.locator(target), 'the row the cell links to').toBeInViewport();
  await checkAccessibleAndAttach(written, 'conformant');
});

test('a NOT CONFORMANT run: each failing clause quoted, its test, curl line (redacted) and answer; an accepted skip with its reason', async () => {
  const written = await runAndOpen(
    'html-not-conformant',
    { REFERENCE_FAULTS: 'create-booking-200', WEBHOOK_SIGNATURE_SCHEME: 'none', API_TOKEN: SELFTEST_TOKEN },
    ['--grep', '@create-booking-product|carry a signature'],
  );
  const { report, page } = written;
  expect(report.verdict).toBe('NOT CONFORMANT');
  await expectBanner(page, 'NOT CONFORMANT', 1);
  const html = await page.content();
  expect(html, 'no token in the page').not.toContain(SELFTEST_TOKEN);
  for (const clause of report.failingClauses) {
    const article = page.locator(`#failing-clause-${clause.id.replace(/[^A-Za-z0-9_-]/g, '-')}`);
    await expect(article.locator('blockquote')).toHaveText(clause.quote);
    for (const title of clause.failedTests) await expect(article).toContainText(title);
    await expect(article.locator('pre.curl').first()).toContainText('$API_TOKEN');
  }
  const accepted = report.skips.filter((s) => s.explainedByConfiguration);
  expect(accepted.length, 'skips accepted by the configuration in the run').toBeGreaterThan(0);
  for (const skip of accepted) {
    const row = page.locator('#skips tr', { hasText: skip.title });
    await expect(row).toContainText(skip.reason);
    await expect(row).toContainText('yes: the configuration explains it');
  }
  await checkAccessibleAndAttach(written, 'not-conformant');
});

test('a NO VERDICT run: what stopped it and the setting to fix come first', async () => {
  const written = await runAndOpen(
    'html-no-verdict',
    { BASE_URL: 'http://127.0.0.1:9', API_TOKEN: SELFTEST_TOKEN, TARGET_PROFILE: 'profiles/reference.json' },
    [],
  );
  const { report, page } = written;
  expect(report.verdict).toBe('NO VERDICT');
  await expectBanner(page, 'NO VERDICT', 2);
  const stopped = page.locator('#what-stopped');
  await expect(stopped).toContainText('BASE_URL');
  expect(await page.locator('main > section').first().getAttribute('id'), 'the first section').toBe('what-stopped');
  await checkAccessibleAndAttach(written, 'no-verdict');
});
