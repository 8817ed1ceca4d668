/**
 * `npm run bench:fuzz [-- --seeds=10 --variants=standard,divergent,strict --reps=1 --catch]`: what the generated
 * requests (tests/generated/, docs/generated.md) cost and whether the references survive them.
 * 1. The added time: `npm run conformance` against the embedded reference with the default FUZZ_RUNS and with
 *    FUZZ=off, interleaved `reps` times; prints each run's wall and CPU time and the difference of the medians
 *    (bar: at most 20 s of wall time added), and, within the run with them, the generated tests' own time.
 * 2. The references survive them: the generated tests alone, with FUZZ_SEED 1 to `seeds`, against each
 *    variant; prints the answers by class, the 5xx and the failing tests (bar: none of either).
 * 3. With `--catch`: each crash fault of reference/faults/crashes.ts against the generated tests over the
 *    same seeds: how many seeds catch it (reported, no bar: the fault matrix proves each one with its seed).
 * Exits 1 over a bar.
 */
import { FaultCatalogue, FaultNames } from '../../reference/faults/index.ts';
import type { FaultDefinition } from '../../reference/faults/definition.ts';
import { Annotation, GENERATED_TAG } from '../../support/contract/annotations.ts';
import { machine, median, option, reported, runConformance, seconds } from './harness.ts';

const ADDED_BAR_MS = 20_000;
const seeds = Array.from({ length: Number(option('seeds', '10')) }, (_, i) => i + 1);
const variants = option('variants', 'standard,divergent,strict').split(',').filter(Boolean);
const reps = Number(option('reps', '1'));
const catchRates = process.argv.includes('--catch');

console.log(machine());
let over = false;

// 1. The added time.
const wall = { on: [] as number[], off: [] as number[] };
const cpu = { on: [] as number[], off: [] as number[] };
for (let rep = 1; rep <= reps; rep++) {
  for (const fuzz of ['on', 'off'] as const) {
    const run = await runConformance({ FUZZ: fuzz });
    const report = reported(run, `FUZZ=${fuzz}`);
    if (report.failed > 0)
      throw new Error(`The run with FUZZ=${fuzz} failed ${report.failed} tests:\n${run.stdout.slice(-3000)}`);
    wall[fuzz].push(run.durationMs);
    cpu[fuzz].push(run.cpuMs);
    const generated = run.tests.filter((t) => t.tags.includes(GENERATED_TAG));
    const own = generated.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
    console.log(
      `rep ${rep} FUZZ=${fuzz}: ${seconds(run.durationMs)} wall, ${seconds(run.cpuMs)} CPU, ${report.tests} tests, ` +
        `${report.workers} workers` +
        (fuzz === 'on'
          ? `; the ${generated.length} generated tests took ${seconds(own)} in all, ${seconds(own / report.workers)} per worker`
          : '') +
        ` (${run.load})`,
    );
  }
}
const added = median(wall.on) - median(wall.off);
over ||= added > ADDED_BAR_MS;
console.log(
  `added by the generated requests: ${seconds(added)} wall, ${seconds(median(cpu.on) - median(cpu.off))} CPU ` +
    `(medians, bar ≤ ${seconds(ADDED_BAR_MS)} wall): ${added <= ADDED_BAR_MS ? 'OK' : 'OVER THE BAR'}`,
);

/** The generated tests alone against the embedded reference, with `env`. */
async function generatedRun(env: Record<string, string>) {
  const run = await runConformance(env, ['--grep', GENERATED_TAG]);
  reported(run, JSON.stringify(env));
  const answers = { '2xx': 0, '4xx': 0, '5xx': 0, other: 0 };
  for (const test of run.tests) {
    // One annotation per test (the report may list it for the test and for its result).
    const note = test.annotations.find((a) => a.type === Annotation.generatedRequests)?.description ?? '';
    const counts = /(\d+) 2xx, (\d+) 4xx, (\d+) 5xx, (\d+) other/.exec(note);
    if (!counts) continue;
    answers['2xx'] += Number(counts[1]);
    answers['4xx'] += Number(counts[2]);
    answers['5xx'] += Number(counts[3]);
    answers.other += Number(counts[4]);
  }
  const failed = run.tests.filter((t) => t.outcome === 'unexpected' || t.outcome === 'flaky');
  return { run, answers, failed };
}

// 2. The references survive them.
for (const variant of variants) {
  const totals = { '2xx': 0, '4xx': 0, '5xx': 0, other: 0 };
  const failures: string[] = [];
  let skipped = 0;
  for (const seed of seeds) {
    const { run, answers, failed } = await generatedRun({ REFERENCE_VARIANT: variant, FUZZ_SEED: String(seed) });
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += answers[key];
    failures.push(
      ...failed.map((t) => `seed ${seed}: ${t.title}: ${(t.errors[0] ?? '').split('\n').slice(0, 3).join(' / ')}`),
    );
    skipped += run.tests.filter((t) => t.outcome === 'skipped').length;
  }
  const fine = totals['5xx'] === 0 && failures.length === 0;
  over ||= !fine;
  console.log(
    `${variant}: seeds ${seeds[0]}-${seeds.at(-1)}: ${totals['2xx']} 2xx, ${totals['4xx']} 4xx, ${totals['5xx']} 5xx, ` +
      `${totals.other} other; ${failures.length} failing test(s), ${skipped} skipped (bar: no 5xx, no failure): ${fine ? 'OK' : 'OVER THE BAR'}`,
  );
  for (const failure of failures) console.log(`  ${failure}`);
}

// 3. How many seeds catch each crash fault.
if (catchRates) {
  const crashes = FaultNames.filter((f) => (FaultCatalogue[f] as FaultDefinition).onlyGenerated === true);
  for (const fault of crashes) {
    let caught = 0;
    for (const seed of seeds) {
      const { failed } = await generatedRun({ REFERENCE_FAULTS: fault, FUZZ_SEED: String(seed) });
      if (failed.length > 0) caught += 1;
    }
    console.log(`${fault}: caught with ${caught} of ${seeds.length} seeds`);
  }
}
process.exitCode = over ? 1 : 0;
