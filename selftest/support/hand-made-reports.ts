/** Test records and reports made by hand, for the self tests of the verdict's rules and of what reads reports. */
import {
  buildReport,
  type ConformanceReport,
  type ReportInput,
  type TestRecord,
} from '../../support/report/conformance-report.ts';

/** A passed @stated test of Register Webhook's status clause, with `overrides` over it. */
export function testRecord(overrides: Partial<TestRecord> & Pick<TestRecord, 'title'>): TestRecord {
  return {
    location: 'tests/x.spec.ts:1',
    level: 'stated',
    operation: 'Register Webhook',
    clauses: ['register-webhook.created'],
    outcome: 'passed',
    dependsOn: [],
    notApplicable: false,
    deliveryLatenciesMs: [],
    ...overrides,
  };
}

/** The report of a whole run (no shard) of these tests, as the conformance reporter builds it. */
export function handMadeReport(
  tests: readonly TestRecord[],
  runErrors: readonly string[] = [],
  more: Pick<ReportInput, 'readOnly' | 'store'> = {},
): ConformanceReport {
  return buildReport({
    ...more,
    tests,
    runInfo: null,
    runErrors,
    shard: null,
    date: new Date(0),
    durationMs: 1,
    fakerSeed: '1',
  });
}
