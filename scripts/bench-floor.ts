/**
 * `npm run bench:floor [-- --reps=3]`: the suite against the embedded reference (`npm run conformance`'s
 * command, default workers, the config's reporters) versus a bare-Playwright floor for the same count
 * of tests, files, workers and HTTP requests (selftest/bench/floor-project.ts). The suite's requests
 * are counted at the reference (BENCH_REQUEST_COUNT_FILE, support/run/global-setup.ts), the floor's at its
 * server. Suite and floor run back to back, `reps` times; prints each pair, the medians and the ratio
 * suite / floor (bar: at most 1.2). Exits 1 over the bar or when a run fails.
 *
 * The ratio is of the judged suite: observations off (OBSERVE_DELIVERIES=false). The observation tests
 * (tests/observations/) watch for retries and repeats for fixed windows, time no floor can do without;
 * each rep also runs the suite with them on and prints what they cost (issue 13's bar: at most 20 s).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFloorProject } from '../selftest/bench/floor-project.ts';
import {
  machine,
  median,
  option,
  phases,
  ratio,
  reported,
  runConformance,
  seconds,
  tempDir,
  timedRun,
} from '../selftest/bench/harness.ts';

const BAR = 1.2;
const OBSERVATION_BAR_MS = 20_000;
const reps = Number(option('reps', '3'));

const counted = (file: string) => (existsSync(file) ? Number(readFileSync(file, 'utf8')) : NaN);

console.log(machine());
const work = tempDir('bench-floor');
const suiteTimes: number[] = [];
const floorTimes: number[] = [];
const observingTimes: number[] = [];
let floorDir: string | undefined;

for (let rep = 1; rep <= reps; rep++) {
  const suiteCount = path.join(work.dir, `suite-${rep}.count`);
  const suite = await runConformance({ BENCH_REQUEST_COUNT_FILE: suiteCount, OBSERVE_DELIVERIES: 'false' });
  const shape = reported(suite, 'the suite');
  const requests = counted(suiteCount);
  if (suite.exitCode !== 0 || shape.failed > 0 || !Number.isFinite(requests))
    throw new Error(
      `The suite's run failed (exit ${suite.exitCode}, ${shape.failed} failed):\n${suite.stdout.slice(-3000)}`,
    );
  if (!floorDir) {
    floorDir = path.join(work.dir, 'floor');
    writeFloorProject(floorDir, { tests: shape.tests, files: shape.files, requests, workers: shape.workers });
    console.log(
      `suite: ${shape.tests} tests in ${shape.files} files, ${requests} requests at the reference, ${shape.workers} workers`,
    );
  }
  const floorCount = path.join(work.dir, `floor-${rep}.count`);
  const floor = await timedRun({ cwd: floorDir, args: [], env: { FLOOR_REQUEST_COUNT_FILE: floorCount } });
  const floorShape = reported(floor, 'the floor');
  if (floor.exitCode !== 0)
    throw new Error(`The floor's run failed (exit ${floor.exitCode}):\n${floor.stdout.slice(-3000)}`);
  const observing = await runConformance({ OBSERVE_DELIVERIES: 'true' });
  if (observing.exitCode !== 0)
    throw new Error(
      `The suite's run with observations failed (exit ${observing.exitCode}):\n${observing.stdout.slice(-3000)}`,
    );
  suiteTimes.push(suite.durationMs);
  floorTimes.push(floor.durationMs);
  observingTimes.push(observing.durationMs);
  console.log(
    `rep ${rep}: suite ${seconds(suite.durationMs)} (${suite.load}); floor ${seconds(floor.durationMs)} ` +
      `(${floorShape.tests} tests, ${counted(floorCount)} requests, ${floorShape.workers} workers; ${floor.load}); ` +
      `ratio ${ratio(suite.durationMs, floor.durationMs)}`,
  );
  console.log(`  suite: ${phases(suite)}`);
  console.log(`  floor: ${phases(floor)}`);
  console.log(
    `  with observations: ${seconds(observing.durationMs)} (${observing.load}), ` +
      `${seconds(observing.durationMs - suite.durationMs)} more`,
  );
}

const result = median(suiteTimes) / median(floorTimes);
const observationCost = median(observingTimes) - median(suiteTimes);
console.log(
  `median: suite ${seconds(median(suiteTimes))}, floor ${seconds(median(floorTimes))}, ratio ${result.toFixed(2)} ` +
    `(bar ≤ ${BAR}): ${result <= BAR ? 'OK' : 'OVER THE BAR'}`,
);
console.log(
  `median with observations: ${seconds(median(observingTimes))}, ${seconds(observationCost)} more ` +
    `(bar ≤ ${seconds(OBSERVATION_BAR_MS)}): ${observationCost <= OBSERVATION_BAR_MS ? 'OK' : 'OVER THE BAR'}`,
);
process.exitCode = result <= BAR && observationCost <= OBSERVATION_BAR_MS ? 0 : 1;
