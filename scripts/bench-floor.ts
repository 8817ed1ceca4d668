/**
 * `npm run bench:floor [-- --reps=3]`: the suite's own cost against a bare-Playwright floor for the same
 * count of tests, files and workers and the same HTTP requests (selftest/bench/floor-project.ts: each
 * request's method, body bytes and answer bytes, as the proxy saw them), on the run a user
 * gets by default: generated requests and delivery observations on. The suite runs against the reference
 * in this process (selftest/bench/remote-target.ts, no delay), so the run's processes, runner and
 * workers, are the suite's alone; the floor's instant server lives in its runner. The suite's requests
 * are counted at the stand-in's proxy, the floor's at its server. Suite and floor run back to back,
 * `reps` times; prints each pair's wall time and CPU time (user and system of the run's processes: what
 * it costs the machine, whatever else shares it), the medians and the ratios suite / floor. The bar is
 * on CPU (at most 1.2): wall time on a shared machine measures the neighbours, and the observations wait.
 * Then one more pair, each process profiled (selftest/bench/cpu-profile.ts), says where the difference goes.
 */
import { writeFloorProject, type FloorRequest } from '../selftest/bench/floor-project.ts';
import { workerCompileCache } from '../support/run/compile-cache.ts';
import {
  machine,
  median,
  option,
  phases,
  ratio,
  reported,
  seconds,
  tempDir,
  timedRun,
} from '../selftest/bench/harness.ts';
import { runAgainstRemote } from '../selftest/bench/remote-target.ts';
import { cpuByPart, describeDifference, profiling } from '../selftest/bench/cpu-profile.ts';
import path from 'node:path';

const CPU_BAR = 1.2;
const megabytes = (requests: readonly FloorRequest[], way: 'sent' | 'received') =>
  `${(requests.reduce((sum, r) => sum + r[way], 0) / 2 ** 20).toFixed(1)} MiB`;
const reps = Number(option('reps', '3'));

console.log(machine());
const work = tempDir('bench-floor');
const suiteTimes: number[] = [];
const suiteCpu: number[] = [];
const floorTimes: number[] = [];
const floorCpu: number[] = [];
let floorDir: string | undefined;

for (let rep = 1; rep <= reps; rep++) {
  const { run: suite, report: shape, requests } = await runAgainstRemote(0, undefined);
  if (suite.exitCode !== 0 || shape.failed > 0)
    throw new Error(
      `The suite's run failed (exit ${suite.exitCode}, ${shape.failed} failed):\n${suite.stdout.slice(-3000)}`,
    );
  if (!floorDir) {
    floorDir = path.join(work.dir, 'floor');
    writeFloorProject(floorDir, { tests: shape.tests, files: shape.files, requests, workers: shape.workers });
    console.log(
      `suite: ${shape.tests} tests in ${shape.files} files, ${requests.length} requests at the target ` +
        `(${megabytes(requests, 'sent')} sent, ${megabytes(requests, 'received')} received), ${shape.workers} workers`,
    );
  }
  const floorCount = path.join(work.dir, `floor-${rep}.count`);
  const floor = await timedRun({
    cwd: floorDir,
    args: [],
    // With the suite's compile cache, where Node has one: the floor's workers start as the suite's do.
    env: { FLOOR_REQUEST_COUNT_FILE: floorCount, ...workerCompileCache() },
  });
  const floorShape = reported(floor, 'the floor');
  if (floor.exitCode !== 0)
    throw new Error(`The floor's run failed (exit ${floor.exitCode}):\n${floor.stdout.slice(-3000)}`);
  suiteTimes.push(suite.durationMs);
  suiteCpu.push(suite.cpuMs);
  floorTimes.push(floor.durationMs);
  floorCpu.push(floor.cpuMs);
  console.log(
    `rep ${rep}: suite ${seconds(suite.durationMs)}, CPU ${seconds(suite.cpuMs)} (${suite.load}); ` +
      `floor ${seconds(floor.durationMs)}, CPU ${seconds(floor.cpuMs)} (${floorShape.tests} tests, ${floorShape.workers} workers; ${floor.load}); ` +
      `ratio wall ${ratio(suite.durationMs, floor.durationMs)}, CPU ${ratio(suite.cpuMs, floor.cpuMs)}`,
  );
  console.log(`  suite: ${phases(suite)}`);
  console.log(`  floor: ${phases(floor)}`);
}

const cpuRatio = median(suiteCpu) / median(floorCpu);
console.log(
  `median: suite ${seconds(median(suiteTimes))}, CPU ${seconds(median(suiteCpu))}; floor ${seconds(median(floorTimes))}, ` +
    `CPU ${seconds(median(floorCpu))}; ratio wall ${ratio(median(suiteTimes), median(floorTimes))}, ` +
    `CPU ${cpuRatio.toFixed(2)} (bar ≤ ${CPU_BAR}): ${cpuRatio <= CPU_BAR ? 'OK' : 'OVER THE BAR'}`,
);

// Where the difference goes: one more pair, every process of each run profiled.
const suiteProfiles = tempDir('bench-floor-suite-profiles').dir;
const floorProfiles = tempDir('bench-floor-floor-profiles').dir;
await runAgainstRemote(0, undefined, profiling(suiteProfiles));
await timedRun({ cwd: floorDir!, args: [], env: profiling(floorProfiles) });
for (const line of describeDifference(cpuByPart(suiteProfiles), cpuByPart(floorProfiles))) console.log(line);
process.exitCode = cpuRatio <= CPU_BAR ? 0 : 1;
