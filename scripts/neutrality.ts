/**
 * `npm run neutrality -- --runs N [--seed S] [--base standard] [--workers W]`: the whole suite against N
 * random compatible sets of the reference's choices (seeds S to S+N-1; S drawn and printed when not
 * given), each reproducible by its seed. Per run: the seed, the choices, the verdict and counts, then
 * every `@stated` failure and unexplained skip with the command that replays it. Exits 1 when a run was
 * not CONFORMANT or had either (selftest/bench/neutrality.ts).
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ReferenceVariants, type ReferenceVariant } from '../support/contract/embedded-targets.ts';
import { describeDraw, passes, runDraw } from '../selftest/bench/neutrality.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    seed: { type: 'string' },
    base: { type: 'string', default: 'standard' },
    workers: { type: 'string' },
  },
});
const runs = Number(values.runs);
const first = values.seed === undefined ? randomInt(1_000_000) : Number(values.seed);
const base = values.base as ReferenceVariant;
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(first) || !ReferenceVariants.includes(base)) {
  console.error(`--runs must be a positive integer, --seed an integer, --base one of ${ReferenceVariants.join(', ')}`);
  process.exit(2);
}
const args = values.workers === undefined ? [] : [`--workers=${values.workers}`];

console.log(`Neutrality: ${runs} draw(s) over ${base}, seeds ${first} to ${first + runs - 1}`);
let failing = 0;
for (let seed = first; seed < first + runs; seed++) {
  const run = await runDraw(seed, base, args);
  if (!passes(run)) failing++;
  for (const line of describeDraw(run)) console.log(line);
}
console.log(`${runs} draw(s), ${failing} not CONFORMANT or with a @stated failure or an unexplained skip`);
process.exit(failing > 0 ? 1 : 0);
