/**
 * `npm run bench:workers [-- --local=1,2,3,4 --remote=2,4,8,16 --delay-ms=100 --reps=3]`: the suite's
 * wall time by worker count, the evidence for the default in support/run/workers.ts. Against the embedded
 * reference at each `local` count, and against the reference behind a proxy delaying each request
 * `delay-ms` (a remote target's latency; selftest/bench/remote-target.ts) at each `remote` count;
 * each series interleaved `reps` times. Prints every run with its load, then per count the median, its
 * ratio to the fastest, and which count is fastest.
 */
import { availableParallelism } from 'node:os';
import { defaultWorkers } from '../support/run/workers.ts';
import {
  machine,
  median,
  numbers,
  option,
  reported,
  runConformance,
  seconds,
  type PlaywrightRun,
} from '../selftest/bench/harness.ts';
import { runAgainstRemote } from '../selftest/bench/remote-target.ts';

const reps = Number(option('reps', '3'));
const delayMs = Number(option('delay-ms', '100'));
const local = numbers(option('local', '1,2,3,4'));
const remote = numbers(option('remote', '2,4,8,16'));

async function series(name: string, counts: readonly number[], run: (workers: number) => Promise<PlaywrightRun>) {
  if (counts.length === 0) return;
  const times = new Map<number, number[]>(counts.map((c) => [c, []]));
  for (let rep = 1; rep <= reps; rep++) {
    for (const workers of counts) {
      const result = await run(workers);
      const report = reported(result, `${name} at ${workers} workers`);
      times.get(workers)!.push(result.durationMs);
      console.log(
        `  ${name}, ${workers} workers, rep ${rep}: ${seconds(result.durationMs)} (${report.tests} tests, ${report.failed} failed; ${result.load})`,
      );
    }
  }
  const medians = counts.map((c) => ({ workers: c, time: median(times.get(c)!) }));
  const fastest = medians.reduce((a, b) => (b.time < a.time ? b : a));
  console.log(`${name}: median wall time by workers`);
  for (const { workers, time } of medians)
    console.log(
      `  ${String(workers).padStart(2)} workers: ${seconds(time)}  ×${(time / fastest.time).toFixed(2)} of the fastest`,
    );
  console.log(`  fastest: ${fastest.workers} workers`);
}

console.log(machine());
console.log(
  `defaults (support/run/workers.ts): embedded or loopback ${defaultWorkers(undefined)}, remote ${defaultWorkers('https://remote.example')} ` +
    `(availableParallelism ${availableParallelism()})`,
);
await series('embedded reference', local, (workers) => runConformance({ WORKERS: String(workers) }));
await series(
  `reference behind a ${delayMs} ms proxy`,
  remote,
  async (workers) => (await runAgainstRemote(delayMs, workers)).run,
);
