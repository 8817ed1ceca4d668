/**
 * `npm run bench:waits [-- --reps=1 --only=queue|latency]`: does a target that makes the suite wait cost little more than one
 * that answers at once? Two of the reference's choices (docs/variants.md), each a valid store:
 * - deliveries from a queue (`deliveries-from-a-queue`: each delivery leaves 2 to 5 s after its write),
 *   against the embedded reference: the ratio queued / (clean + 5 s), the longest delay (goal: at most 1.5);
 * - slow answers (`slow-answers`: every answer takes 80 to 150 ms), a reference on loopback in this
 *   process as the run's BASE_URL (global setup times it and picks the workers): the ratio
 *   slow / max(clean, Σ latency / workers), the clean run against the same reference without the choice,
 *   Σ latency the requests it answered × 115 ms, their mean (goal: at most 1.2). Beside it, the same ratio
 *   of bare Playwright (selftest/bench/floor-project.ts): as many tests, files and workers, making the
 *   slow run's requests one after another to a server that answers each 80 to 150 ms later. What Playwright
 *   itself costs on this machine, starting its workers and running its tests, is the part of the
 *   ratio no suite can take away; the suite's own requests overlap within some tests, the floor's do not.
 * Each pair is run `reps` times, interleaved, at the config's workers; the figures are medians. Every run
 * must be CONFORMANT. Prints both ratios against their goals; exits 1 over either (the floor's is shown,
 * not judged).
 */
import { EmbeddedTargets } from '../support/contract/embedded-targets.ts';
import { workerCompileCache } from '../support/run/compile-cache.ts';
import path from 'node:path';
import { writeFloorProject, type FloorRequest } from '../selftest/bench/floor-project.ts';
import {
  machine,
  median,
  option,
  reported,
  runConformance,
  seconds,
  tempDir,
  timedRun,
} from '../selftest/bench/harness.ts';
import { runAgainstRemote } from '../selftest/bench/remote-target.ts';

const QUEUE_GOAL = 1.5;
const LATENCY_GOAL = 1.2;
/** The longest a delivery waits in the queue: the least a queued run can add. */
const LONGEST_DELAY_MS = 5_000;
/** The time of an answer under slow-answers, drawn evenly per request (docs/variants.md), and its mean. */
const SLOW_ANSWER_MS = [80, 150] as const;
const MEAN_LATENCY_MS = (SLOW_ANSWER_MS[0] + SLOW_ANSWER_MS[1]) / 2;
const reps = Number(option('reps', '1'));
/** One of the two benches alone: `queue` or `latency`. */
const only = option('only', '');

const conformant = (what: string, run: { exitCode: number | null; stdout: string }) => {
  if (run.exitCode !== 0)
    throw new Error(`${what} was not CONFORMANT (exit ${run.exitCode}):\n${run.stdout.slice(-3000)}`);
};

console.log(machine());
const clean: number[] = [];
const queued: number[] = [];
const near: number[] = [];
const slow: number[] = [];
const floor: number[] = [];
const requests: number[] = [];
const workers: number[] = [];
for (let rep = 1; rep <= reps; rep++) {
  if (only !== 'latency') await queueBench(rep);
  if (only !== 'queue') await latencyBench(rep);
}

async function queueBench(rep: number): Promise<void> {
  const plain = await runConformance();
  conformant('the clean run', plain);
  const queue = await runConformance({ REFERENCE_CHOICES: 'deliveries-from-a-queue' });
  conformant('the run with deliveries from a queue', queue);
  clean.push(plain.durationMs);
  queued.push(queue.durationMs);
  console.log(
    `rep ${rep}: embedded, clean ${seconds(plain.durationMs)} (${reported(plain, 'clean').workers} workers; ${plain.load}), ` +
      `deliveries from a queue ${seconds(queue.durationMs)} (${reported(queue, 'queue').workers} workers; ${queue.load})`,
  );
}

async function latencyBench(rep: number): Promise<void> {
  const onLoopback = await runAgainstRemote(0, undefined);
  conformant('the run against the reference on loopback', onLoopback.run);
  const slowed = await runAgainstRemote(0, undefined, {}, [...EmbeddedTargets.standard.choices, 'slow-answers']);
  conformant('the run against the reference with slow answers', slowed.run);
  const bare = await slowFloor(slowed.report, slowed.requests);
  near.push(onLoopback.run.durationMs);
  slow.push(slowed.run.durationMs);
  floor.push(bare.durationMs);
  requests.push(slowed.requests.length);
  workers.push(slowed.report.workers);
  console.log(
    `rep ${rep}: on loopback, clean ${seconds(onLoopback.run.durationMs)} (${onLoopback.report.workers} workers; ${onLoopback.run.load}), ` +
      `slow answers ${seconds(slowed.run.durationMs)} (${slowed.requests.length} requests, ${slowed.report.workers} workers; ${slowed.run.load}), ` +
      `bare Playwright ${seconds(bare.durationMs)} (${bare.load})`,
  );
}

/** Bare Playwright in the slow run's shape, its requests one after another, each answered 80 to 150 ms late. */
async function slowFloor(shape: { tests: number; files: number; workers: number }, sent: readonly FloorRequest[]) {
  const work = tempDir('bench-waits-floor');
  const dir = path.join(work.dir, 'floor');
  writeFloorProject(dir, { ...shape, requests: sent, latencyMs: SLOW_ANSWER_MS });
  // With the suite's compile cache, where Node has one: the floor's workers start as the suite's do.
  const run = await timedRun({ cwd: dir, args: [], env: workerCompileCache() });
  work.remove();
  if (run.exitCode !== 0)
    throw new Error(`the bare-Playwright floor failed (exit ${run.exitCode}):\n${run.stdout.slice(-3000)}`);
  return run;
}

const verdict = (ratio: number, goal: number) =>
  `${ratio.toFixed(2)} (goal ≤ ${goal}): ${ratio <= goal ? 'OK' : 'OVER THE GOAL'}`;
let over = false;
if (queued.length > 0) {
  const queueRatio = median(queued) / (median(clean) + LONGEST_DELAY_MS);
  over ||= queueRatio > QUEUE_GOAL;
  console.log(
    `deliveries from a queue: ${seconds(median(queued))} against clean ${seconds(median(clean))} + ${seconds(LONGEST_DELAY_MS)}, ` +
      `ratio ${verdict(queueRatio, QUEUE_GOAL)}`,
  );
}
if (slow.length > 0) {
  const sum = median(requests) * MEAN_LATENCY_MS;
  const bound = Math.max(median(near), sum / median(workers));
  const latencyRatio = median(slow) / bound;
  over ||= latencyRatio > LATENCY_GOAL;
  console.log(
    `slow answers: ${seconds(median(slow))}; ${median(requests)} requests, Σ latency ${seconds(sum)}, ` +
      `Σ / ${median(workers)} workers ${seconds(sum / median(workers))}, clean ${seconds(median(near))}; ` +
      `ratio slow / max(clean, Σ / workers) ${verdict(latencyRatio, LATENCY_GOAL)}`,
  );
  console.log(
    `bare Playwright, the same tests, workers and requests, one after another: ${seconds(median(floor))}, ` +
      `ratio ${(median(floor) / bound).toFixed(2)} of the same bound; the suite / bare Playwright ${(median(slow) / median(floor)).toFixed(2)}`,
  );
}
process.exitCode = over ? 1 : 0;
