/**
 * The rules of the conformance verdict, on hand-made test records (support/report/conformance-report.ts):
 * CONFORMANT, NOT CONFORMANT and NO VERDICT, configuration and dependent skips, the coverage. Every
 * report built here must also match the report's own format, as the reporter requires before writing.
 */
import { expect, test } from './fixtures.ts';
import { renderHtml } from '../support/report/conformance-html.ts';
import { renderMarkdown } from '../support/report/conformance-markdown.ts';
import { median, type TestRecord } from '../support/report/conformance-report.ts';
import { handMadeReport, testRecord } from './support/hand-made-reports.ts';
import { ConformanceReport } from '../support/report/report-format.ts';
import { Clauses } from '../support/contract/clauses.ts';

const record = testRecord;

function verdictOf(tests: TestRecord[], runErrors: string[] = [], more: Parameters<typeof handMadeReport>[2] = {}) {
  const report = handMadeReport(tests, runErrors, more);
  // As written: through JSON, then the format's own schema.
  const checked = ConformanceReport.safeParse(JSON.parse(JSON.stringify(report)));
  expect(checked.error?.issues ?? [], 'the report matches its format').toEqual([]);
  return report;
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
    '| signs | @stated | WEBHOOK_SIGNATURE_SCHEME=none: the target is configured as not signing deliveries | configuration |',
  );
  expect(markdown).toContain('| generates | @stated | the target returned an empty plain_secret | **no** |');
});

test('a CONFORMANT verdict that leaves @stated tests unjudged says so in its first line: how many, and the setting that would judge them', () => {
  const parked = (title: string, also = '') =>
    record({
      title,
      outcome: 'skipped',
      skipReason: `The target refused the parked webhook destination: set PARKED_WEBHOOK_URL${also} to an https address it accepts`,
    });
  const report = verdictOf([
    passedStated,
    parked('registers'),
    parked('updates'),
    parked('delivers', ' and CAPTURE_PUBLIC_URL'),
    // Neither a reading nor a test moot for the target counts: they are not the configuration's doing.
    record({
      title: 'echoes',
      level: 'assumed',
      clauses: ['register-webhook.echo'],
      outcome: 'skipped',
      skipReason: 'FUZZ=off',
    }),
    record({ title: 'moot', outcome: 'skipped', skipReason: 'not applicable', notApplicable: true }),
  ]);
  const headline =
    'CONFORMANT, with 3 @stated tests not judged: set PARKED_WEBHOOK_URL (3) and CAPTURE_PUBLIC_URL (1) to judge them';
  expect(report.headline).toBe(headline);
  expect(report.unjudgedBySetting).toEqual({
    tests: 3,
    settings: [
      { setting: 'PARKED_WEBHOOK_URL', tests: 3 },
      { setting: 'CAPTURE_PUBLIC_URL', tests: 1 },
    ],
  });
  expect(renderMarkdown(report).split('\n')[0], "conformance.md's first line").toBe(
    `# Conformance report: ${headline}`,
  );
  expect(renderHtml(report), 'the banner of conformance.html').toContain(
    '<p class="headline">With 3 @stated tests not judged: set PARKED_WEBHOOK_URL (3) and CAPTURE_PUBLIC_URL (1) to judge them.</p>',
  );
  expect(verdictOf([passedStated]).headline, 'with every @stated test judged').toBe('CONFORMANT');
});

test('a read-only run names its scope in its first line: the stated clauses it judged, the others listed as not judged', () => {
  const report = verdictOf(
    [
      passedStated,
      record({
        title: 'creates',
        clauses: ['create-booking.created'],
        outcome: 'skipped',
        skipReason: 'TARGET_READ_ONLY=true: a read-only run sends no POST (Create Booking Product)',
      }),
    ],
    [],
    { readOnly: true },
  );
  const stated = Object.values(Clauses).filter((c) => c.level === 'stated').length;
  expect(report.verdict).toBe('CONFORMANT');
  expect(report.scope?.judged).toEqual(['register-webhook.created']);
  expect(report.scope?.notJudged).toHaveLength(stated - 1);
  expect(report.scope?.notJudged).toContain('create-booking.created');
  expect(report.headline).toBe(
    `CONFORMANT on the 1 stated clause a read-only run judges (TARGET_READ_ONLY=true); the other ${stated - 1} not judged`,
  );
  const markdown = renderMarkdown(report);
  expect(markdown.split('\n')[0]).toBe(`# Conformance report: ${report.headline}`);
  expect(markdown).toContain('It certifies nothing. Not judged: ');
  expect(verdictOf([passedStated]).scope, 'a run that writes').toBeNull();
});

