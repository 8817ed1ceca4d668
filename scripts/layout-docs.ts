/**
 * Writes CONTRIBUTING.md's layout table from the rules dependency-cruiser checks (.dependency-cruiser.cjs).
 * Run it after changing them: selftest/layout.spec.ts fails while the table is stale.
 *
 *   npm run layout:docs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { CONTRIBUTING_FILE, contributingWithTable } from '../selftest/harness/layout.ts';

const file = path.join(PROJECT_ROOT, CONTRIBUTING_FILE);
writeFileSync(file, contributingWithTable(readFileSync(file, 'utf8')));
console.log(`Wrote the layout table of ${CONTRIBUTING_FILE}`);
