/** The suite ships the spec it checks (spec/store-api.md); it must be the project's spec, word for word. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';

const shipped = path.join(PROJECT_ROOT, 'spec', 'store-api.md');
const source = path.join(PROJECT_ROOT, '..', 'shared', 'spec', 'store-api.md');

test('the shipped spec is the shared spec, unchanged', () => {
  test.skip(!existsSync(source), `no shared spec beside the checkout (${source}) to compare with`);
  expect(
    readFileSync(shipped, 'utf8') === readFileSync(source, 'utf8'),
    `spec/store-api.md differs from ${source}: copy it again and review clauses.ts`,
  ).toBe(true);
});