test('a @stated skip as not applicable is accepted, judges nothing, and is never taken for a broken clause', () => {
  const moot = record({
    title: 'keeps names outside the catalogue out',
    clauses: ['webhook.registered-event-shape'],
    outcome: 'skipped',
    skipReason: 'Not applicable: the target refused the unknown event name.',
    notApplicable: true,
  });
  const report = verdictOf([passedStated, moot]);
  expect(report.verdict).toBe('CONFORMANT');
  expect(report.skips.map((s) => [s.title, s.notApplicable])).toEqual([
    ['keeps names outside the catalogue out', true],
  ]);
  expect(report.coverage.find((c) => c.id === 'webhook.registered-event-shape')?.judged, 'judged by nothing').toBe(
    false,
  );
  expect(renderMarkdown(report)).toContain(
    '| keeps names outside the catalogue out | @stated | Not applicable: the target refused the unknown event name. | not applicable |',
  );
  // A test depending on a clause whose only test was not applicable is not accepted: nothing showed it broken.
  const dependent = record({
    title: 'reads events',
    outcome: 'skipped',
    skipReason: 'Not judged: …',
    dependsOn: ['webhook.registered-event-shape'],
  });
  expect(verdictOf([passedStated, moot, dependent]).verdict).toBe('NOT CONFORMANT');
});

test('NOT CONFORMANT when a @stated test was flaky, or when the run had errors outside tests that ran', () => {
  expect(verdictOf([passedStated, record({ title: 'flaky one', outcome: 'flaky' })]).reasons).toEqual([
    '1 @stated test(s) were flaky (failed, then passed on a retry).',
  ]);
  expect(verdictOf([passedStated], ['worker crashed']).verdict).toBe('NOT CONFORMANT');
});

