/**
 * The suite relies on none of the reference's choices: against a set drawn from the catalogue per `npm test`
 * run, over the standard base or the divergent one as the draw falls, the whole suite is CONFORMANT with no
 * `@stated` failure and no unexplained skip. The seed is new each run and printed (in the test's annotations
 * and any failure), so that a draw that fails replays: `npm run neutrality -- --runs 1 --seed <seed> --base <base>`;
 * `npm run neutrality -- --runs N` draws N at once.
 */
import { randomInt } from 'node:crypto';
import { describeDraw, passes, replayCommand, runDraw } from './bench/neutrality.ts';
import { expect, test, WHOLE_SUITE } from './fixtures.ts';

test(
  "the whole suite against a set of the reference's choices drawn over the standard or the divergent base: CONFORMANT, no @stated failure, no unexplained skip",
  WHOLE_SUITE,
  async ({}, testInfo) => {
    const seed = randomInt(1_000_000);
    const base = seed % 2 === 0 ? 'standard' : 'divergent';
    testInfo.annotations.push({ type: 'neutrality seed', description: `random:${seed} on ${base}` });
    // Three workers: a drawn list may show writes late, and its tests then mostly wait.
    const run = await runDraw(seed, base, ['--workers=3']);
    const described = describeDraw(run);
    console.log(described.join('\n'));
    expect(
      passes(run) ? [] : described,
      `the draw random:${seed} on ${base} (replay: npm run neutrality -- --runs 1 --seed ${seed} --base ${base})`,
    ).toEqual([]);
  },
);

test("a finding's replay command greps its title as Playwright matches it, quoted for the shell", () => {
  expect(replayCommand(5, 'standard', 'List Products › holds (per_page) items')).toBe(
    "REFERENCE_CHOICES=random:5 npm run conformance -- --grep 'List Products holds \\(per_page\\) items'",
  );
  expect(replayCommand(6, 'divergent', "Register Webhook › answers 201 when it's named")).toBe(
    "REFERENCE_VARIANT=divergent REFERENCE_CHOICES=random:6 npm run conformance -- --grep 'Register Webhook answers 201 when it'\\''s named'",
  );
});
