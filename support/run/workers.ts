/**
 * How many workers a run gets when WORKERS is not set (WORKERS always wins). Measured with
 * `npm run bench:workers` on a 2-core machine; the figures are in README ("Workers").
 * - Embedded reference or a loopback target: one worker per core. The runner hosts the reference, the
 *   capture server and the reporters, but mostly waits; each worker beyond the cores costs a start
 *   (about 1.3 s of CPU) and buys nothing. On 2 cores, idle: 2 workers 11.1 s, 1 worker 19.2 s,
 *   3 workers 11.2 s (observations on); observations off, 2 workers 5.6 s, 3 6.2 to 6.7 s, 4 6.8 to 7.0 s.
 * - Remote target: a test mostly waits on the network, so more workers than cores overlap the waits;
 *   but every worker costs a start (config, test files, their modules) on the same cores. Four per core
 *   was fastest behind a 100 ms proxy (`npm run bench:remote -- --workers=4,8,16`: 19.0, 13.9, 18.2 s).
 */
import { availableParallelism } from 'node:os';
import { isLoopback } from '../client/http.ts';

/** Workers per core against a remote target. */
const REMOTE_WORKERS_PER_CORE = 4;

function isRemote(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  try {
    return !isLoopback(baseUrl);
  } catch {
    // Not a URL: global setup's config check says so; the count does not matter.
    return false;
  }
}

export function defaultWorkers(baseUrl: string | undefined, cores = availableParallelism()): number {
  return isRemote(baseUrl) ? REMOTE_WORKERS_PER_CORE * cores : cores;
}
