/**
 * Writes spec/conformance-report.schema.json, the JSON Schema of `conformance.json`, from the zod schema
 * the reporter checks every report against (support/report/report-format.ts). Run it after changing
 * that file: selftest/report-schema.spec.ts fails while the committed schema is stale.
 *
 *   npm run report:schema
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { REPORT_SCHEMA_FILE, reportJsonSchemaText } from '../support/report/report-format.ts';

writeFileSync(path.join(PROJECT_ROOT, REPORT_SCHEMA_FILE), reportJsonSchemaText());
console.log(`Wrote ${REPORT_SCHEMA_FILE}`);
