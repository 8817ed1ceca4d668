/**
 * Writes docs/instances.md from the instances the tests declare (selftest/support/instances-doc.ts). Run it
 * after adding or changing a test: selftest/instances.spec.ts fails while the page is stale.
 *
 *   npm run instances:docs
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { listSuite } from '../selftest/harness/suite-run.ts';
import { declared, instancesDoc, unjudgedInstances } from '../selftest/support/instances-doc.ts';

const tests = declared(await listSuite());
writeFileSync(path.join(PROJECT_ROOT, 'docs/instances.md'), `${instancesDoc(tests)}\n`);
const missing = unjudgedInstances(tests);
console.log(
  `Wrote docs/instances.md: ${tests.length} tests.${missing.length > 0 ? ` No test judges: ${missing.join('; ')}` : ''}`,
);
