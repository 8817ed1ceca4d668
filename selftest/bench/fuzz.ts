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
 *
 * `npm run bench:fuzz -- --target [--seeds=20]` runs none of these, but the generated tests alone against the
 * target this shell's variables name (BASE_URL, API_TOKEN, TARGET_PROFILE and the rest, as for `npm run
 * conformance`; no dotenv file is read), with FAKER_SEED 1 to `seeds`, each test's fast-check seed drawn from it
 * and its title; prints the answers by class of each seed and every failure with its seed and replay command
 * (bar: no failure). `--foreign=<STORE_CHOICES>` (`all`, `none`, `random:7`, a list of choices) does the same
 * against the foreign store (selftest/harness/foreign-store.ts), started afresh for each seed, so that what one
 * seed's requests left in it does not meet the next seed's. A valid store that a generated test fails shows a
 * false alarm here.
 * Exits 1 over a bar.
 */
import { FaultCatalogue, FaultNames } from '../../reference/faults/index.ts';
import type { FaultDefinition } from '../../reference/faults/definition.ts';
import { Annotation, GENERATED_TAG } from '../../support/contract/annotations.ts';
import { Variables } from '../../support/contract/variables.ts';
import { foreignStoreMissing, startForeignStore } from '../harness/foreign-store.ts';
import { machine, median, option, reported, runConformance, seconds } from './harness.ts';

const ADDED_BAR_MS = 20_000;
const foreign = process.argv.some((a) => a === '--foreign' || a.startsWith('--foreign='))
  ? option('foreign', '').replace(/^none$/, '')
  : undefined;
const againstTarget = process.argv.includes('--target') || foreign !== undefined;
const seeds = Array.from({ length: Number(option('seeds', againstTarget ? '20' : '10')) }, (_, i) => i + 1);
const variants = option('variants', 'standard,divergent,strict').split(',').filter(Boolean);
const reps = Number(option('reps', '1'));
const catchRates = process.argv.includes('--catch');

type Answers = Record<'2xx' | '4xx' | '5xx' | 'other', number>;

/** The generated tests alone, with `env` (`what` names it, secrets left out): their answers by class (their annotations) and the failing tests. */
async function generatedRun(env: Readonly<Record<string, string | undefined>>, what = JSON.stringify(env)) {
  const run = await runConformance(env, ['--grep', GENERATED_TAG]);
  reported(run, what);
  const answers: Answers = { '2xx': 0, '4xx': 0, '5xx': 0, other: 0 };
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

const classes = (answers: Answers) =>
  `${answers['2xx']} 2xx, ${answers['4xx']} 4xx, ${answers['5xx']} 5xx, ${answers.other} other`;

/** 1. The added time; true when over the bar. */
async function addedTime(): Promise<boolean> {
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
  console.log(
    `added by the generated requests: ${seconds(added)} wall, ${seconds(median(cpu.on) - median(cpu.off))} CPU ` +
      `(medians, bar ≤ ${seconds(ADDED_BAR_MS)} wall): ${added <= ADDED_BAR_MS ? 'OK' : 'OVER THE BAR'}`,
  );
  return added > ADDED_BAR_MS;
}

/** 2. The references survive them; true when one does not. */
async function referencesSurvive(): Promise<boolean> {
  let over = false;
  for (const variant of variants) {
    const totals: Answers = { '2xx': 0, '4xx': 0, '5xx': 0, other: 0 };
    const failures: string[] = [];
    let skipped = 0;
    for (const seed of seeds) {
      const { run, answers, failed } = await generatedRun({ REFERENCE_VARIANT: variant, FUZZ_SEED: String(seed) });
      for (const key of Object.keys(totals) as (keyof Answers)[]) totals[key] += answers[key];
      failures.push(
        ...failed.map((t) => `seed ${seed}: ${t.title}: ${(t.errors[0] ?? '').split('\n').slice(0, 3).join(' / ')}`),
      );
      skipped += run.tests.filter((t) => t.outcome === 'skipped').length;
    }
    const fine = totals['5xx'] === 0 && failures.length === 0;
    over ||= !fine;
    console.log(
      `${variant}: seeds ${seeds[0]}-${seeds.at(-1)}: ${classes(totals)}; ${failures.length} failing test(s), ` +
        `${skipped} skipped (bar: no 5xx, no failure): ${fine ? 'OK' : 'OVER THE BAR'}`,
    );
    for (const failure of failures) console.log(`  ${failure}`);
  }
  return over;
}

/** 3. How many seeds catch each crash fault. */
async function crashCatchRates(): Promise<void> {
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

/** What each seed's run is pointed at: its variables, the target's name, and how to let it go. */
interface Target {
  readonly name: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  close(): Promise<void>;
}

/** The target this shell's variables name: all that are set, but what each seed sets and where the harness keeps the reports. */
async function configuredTarget(): Promise<Target> {
  const own = new Set(['FAKER_SEED', 'FUZZ_SEED', 'FUZZ_PATH', 'FUZZ', 'REPORTS_DIR']);
  const env: Record<string, string | undefined> = {};
  for (const key of Object.keys(Variables))
    if (!own.has(key) && process.env[key] !== undefined) env[key] = process.env[key];
  if (env.BASE_URL === undefined) throw new Error('--target runs against the store BASE_URL names: set it');
  return { name: env.BASE_URL, env, close: async () => {} };
}

/** The foreign store with STORE_CHOICES=`choices`, just started. */
async function foreignTarget(choices: string): Promise<Target> {
  const missing = foreignStoreMissing();
  if (missing !== undefined) throw new Error(`--foreign: ${missing}`);
  const store = await startForeignStore(choices);
  return {
    name: `the foreign store with STORE_CHOICES=${choices || '(none)'}`,
    env: store.env,
    close: () => store.close(),
  };
}

/** The lines of a failing generated test worth printing: each distinct failure, its input and its replay. */
const failureLines = (error: string) =>
  error
    .split('\n')
    .filter((line) => /answered|input|replay:|no answer|Error:/.test(line) && !/^\s+at /.test(line))
    .map((line) => `    ${line.trim().slice(0, 400)}`);

/** `--target`, `--foreign`: the generated tests against the target, seed after seed; true when one failed. */
async function targetSurvives(start: () => Promise<Target>): Promise<boolean> {
  const totals: Answers = { '2xx': 0, '4xx': 0, '5xx': 0, other: 0 };
  let failing = 0;
  let name = '';
  for (const seed of seeds) {
    const target = await start();
    name = target.name;
    const env = { ...target.env, FUZZ: 'on', FUZZ_SEED: undefined, FUZZ_PATH: undefined, FAKER_SEED: String(seed) };
    const { run, answers, failed } = await generatedRun(env, `FAKER_SEED=${seed} against ${name}`).finally(() =>
      target.close(),
    );
    for (const key of Object.keys(totals) as (keyof Answers)[]) totals[key] += answers[key];
    failing += failed.length;
    const skipped = run.tests.filter((t) => t.outcome === 'skipped').length;
    console.log(`FAKER_SEED=${seed}: ${classes(answers)}; ${failed.length} failing test(s), ${skipped} skipped`);
    for (const test of failed) console.log([`  ${test.title}`, ...failureLines(test.errors[0] ?? '')].join('\n'));
  }
  console.log(
    `${name}: seeds ${seeds[0]}-${seeds.at(-1)}: ${classes(totals)}; ${failing} failing test(s) ` +
      `(bar: no failure): ${failing === 0 ? 'OK' : 'OVER THE BAR'}`,
  );
  return failing > 0;
}

console.log(machine());
let over = false;
if (againstTarget) over = await targetSurvives(foreign === undefined ? configuredTarget : () => foreignTarget(foreign));
else {
  over = (await addedTime()) || over;
  over = (await referencesSurvive()) || over;
  if (catchRates) await crashCatchRates();
}
process.exitCode = over ? 1 : 0;