test('NO VERDICT when nothing was judged: the run stopped before any test, no @stated test ran, or all were skipped', () => {
  const stopped = verdictOf(
    [],
    ['ConfigError: Invalid configuration:\n  - TARGET_PROFILE: nope.json does not exist\nSee README.md'],
  );
  expect(stopped.verdict).toBe('NO VERDICT');
  expect(stopped.reasons).toEqual([
    'The run stopped before any test ran: ConfigError: Invalid configuration: - TARGET_PROFILE: nope.json does not exist See README.md',
  ]);
  expect(stopped.runErrors[0], 'the whole error is kept, lines and all').toContain('\n  - TARGET_PROFILE');
  const markdown = renderMarkdown(stopped);
  expect(markdown).toMatch(/^# Conformance report: NO VERDICT\n\nNothing was judged about the target/);
  expect(markdown).toContain(
    '```\nConfigError: Invalid configuration:\n  - TARGET_PROFILE: nope.json does not exist\n',
  );
  expect(markdown, 'no empty results or coverage for a run that never started').not.toContain('## Clause coverage');

  const assumedOnly = verdictOf([record({ title: 'assumed only', level: 'assumed' })]);
  expect([assumedOnly.verdict, ...assumedOnly.reasons]).toEqual([
    'NO VERDICT',
    'No @stated test was selected: nothing of the spec was judged.',
  ]);
  const allSkipped = verdictOf([
    record({ title: 'signs', outcome: 'skipped', skipReason: 'CAPTURE_PUBLIC_URL is not set' }),
  ]);
  expect([allSkipped.verdict, ...allSkipped.reasons]).toEqual([
    'NO VERDICT',
    'Every @stated test was skipped: nothing of the spec was judged.',
  ]);
  // A breach still counts when nothing else was judged: an unexplained skip is NOT CONFORMANT.
  expect(verdictOf([record({ title: 'gave up', outcome: 'skipped', skipReason: 'timed out' })]).verdict).toBe(
    'NOT CONFORMANT',
  );
});

/** A test of register-webhook.created that failed, and tests that depend on a clause. */
const registers = record({ title: 'registers', clauses: ['register-webhook.created'], outcome: 'failed' });
const dependent = (title: string, clause: string, dependsOn: string, level: TestRecord['level'] = 'stated') =>
  record({
    title,
    level,
    clauses: [clause],
    outcome: 'skipped',
    dependsOn: [dependsOn],
    skipReason: `${dependsOn} looks broken: no webhook to update`,
  });
const updates = dependent('updates', 'update-webhook.ok', 'register-webhook.created');

test.describe('dependent skips, accepted', () => {
  test('accepted when a test of the cause failed: listed under their own heading, neither passing nor failing', () => {
    const report = verdictOf([passedStated, registers, updates]);
    expect(report.verdict).toBe('NOT CONFORMANT');
    expect(report.reasons, 'the failure is the reason, not the dependent skip').toEqual([
      '1 @stated test(s) failed, breaking 1 clause(s) of the spec.',
    ]);
    expect(report.unexplainedSkips).toEqual([]);
    expect(report.dependentSkips).toEqual([
      {
        title: 'updates',
        level: 'stated',
        operation: 'Register Webhook',
        clauses: ['update-webhook.ok'],
        reason: 'register-webhook.created looks broken: no webhook to update',
        dependsOn: ['register-webhook.created'],
        explainedByConfiguration: false,
        notApplicable: false,
        acceptedAsDependent: true,
      },
    ]);
    expect(
      report.failingClauses.map((c) => c.id),
      'the dependent breaks nothing itself',
    ).toEqual(['register-webhook.created']);
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('## Not judged: another clause broke first');
    expect(markdown).toContain(
      '- updates (@stated): could not judge update-webhook.ok; cause: **register-webhook.created**. register-webhook.created looks broken: no webhook to update',
    );
    expect(markdown).toContain(
      '| updates | @stated | register-webhook.created looks broken: no webhook to update | register-webhook.created broke first |',
    );
  });

  test('accepted when the cause failed at the @assumed level, was flaky, or was skipped for a configuration reason', () => {
    const cause = (outcome: TestRecord['outcome'], level: TestRecord['level'], skipReason?: string) =>
      record({
        title: 'cause',
        level,
        clauses: ['webhook.delivery-destination'],
        outcome,
        ...(skipReason ? { skipReason } : {}),
      });
    const waits = dependent('waits', 'webhook.delivery-method', 'webhook.delivery-destination');
    for (const [what, causeTest] of [
      ['failed @assumed', cause('failed', 'assumed')],
      ['flaky', cause('flaky', 'assumed')],
      ['skipped for configuration', cause('skipped', 'assumed', 'CAPTURE_PUBLIC_URL is not set')],
    ] as const) {
      const report = verdictOf([passedStated, causeTest, waits]);
      expect(report.verdict, what).toBe('CONFORMANT');
      expect(
        report.dependentSkips.map((s) => s.title),
        what,
      ).toEqual(['waits']);
    }
  });
});

test.describe('dependent skips, in a chain', () => {
  test('accepted along a chain of dependents; a cycle with nothing broken is not', () => {
    const lists = dependent('lists', 'list-products.ok', 'update-webhook.ok');
    expect(verdictOf([passedStated, registers, updates, lists]).dependentSkips.map((s) => s.title)).toEqual([
      'updates',
      'lists',
    ]);

    const a = dependent('a', 'update-webhook.ok', 'list-products.ok');
    const b = dependent('b', 'list-products.ok', 'update-webhook.ok');
    const report = verdictOf([passedStated, a, b]);
    expect(report.dependentSkips).toEqual([]);
    expect(report.unexplainedSkips.map((s) => s.title)).toEqual(['a', 'b']);
  });
});

test.describe('dependent skips, unaccepted', () => {
  test('unaccepted when a stated cause failed only in an @assumed test (which may have failed on its reading)', () => {
    const cites = (level: TestRecord['level'], outcome: TestRecord['outcome']) =>
      record({
        title: `tags ${level}`,
        level,
        clauses: ['product.tags-as-objects', 'update-service.applies-changes'],
        outcome,
      });
    const waits = dependent('waits', 'list-products.filter-tags', 'product.tags-as-objects');
    const byAssumed = verdictOf([passedStated, cites('assumed', 'failed'), waits]);
    expect(byAssumed.unexplainedSkips.map((s) => s.title)).toEqual(['waits']);
    expect(byAssumed.verdict).toBe('NOT CONFORMANT');
    const byStated = verdictOf([passedStated, cites('stated', 'failed'), waits]);
    expect(byStated.dependentSkips.map((s) => s.title)).toEqual(['waits']);
  });

  test('unaccepted when no test of the cause failed: NOT CONFORMANT, saying so', () => {
    const passing = record({ title: 'registers fine', clauses: ['register-webhook.created'] });
    for (const tests of [
      [passedStated, updates],
      [passedStated, passing, updates],
    ]) {
      const report = verdictOf(tests);
      expect(report.verdict).toBe('NOT CONFORMANT');
      expect(report.reasons).toEqual([
        'updates could not judge update-webhook.ok because register-webhook.created looked broken, but no test of register-webhook.created failed.',
      ]);
      expect(report.unexplainedSkips.map((s) => [s.title, s.acceptedAsDependent])).toEqual([['updates', false]]);
      expect(renderMarkdown(report)).toContain(
        '- updates: register-webhook.created looks broken: no webhook to update (depends on register-webhook.created, but no test of it failed)',
      );
    }
  });
});

test('the coverage marks a stated clause not judged when none of its @stated tests passed or failed', () => {
  const report = verdictOf([
    passedStated,
    registers,
    updates,
    record({ title: 'updates, assumed', level: 'assumed', clauses: ['update-webhook.ok'] }),
  ]);
  const coverage = (id: string) => report.coverage.find((c) => c.id === id);
  expect(coverage('update-webhook.ok')?.judged, 'only an @assumed test passed').toBe(false);
  expect(coverage('register-webhook.created')?.judged).toBe(true);
  expect(renderMarkdown(report)).toMatch(
    /\| update-webhook\.ok \| stated \| .* \| \*\*not judged in this run\*\*<br>skipped: updates<br>passed: updates, assumed \|/,
  );
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
    /\| list-products\.ok \| stated \| .* \| \*\*not judged in this run\*\*<br>skipped: lists \|/,
  );
  expect(median([3, 1, 2, 10])).toBe(2.5);
});
