/**
 * Writes `.env.example` and the README's configuration table from the registry of variables
 * (support/contract/variables.ts). Run it after changing the registry: selftest/config-docs.spec.ts
 * fails while either file is stale.
 *
 *   npm run config:docs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { ENV_EXAMPLE_FILE, envExample, README_FILE, readmeWithTable } from '../support/run/config-docs.ts';

const readme = path.join(PROJECT_ROOT, README_FILE);
writeFileSync(readme, readmeWithTable(readFileSync(readme, 'utf8')));
writeFileSync(path.join(PROJECT_ROOT, ENV_EXAMPLE_FILE), envExample());
console.log(`Wrote ${ENV_EXAMPLE_FILE} and the configuration table of ${README_FILE}`);
