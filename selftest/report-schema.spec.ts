/**
 * The conformance report's published format: spec/conformance-report.schema.json is what
 * `npm run report:schema` makes of the zod schema the reporter checks every report against
 * (support/report/report-format.ts), and that check refuses a report with a field the format lacks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { buildReport } from '../support/report/conformance-report.ts';
import {
  ConformanceReport,
  REPORT_FORMAT_VERSION,
  REPORT_SCHEMA_FILE,
  reportJsonSchemaText,
} from '../support/report/report-format.ts';

test(`${REPORT_SCHEMA_FILE} is up to date with the report's zod schema`, async () => {
  const committed = await readFile(path.join(PROJECT_ROOT, REPORT_SCHEMA_FILE), 'utf8').catch(() => '(missing)');
  expect(committed, `${REPORT_SCHEMA_FILE} is stale: run npm run report:schema and commit it`).toBe(
    reportJsonSchemaText(),
  );
  const schema = JSON.parse(committed) as { properties: { formatVersion: { const: number } }; required: string[] };
  expect(schema.properties.formatVersion.const).toBe(REPORT_FORMAT_VERSION);
  expect(schema.required).toEqual(expect.arrayContaining(['verdict', 'reasons', 'dependentSkips', 'coverage']));
});

test('the format refuses a report with a field it does not define, or a verdict it does not know', () => {
  const report = buildReport({
    tests: [],
    runInfo: null,
    runErrors: ['PreflightError: Target unreachable'],
    shard: null,
    date: new Date(0),
    durationMs: 1,
    fakerSeed: undefined,
  });
  expect(ConformanceReport.safeParse(report).success).toBe(true);
  expect(ConformanceReport.safeParse({ ...report, extra: 1 }).success).toBe(false);
  expect(ConformanceReport.safeParse({ ...report, verdict: 'PASSED' }).success).toBe(false);
});
