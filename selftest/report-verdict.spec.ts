/** The rules of the conformance verdict, on hand-made test records (support/reporters/conformance-report.ts). */
import { expect, test } from '@playwright/test';
import { renderMarkdown } from '../support/reporters/conformance-markdown.ts';
import { buildReport, median, type TestRecord } from '../support/reporters/conformance-report.ts';
import { Clauses } from '../support/contract/clauses.ts';

function record(overrides: Partial<TestRecord> & Pick<TestRecord, 'title'>): TestRecord {
  return {
    location: 'tests/x.spec.ts:1',
    level: 'stated',
    operation: 'Register Webhook',
    clauses: ['register-webhook.created'],
    outcome: 'passed',
    deliveryLatenciesMs: [],
    ...overrides,
  };
}

function verdictOf(tests: TestRecord[], runErrors: string[] = []) {
  return buildReport({
    tests,
    runInfo: null,
    runErrors,
    shard: null,
    date: new Date(0),
    durationMs: 1,
    fakerSeed: '1',
  });
}

const passedStated = record({ title: 'registers' });

test('CONFORMANT when every @stated test passed, even with failed @assumed tests (readings, listed apart)', () => {
  const report = verdictOf([
    passedStated,
    record({ title: 'echoes', level: 'assumed', clauses: ['register-webhook.echo'], outcome: 'failed', error: 'boom' }),
  ]);
  expect(report.verdict).toBe('CONFORMANT');
  expect(report.reasons).toEqual([]);
  expect(report.failingClauses).toEqual([]);
  expect(report.unmetReadings).toEqual([{ title: 'echoes', clauses: ['register-webhook.echo'], error: 'boom' }]);
});

test('NOT CONFORMANT when a @stated test failed, naming each clause it cites by id and quote', () => {
  const report = verdictOf([
    passedStated,
    record({ title: 'answers 201', clauses: ['register-webhook.created', 'conventions.envelope'], outcome: 'failed' }),
  ]);
  expect(report.verdict).toBe('NOT CONFORMANT');
  expect(report.failingClauses.map((c) => [c.id, c.quote, c.failedTests, c.passedElsewhere])).toEqual([
    ['conventions.envelope', Clauses['conventions.envelope'].quote, ['answers 201'], 0],
    ['register-webhook.created', Clauses['register-webhook.created'].quote, ['answers 201'], 1],
  ]);
  expect(renderMarkdown(report)).toContain(
    `**register-webhook.created** (Register Webhook): "${Clauses['register-webhook.created'].quote}" Passed in 1 other test(s).`,
  );
});

test('a @stated skip counts only when its reason names a configuration variable; every skip reason is shown', () => {
  const explained = record({
    title: 'signs',
    outcome: 'skipped',
    skipReason: 'WEBHOOK_SIGNATURE_SCHEME=none: the target is configured as not signing deliveries',
  });
  expect(verdictOf([passedStated, explained]).verdict).toBe('CONFORMANT');

  const unexplained = record({
    title: 'generates',
    outcome: 'skipped',
    skipReason: 'the target returned an empty plain_secret',
  });
  const report = verdictOf([passedStated, explained, unexplained]);
  expect(report.verdict).toBe('NOT CONFORMANT');
  expect(report.unexplainedSkips.map((s) => s.title)).toEqual(['generates']);
  expect(report.skips.map((s) => [s.title, s.explainedByConfiguration])).toEqual([
    ['signs', true],
    ['generates', false],
  ]);
  const markdown = renderMarkdown(report);
  expect(markdown).toContain(
    '| signs | @stated | WEBHOOK_SIGNATURE_SCHEME=none: the target is configured as not signing deliveries | yes |',
  );
  expect(markdown).toContain('| generates | @stated | the target returned an empty plain_secret | **no** |');
});

test('NOT CONFORMANT when a @stated test was flaky, when no @stated test ran, or when the run had errors outside tests', () => {
  expect(verdictOf([passedStated, record({ title: 'flaky one', outcome: 'flaky' })]).reasons).toEqual([
    '1 @stated test(s) were flaky (failed, then passed on a retry).',
  ]);
  expect(verdictOf([record({ title: 'assumed only', level: 'assumed' })]).reasons).toEqual([
    'No @stated test was selected: nothing of the spec was checked.',
  ]);
  expect(verdictOf([passedStated], ['worker crashed']).verdict).toBe('NOT CONFORMANT');
  expect(verdictOf([], ['PreflightError: Target unreachable']).reasons).toEqual([
    'The run stopped before any test ran: PreflightError: Target unreachable',
  ]);
});

test('counts per operation and level, delivery latency median and maximum, and every clause in the coverage', () => {
  const report = verdictOf([
    passedStated,
    record({
      title: 'delivers',
      level: 'assumed',
      clauses: ['webhook.delivery-destination'],
      deliveryLatenciesMs: [12, 40],
    }),
    record({
      title: 'delivers again',
      level: 'assumed',
      clauses: ['webhook.delivery-destination'],
      deliveryLatenciesMs: [20],
      outcome: 'failed',
    }),
    record({
      title: 'lists',
      operation: 'List Products',
      clauses: ['list-products.ok'],
      outcome: 'skipped',
      skipReason: 'CAPTURE_PUBLIC_URL is not set',
    }),
  ]);
  expect(report.operations.map((o) => [o.operation, o.levels.stated, o.levels.assumed])).toEqual([
    ['List Products', { passed: 0, failed: 0, skipped: 1, flaky: 0 }, { passed: 0, failed: 0, skipped: 0, flaky: 0 }],
    [
      'Register Webhook',
      { passed: 1, failed: 0, skipped: 0, flaky: 0 },
      { passed: 1, failed: 1, skipped: 0, flaky: 0 },
    ],
  ]);
  expect(report.deliveryLatency).toMatchObject({ deliveries: 3, medianMs: 20, maxMs: 40 });
  expect(report.coverage.map((c) => c.id)).toEqual(Object.keys(Clauses));
  expect(report.coverage.find((c) => c.id === 'webhook.delivery-destination')?.tests.map((t) => t.title)).toEqual([
    'delivers',
    'delivers again',
  ]);
  expect(renderMarkdown(report)).toMatch(
    /\| list-products\.ok \| stated \| .* \| \*\*not checked\*\*<br>skipped: lists \|/,
  );
  expect(median([3, 1, 2, 10])).toBe(2.5);
});
