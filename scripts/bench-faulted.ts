/**
 * `npm run bench:faulted [-- --reps=3 --faults=envelope-status-ok,list-products-no-pagination]`: how much
 * slower a broken target makes the suite. Playwright starts a new worker after every failed test
 * (microsoft/playwright#32803), so the time of a faulted run is mostly worker starts. Runs, interleaved
 * `reps` times, the suite against the clean embedded reference and with each fault (REFERENCE_FAULTS),
 * at the default workers; prints each run's time, failed tests and load, then the medians and each
 * fault's ratio to clean (bar: at most 3). Exits 1 over the bar.
 */
import { machine, median, option, ratio, seconds } from './lib/bench/harness.ts';
import { reported, runConformance } from './lib/bench/playwright-run.ts';

const BAR = 3;
const reps = Number(option('reps', '3'));
const faults = option('faults', 'envelope-status-ok,list-products-no-pagination').split(',').filter(Boolean);
const variants = ['', ...faults];
const label = (fault: string) => fault || 'clean';

console.log(machine());
const times = new Map<string, number[]>(variants.map((v) => [v, []]));
const failed = new Map<string, number>();
for (let rep = 1; rep <= reps; rep++) {
  for (const fault of variants) {
    const run = await runConformance({ REFERENCE_FAULTS: fault });
    const report = reported(run, label(fault));
    if (!fault && report.failed > 0)
      throw new Error(`The clean run failed ${report.failed} tests:\n${run.stdout.slice(-3000)}`);
    times.get(fault)!.push(run.durationMs);
    failed.set(fault, report.failed);
    console.log(
      `rep ${rep} ${label(fault)}: ${seconds(run.durationMs)}, ${report.failed}/${report.tests} failed, ` +
        `${report.workers} workers, ${new Set(report.results.map((r) => r.workerIndex)).size} worker processes (${run.load})`,
    );
  }
}

const clean = median(times.get('')!);
let over = false;
console.log(`median clean: ${seconds(clean)}`);
for (const fault of faults) {
  const time = median(times.get(fault)!);
  over ||= time / clean > BAR;
  console.log(
    `median ${fault}: ${seconds(time)}, ${failed.get(fault)} failed, ratio to clean ${ratio(time, clean)} ` +
      `(bar ≤ ${BAR}): ${time / clean <= BAR ? 'OK' : 'OVER THE BAR'}`,
  );
}
process.exitCode = over ? 1 : 0;
