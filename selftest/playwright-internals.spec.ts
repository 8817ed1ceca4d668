/**
 * What the suite takes from Playwright's inside, checked against the Playwright installed: an upgrade
 * that renames it would leave the suite correct but slower, and nothing else would say so.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

/** The playwright package that the installed @playwright/test runs on. */
const fromPlaywrightTest = createRequire(createRequire(import.meta.url).resolve('@playwright/test'));

test('Playwright still gathers the browser options in _combinedContextOptions, which fixtures/api-only.ts fixes empty', async () => {
  const lib = path.join(path.dirname(fromPlaywrightTest.resolve('playwright')), 'lib', 'index.js');
  const source = await readFile(lib, 'utf8');
  expect(source, `${lib}: the fixture the browser options are gathered in`).toMatch(
    /_combinedContextOptions: \[async \(\{[^}]*\bviewport\b[^}]*\}, use/,
  );
});
