/**
 * Mutation testing's own rules (selftest/mutation/, docs/mutation.md): a mutant is skipped only where its
 * line quotes the spec's words that leave it open, or says why it cannot change what a client sees; a line
 * marked as a reading names an assumed clause.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { misnamed, readingRanges } from './mutation/readings.ts';
import { MUTATED } from './mutation/sandbox.ts';

const SPEC = readFileSync(path.join(PROJECT_ROOT, 'spec/store-api.md'), 'utf8');
const DISABLE = /\/\/\s*Stryker disable(?: next-line)? [\w,]+:\s*(.*)$/;
/** A reason that names no spec words says why the mutant cannot change what a client sees. */
const EQUIVALENT = /^equivalent: \S/;

test('every mutant a line skips quotes the spec words that leave it open, or says why it is equivalent', () => {
  const wrong = MUTATED.flatMap((file) =>
    readFileSync(path.join(PROJECT_ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        const reason = DISABLE.exec(line)?.[1];
        if (reason === undefined) return [];
        const quotes = [...reason.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '');
        const where = `${file}:${i + 1}`;
        if (quotes.length === 0)
          return EQUIVALENT.test(reason) ? [] : [`${where}: neither spec words in double quotes nor "equivalent: why"`];
        return quotes.filter((q) => !SPEC.includes(q)).map((q) => `${where}: ${JSON.stringify(q)} is not in the spec`);
      }),
  );
  expect(wrong).toEqual([]);
});

test('every line marked as a reading names assumed clauses', async () => {
  expect(misnamed(await readingRanges(MUTATED))).toEqual([]);
});
