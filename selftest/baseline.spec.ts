/**
 * Progress a team can gate on (support/report/baseline.ts): a baseline marks each failure known or new and
 * passes the gate only when every failure is known, the verdict unchanged; `compare` says what changed
 * clause by clause. The rules on hand-made reports, in this process; one child run against the embedded
 * reference with a fault for the exit code, and one that stops at once for a baseline that is not there.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { runSuite } from './harness/suite-run.ts';
import { runDirectory } from './support/report-files.ts';
import { main } from '../cli/main.ts';
import { applyBaseline, compareReports, describeGate } from '../support/report/baseline.ts';
import { renderMarkdown } from '../support/report/conformance-markdown.ts';
import type { TestRecord } from '../support/report/conformance-report.ts';
import { handMadeReport, testRecord } from './support/hand-made-reports.ts';
import { ConformanceReport } from '../support/report/report-format.ts';

function record(title: string, clause: string, outcome: TestRecord['outcome'] = 'passed'): TestRecord {
  return testRecord({ title, operation: 'Create Service Product', clauses: [clause], outcome });
}

const report = handMadeReport;

const ratings = (outcome: TestRecord['outcome']) => record('answers ratings null', 'product.ratings-null', outcome);
const identifier = (outcome: TestRecord['outcome']) =>
  record('answers identifier equal to id', 'product.identifier-equals-id', outcome);
const shape = (outcome: TestRecord['outcome']) => record('answers the product shape', 'product.shape', outcome);

test('a baseline marks each failure known or new; the gate passes only when all are known; the verdict never changes', () => {
  const before = report([ratings('failed'), identifier('failed'), shape('passed')]);

  const knownOnly = applyBaseline(report([ratings('failed'), identifier('passed'), shape('passed')]), before, 'a.json');
  expect(knownOnly.verdict, 'the verdict is the same as without a baseline').toBe('NOT CONFORMANT');
  expect(knownOnly.baseline).toEqual({
    file: 'a.json',
    date: new Date(0).toISOString(),
    gate: 'passed',
    known: [{ title: 'answers ratings null', clauses: ['product.ratings-null'], kind: 'failed' }],
    new: [],
    nowPassing: ['answers identifier equal to id'],
  });
  expect(ConformanceReport.safeParse(JSON.parse(JSON.stringify(knownOnly))).error?.issues ?? []).toEqual([]);
  expect(renderMarkdown(knownOnly)).toContain(
    'Known failures:\n\n- answers ratings null (failed: product.ratings-null)\n\nKnown failures that now pass (tighten the baseline):\n\n- answers identifier equal to id',
  );

  const oneNew = applyBaseline(report([ratings('failed'), identifier('passed'), shape('flaky')]), before, 'a.json');
  expect(oneNew.baseline?.gate).toBe('failed');
  expect(oneNew.baseline?.new).toEqual([
    { title: 'answers the product shape', clauses: ['product.shape'], kind: 'flaky' },
  ]);
  expect(describeGate(oneNew.baseline!)).toEqual([
    'Baseline a.json: 1 known failure(s), 1 new, 1 known failure(s) now passing.',
    '  new:',
    '    answers the product shape (flaky: product.shape)',
    '  known:',
    '    answers ratings null (failed: product.ratings-null)',
    '  now passing (tighten the baseline):',
    '    answers identifier equal to id',
    '  Baseline gate: failed, 1 new failure(s).',
  ]);

  const withError = applyBaseline(report([ratings('failed')], ['a worker crashed']), before, 'a.json');
  expect(withError.baseline?.gate, 'an error outside the tests is never a known failure').toBe('failed');
  const conformant = applyBaseline(report([ratings('passed')]), before, 'a.json');
  expect(conformant.baseline?.gate).toBe('passed');
});

test('compare says, clause by clause, what is newly failing, newly passing, newly judged and no longer judged; exit 1 on a new failure', async ({}, testInfo) => {
  const skipped = (r: TestRecord): TestRecord => ({ ...r, outcome: 'skipped', skipReason: 'CAPTURE_PUBLIC_URL unset' });
  const a = report([ratings('failed'), identifier('passed'), skipped(shape('passed'))]);
  const b = report([ratings('passed'), skipped(identifier('passed')), shape('failed')]);
  expect(compareReports(a, b)).toEqual({
    newlyFailing: ['product.shape'],
    newlyPassing: ['product.ratings-null'],
    newlyJudged: ['product.shape'],
    noLongerJudged: ['product.identifier-equals-id'],
    stillFailing: [],
  });
  const [fileA, fileB] = [testInfo.outputPath('a.json'), testInfo.outputPath('b.json')];
  await writeFile(fileA, JSON.stringify(a));
  await writeFile(fileB, JSON.stringify(b));
  const printed: string[] = [];
  const log = console.log;
  const error = console.error;
  console.log = console.error = (line: string) => void printed.push(line);
  try {
    expect(await main(['compare', fileA, fileB])).toBe(1);
    expect(await main(['compare', fileB, fileB])).toBe(0);
    expect(await main(['compare', fileA, testInfo.outputPath('none.json')])).toBe(2);
  } finally {
    console.log = log;
    console.error = error;
  }
  expect(printed.slice(0, 7)).toEqual([
    `From ${fileA} to ${fileB}: NOT CONFORMANT → NOT CONFORMANT`,
    'Newly failing: 1',
    '  product.shape',
    'Newly passing: 1',
    '  product.ratings-null',
    'Newly judged: 1',
    '  product.shape',
  ]);
  expect(printed.at(-1)).toBe(`${testInfo.outputPath('none.json')} cannot be read (ENOENT)`);
});

test('a run with a baseline: NOT CONFORMANT, every failure known, exit 0, the known failures listed; a baseline that is not there is NO VERDICT naming it', async ({}, testInfo) => {
  const dir = await runDirectory(testInfo, 'baseline');
  const baseline = path.join(dir, 'baseline.json');
  const known = [
    'Create Booking Product answers › with ratings null',
    'Create Service Product answers › with ratings null',
    'Update Service Product answers › with ratings null',
    'Create Service Product answers › with identifier equal to id',
  ];
  await writeFile(
    baseline,
    JSON.stringify(report(known.map((title) => record(title, 'product.ratings-null', 'failed')))),
  );
  const result = await runSuite({
    env: { REFERENCE_FAULTS: 'product-ratings-zero', CONFORMANCE_BASELINE: baseline },
    args: ['tests/products/product-answers.spec.ts', '--grep', 'with (ratings null|identifier equal to id)'],
    keepReports: dir,
    timeoutMs: 120_000,
  });
  const written = ConformanceReport.parse(
    JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')),
  );
  expect(written.verdict).toBe('NOT CONFORMANT');
  expect(result.exitCode, result.stdout).toBe(0);
  expect(written.baseline?.known.map((f) => f.title).sort()).toEqual(known.slice(0, 3));
  expect(written.baseline?.nowPassing).toEqual(['Create Service Product answers › with identifier equal to id']);
  expect(result.stdout).toContain('Baseline gate: passed (exit 0); the verdict is unchanged.');
  expect(await readFile(path.join(dir, 'reports', 'conformance.md'), 'utf8')).toContain('## Baseline: gate passed');

  const missing = await runSuite({
    env: { CONFORMANCE_BASELINE: path.join(dir, 'nothing-here.json') },
    args: ['tests/webhooks/webhook-events.spec.ts'],
    timeoutMs: 60_000,
  });
  expect(missing.exitCode).toBe(2);
  expect(`${missing.stdout}\n${missing.stderr}`).toMatch(
    /CONFORMANCE_BASELINE: \S+nothing-here\.json does not exist: give the conformance\.json of an earlier run/,
  );
});
