/**
 * Mutation testing's own rules (selftest/mutation/, docs/mutation.md): a mutant is skipped only where its
 * line quotes the spec's words that leave it open, or says why it cannot change what a client sees; a line
 * marked as a reading names an assumed clause. And a fixed sample of the mutants the last whole run killed
 * is killed still, by the tests that killed it then (history.json): `npm test`'s share of mutation testing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { misnamed, readingRanges } from './mutation/readings.ts';
import { MUTATED } from './mutation/sandbox.ts';
import { runSample } from './mutation/mutation.ts';

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

test('the sampled mutants the last whole run killed are killed still, by the tests that killed them', async () => {
  const sample = await runSample();
  test.info().annotations.push({
    type: 'mutation sample',
    description: `${sample.checked} mutants run, ${sample.skipped} now skipped by their lines, in ${Math.round(sample.durationMs / 1000)} s`,
  });
  expect(
    sample.alive.map(
      ({ mutant, tests }) =>
        `${mutant.file}:${mutant.line} ${mutant.mutator} ${JSON.stringify(mutant.original)} → ${JSON.stringify(mutant.replacement)}, not failing ${tests.join(' | ')}`,
    ),
    'sampled mutants no test kills now (npm run mutation to see which test should)',
  ).toEqual([]);
  // A sampled mutant whose code has changed since is not a failure of the suite: the next whole run renews the sample.
  if (sample.gone.length > 0)
    test
      .info()
      .annotations.push({ type: 'mutation sample: gone, run npm run mutation', description: sample.gone.join('; ') });
  expect(
    sample.checked,
    'sampled mutants run: none means history.json is missing or stale (npm run mutation)',
  ).toBeGreaterThan(0);
});
