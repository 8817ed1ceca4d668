/**
 * `npm run bench:faulted [-- --reps=3 --faults=envelope-status-ok,list-products-no-pagination]`: how much
 * slower a broken target makes the suite. Playwright starts a new worker after every failed test
 * (microsoft/playwright#32803), so the time of a faulted run is mostly worker starts. Runs, interleaved
 * `reps` times, the suite against the clean embedded reference and with each fault (REFERENCE_FAULTS),
 * at the default workers (or at each of `--workers=2,4`); prints each run's time, failed tests, worker
 * processes and load, then the medians and each fault's ratio to clean at the same workers (bar: at
 * most 1.5). Exits 1 over the bar.
 */
import { machine, median, option, ratio, reported, runConformance, seconds } from '../selftest/bench/harness.ts';

const BAR = 1.5;
const reps = Number(option('reps', '3'));
const faults = option('faults', 'envelope-status-ok,list-products-no-pagination').split(',').filter(Boolean);
/** Worker counts ('default': the config's). */
const workerCounts = option('workers', 'default').split(',').filter(Boolean);
const variants = workerCounts.flatMap((workers) => ['', ...faults].map((fault) => ({ workers, fault })));
const label = ({ workers, fault }: { workers: string; fault: string }) =>
  `${fault || 'clean'}${workerCounts.length > 1 ? ` at ${workers} workers` : ''}`;

console.log(machine());
const times = new Map<string, number[]>(variants.map((v) => [label(v), []]));
const failed = new Map<string, number>();
for (let rep = 1; rep <= reps; rep++) {
  for (const variant of variants) {
    const { workers, fault } = variant;
    const run = await runConformance({ REFERENCE_FAULTS: fault, WORKERS: workers === 'default' ? undefined : workers });
    const report = reported(run, label(variant));
    if (!fault && report.failed > 0)
      throw new Error(`The clean run failed ${report.failed} tests:\n${run.stdout.slice(-3000)}`);
    times.get(label(variant))!.push(run.durationMs);
    failed.set(label(variant), report.failed);
    console.log(
      `rep ${rep} ${label(variant)}: ${seconds(run.durationMs)}, ${report.failed}/${report.tests} failed, ` +
        `${report.workers} workers, ${new Set(report.results.map((r) => r.workerIndex)).size} worker processes (${run.load})`,
    );
  }
}

let over = false;
for (const workers of workerCounts) {
  const clean = median(times.get(label({ workers, fault: '' }))!);
  console.log(`median ${label({ workers, fault: '' })}: ${seconds(clean)}`);
  for (const fault of faults) {
    const name = label({ workers, fault });
    const time = median(times.get(name)!);
    over ||= time / clean > BAR;
    console.log(
      `median ${name}: ${seconds(time)}, ${failed.get(name)} failed, ratio to clean ${ratio(time, clean)} ` +
        `(bar ≤ ${BAR}): ${time / clean <= BAR ? 'OK' : 'OVER THE BAR'}`,
    );
  }
}
process.exitCode = over ? 1 : 0;
