/**
 * conformance.html as a reader sees it: opened in a real browser (Debian's chromium-headless-shell,
 * never a downloaded one) for a CONFORMANT, a NOT CONFORMANT and a NO VERDICT run, each checked against
 * the conformance.json written beside it, and checked for accessibility with axe (no serious or critical
 * violation). A screenshot of each page is attached to its test. The NOT CONFORMANT run (one fault) is
 * also what a vendor gets in the other reports: conformance.json and .md naming the broken clause (id and
 * quote), an exit code that follows the verdict, JUnit giving each test's level, and, for each failed
 * test, the request as a curl line and the response in the HTML report's own data (decoded here, as a
 * reader's browser would).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from '@playwright/test';
import { runSuite, type RunResult } from './harness/suite-run.ts';
import { expect, SELFTEST_TOKEN, test } from './fixtures.ts';
import { readHtmlReport, removeRunDirectories, runDirectory } from './support/report-files.ts';
import { observedRun } from './support/observed-run.ts';
import { BROKEN_FAULT, NOT_CONFORMANT_SEED, notConformantRun } from './support/not-conformant-run.ts';
import { ConformanceReport } from '../support/report/report-format.ts';
import { EvidenceNames } from '../support/client/evidence.ts';
import { Clauses } from '../support/contract/clauses.ts';
import { Operations } from '../support/contract/operations.ts';
import { renderHtml } from '../support/report/conformance-html.ts';
import { handMadeReport, testRecord } from './support/hand-made-reports.ts';
import { DEFAULT_SPEC_FILE } from '../support/report/run-info.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';

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
  readonly result: RunResult;
  /** The run's reports directory. */
  readonly reports: string;
}

/** Runs the suite with `env` and `args`, then opens the conformance.html it wrote, from file://. */
async function runAndOpen(name: string, env: Record<string, string>, args: string[]): Promise<Written> {
  const dir = await runDirectory(test.info(), name);
  return open(name, await runSuite({ env, args, keepReports: dir }), dir);
}

/** Opens the conformance.html a run kept under `dir`, from file://. */
async function open(name: string, result: RunResult, dir: string): Promise<Written> {
  const reports = path.join(dir, 'reports');
  const json = path.join(reports, 'conformance.json');
  expect(existsSync(json), `conformance.json of the ${name} run (stderr: ${result.stderr.slice(0, 1500)})`).toBe(true);
  const report = ConformanceReport.parse(JSON.parse(await readFile(json, 'utf8')));
  if (browser === undefined) throw new Error('the browser did not start');
  // A context of its own: axe runs its checks in a page it opens beside this one.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(pathToFileURL(path.join(reports, 'conformance.html')).href);
  return { report, page, result, reports };
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
  // Webhook Events with the delivery observations: a run delivery-observations.spec.ts reads too.
  const { result, dir } = await observedRun();
  const written = await open('html-conformant', result, dir);
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

const BROKEN = 'create-booking.created';

test("a NOT CONFORMANT run: each failing clause quoted, its test, curl line (redacted) and answer, an accepted skip with its reason; the other reports name the broken clause, each test's level and the evidence", async () => {
  // Its delivery tests serve capture-config.spec.ts too (selftest/support/not-conformant-run.ts).
  const { result: run, dir } = await notConformantRun();
  const written = await open('html-not-conformant', run, dir);
  const { report, page, result, reports } = written;
  expect(report.verdict).toBe('NOT CONFORMANT');
  expect(result.exitCode, 'exit code of a NOT CONFORMANT run').toBe(1);
  await expectBanner(page, 'NOT CONFORMANT', 1);
  expect(await page.content(), 'no token in the page').not.toContain(SELFTEST_TOKEN);
  await expectFailingClausesAndSkipsShown(written);
  await checkAccessibleAndAttach(written, 'not-conformant');
  await expectBrokenClauseReported(report, reports);
  await expectJunitLevels(reports);
  await expectEvidenceInHtmlReport(reports);
});

/** The page: each failing clause quoted with its tests and a redacted curl line; each accepted skip with its reason. */
async function expectFailingClausesAndSkipsShown({ report, page }: Written): Promise<void> {
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
}

/** conformance.json and .md: the broken clause, its quote, the part of the suite that ran; and the run's facts. */
async function expectBrokenClauseReported(report: ConformanceReport, reports: string): Promise<void> {
  expect(report.selection, 'the part of the suite that ran, named').toMatch(/^--grep, \d+ of its \d+ spec files$/);
  const broken = report.failingClauses.find((c) => c.id === BROKEN);
  expect(broken?.quote, `failing clauses: ${report.failingClauses.map((c) => c.id).join(', ')}`).toBe(
    Clauses[BROKEN].quote,
  );
  const markdown = await readFile(path.join(reports, 'conformance.md'), 'utf8');
  expect(markdown).toContain(`**${BROKEN}**`);
  expect(markdown).toContain(Clauses[BROKEN].quote);

  // The run's facts: target without the token, the spec's hash, the seed, the per-level counts.
  expect(report.run?.target).toBe(`the embedded reference implementation with faults ${BROKEN_FAULT}`);
  const spec = await readFile(path.resolve(PROJECT_ROOT, DEFAULT_SPEC_FILE));
  expect(report.run?.spec.sha256).toBe(createHash('sha256').update(spec).digest('hex'));
  expect(report.fakerSeed).toBe(NOT_CONFORMANT_SEED);
  expect(report.totals.stated.failed).toBeGreaterThan(0);
  expect(JSON.stringify(report)).not.toContain(SELFTEST_TOKEN);
}

/** JUnit carries each test's level, so a CI test view tells a breach from a reading; a failure is @stated here. */
async function expectJunitLevels(reports: string): Promise<void> {
  const junit = await readFile(path.join(reports, 'junit.xml'), 'utf8');
  const cases = junit.split('<testcase ').slice(1);
  const levelOf = (testcase: string) => /<property name="level" value="(\w+)"/.exec(testcase)?.[1];
  expect(cases.filter((c) => levelOf(c) === undefined).length, 'test cases without a level property').toBe(0);
  expect(new Set(cases.map(levelOf))).toEqual(new Set(['stated', 'assumed']));
  expect(new Set(cases.filter((c) => /<(failure|error) /.test(c)).map(levelOf))).toEqual(new Set(['stated']));
}

/** The HTML report's data: each failed test carries the curl line with $API_TOKEN, and the response. */
async function expectEvidenceInHtmlReport(reports: string): Promise<void> {
  const data = await readHtmlReport(path.join(reports, 'html'));
  const failed = data.tests.filter((t) => t.outcome === 'unexpected');
  expect(failed.length).toBeGreaterThan(0);
  for (const t of failed) {
    const attachments = t.results.flatMap((r) => r.attachments);
    const curl = attachments.find((a) => a.name === EvidenceNames.curl)?.body ?? '';
    expect(curl, `curl attachment of "${t.title}"`).toMatch(
      /^curl .*-X POST '[^']+\/api\/core\/v1\/products\/booking'/,
    );
    expect(curl).toContain('"authorization: Bearer $API_TOKEN"');
    expect(curl).not.toContain(SELFTEST_TOKEN);
    expect(
      attachments.find((a) => a.name === EvidenceNames.response)?.body,
      `response attachment of "${t.title}"`,
    ).toMatch(/^HTTP 200 /);
  }
}

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

