/**
 * `npm run bench:remote [-- --delay-ms=100 --workers=default --reps=3]`: does the suite turn a
 * target's latency into wall time no worse than its workers allow? The reference behind a proxy that
 * delays every request (selftest/bench/remote-target.ts), the suite pointed at the proxy as its
 * BASE_URL. For each worker count (`default`: the config's default for a remote target, see
 * support/run/workers.ts), interleaved `reps` times: a run through the proxy without delay and one with it.
 * Prints the requests (counted at the proxy), Σ latency (requests × delay), the no-delay time, the
 * actual time and the ratio actual / max(no-delay time, Σ latency / workers) (bar: at most 1.1). The run is
 * a user's default one: generated requests and delivery observations on.
 */
import { defaultWorkers } from '../support/run/workers.ts';
import { machine, median, option, seconds } from '../selftest/bench/harness.ts';
import { runAgainstRemote } from '../selftest/bench/remote-target.ts';

const BAR = 1.1;
const delayMs = Number(option('delay-ms', '100'));
const reps = Number(option('reps', '3'));
const remoteDefault = defaultWorkers('https://remote.example');
const counts = option('workers', 'default')
  .split(',')
  .map((w) => (w.trim() === 'default' ? remoteDefault : Number(w)));

console.log(machine());
console.log(`delay ${delayMs} ms per request; default workers for a remote target: ${remoteDefault}`);
let over = false;
for (const workers of [...new Set(counts)]) {
  const plain: number[] = [];
  const delayed: number[] = [];
  const requests: number[] = [];
  for (let rep = 1; rep <= reps; rep++) {
    const without = await runAgainstRemote(0, workers);
    const withDelay = await runAgainstRemote(delayMs, workers);
    plain.push(without.run.durationMs);
    delayed.push(withDelay.run.durationMs);
    requests.push(withDelay.requests.length);
    console.log(
      `  ${workers} workers, rep ${rep}: no delay ${seconds(without.run.durationMs)} (${without.report.failed} failed; ${without.run.load}); ` +
        `${delayMs} ms ${seconds(withDelay.run.durationMs)} (${withDelay.requests.length} requests, ${withDelay.report.failed} failed; ${withDelay.run.load})`,
    );
  }
  const sum = median(requests) * delayMs;
  const bound = Math.max(median(plain), sum / workers);
  const result = median(delayed) / bound;
  over ||= result > BAR;
  console.log(
    `${workers} workers: ${median(requests)} requests, Σ latency ${seconds(sum)}, Σ/workers ${seconds(sum / workers)}, ` +
      `no delay ${seconds(median(plain))}, actual ${seconds(median(delayed))}, ratio actual / max(no delay, Σ/workers) ` +
      `${result.toFixed(2)} (bar ≤ ${BAR}): ${result <= BAR ? 'OK' : 'OVER THE BAR'}`,
  );
}
process.exitCode = over ? 1 : 0;
