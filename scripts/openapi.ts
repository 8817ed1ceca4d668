/**
 * Writes spec/openapi.json, the OpenAPI 3.1 document of the documented operations, from the suite's own
 * zod schemas and contract (support/report/openapi/document.ts). Run it after changing a schema, a body, an
 * operation or a clause: selftest/openapi.spec.ts fails while the committed document is stale, and
 * `npm run lint:openapi` lints it.
 *
 *   npm run openapi
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { OPENAPI_FILE, openApiText } from '../support/report/openapi/document.ts';

writeFileSync(path.join(PROJECT_ROOT, OPENAPI_FILE), openApiText());
console.log(`Wrote ${OPENAPI_FILE}`);