/**
 * The widest page a run can write: every clause cited by a test of every operation, a headline naming
 * settings, and a store with a long command and resources left.
 */
function widestReport(): ConformanceReport {
  const operations = Object.values(Operations).map((o) => o.name);
  const tests = Object.keys(Clauses).flatMap((clause, i) =>
    operations.map((operation, j) =>
      testRecord({
        title: `tests/x.spec.ts › ${operation} › judges ${clause}`,
        operation,
        clauses: [clause],
        level: Clauses[clause as keyof typeof Clauses].level === 'stated' ? 'stated' : 'assumed',
        ...((i + j) % 7 === 0
          ? {
              outcome: 'skipped' as const,
              skipReason: 'The target refused the parked destination: set PARKED_WEBHOOK_URL',
            }
          : {}),
      }),
    ),
  );
  const report = handMadeReport(tests);
  const runId = 'conf-20261121-2359-a1b2';
  return {
    ...report,
    store: {
      target: 'https://staging.example.com',
      embedded: false,
      runId,
      files: ['reports/created-resources.json'],
      created: { products: 411, webhooks: 110 },
      deleted: { products: 0, webhooks: 0 },
      switchedOff: { webhooks: 110 },
      left: { products: 411, webhooks: 0 },
      deletePaths: { product: null, webhook: null, productFrom: null, webhookFrom: null },
      command: `DELETE_PRODUCT_PATH=<your store's Delete Product path, with {id}> DELETE_WEBHOOK_PATH=<your store's Delete Webhook path, with {id}> npx store-api-conformance cleanup ${runId}`,
      remaining: [
        {
          kind: 'webhook',
          id: 7340001,
          name: `${runId} webhook 0123456789abcdef0123`,
          cleanup: 'switched-off',
          detail: `no delete path (DELETE_WEBHOOK_PATH unset, none proven); switched off: PUT /api/core/v1/webhooks/7340001 answered 200 to status 0, url https://webhooks.conformance.invalid/${runId}/off-7340001, events [category.created]`,
        },
      ],
    },
  };
}

test('the page fits the window: the grid of every clause by every operation needs no horizontal scroll at 1,280 px, and at 390 px the page never scrolls sideways', async () => {
  const file = test.info().outputPath('conformance.html');
  await writeFile(file, renderHtml(widestReport()));
  if (browser === undefined) throw new Error('the browser did not start');
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href);
    // A string: the self tests are compiled without the DOM's types.
    const sizes = await page.evaluate<{
      page: number;
      grid: { scroll: number; client: number };
      wider: string[];
    }>(`(() => {
      const grid = document.querySelector('#grid .scroll');
      return {
        page: document.documentElement.scrollWidth,
        grid: { scroll: grid.scrollWidth, client: grid.clientWidth },
        wider: [...document.querySelectorAll('body *')]
          .filter((e) => !e.parentElement.closest('.scroll') && e.getBoundingClientRect().right > window.innerWidth + 1)
          .map((e) => e.tagName.toLowerCase() + '#' + e.id + '.' + e.className),
      };
    })()`);
    await test
      .info()
      .attach(`widest-${width}.png`, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
    expect(sizes.page, `the page's width at ${width} px`).toBeLessThanOrEqual(width);
    expect(sizes.wider, `what reaches past the window at ${width} px`).toEqual([]);
    if (width === 1280)
      expect(sizes.grid?.scroll, 'the grid at 1,280 px: its whole width shows').toBe(sizes.grid?.client);
    await expect(page.locator('header.banner'), 'the headline').toContainText('set PARKED_WEBHOOK_URL');
    await expect(page.locator('#store'), 'what the run did to the store').toContainText(
      'npx store-api-conformance cleanup',
    );
    if (width === 390) {
      // What this page adds to the runs' pages above (axe over the whole of it would take half a minute).
      const { violations } = await new AxeBuilder({ page }).include('header.banner').include('#store').analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
        'serious or critical accessibility violations',
      ).toEqual([]);
    }
    await context.close();
  }
});
