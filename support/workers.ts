/**
 * How many workers a run gets when WORKERS is not set (WORKERS always wins). Measured with
 * `npm run bench:workers` on a 2-core machine; the figures are in README ("Workers").
 * - Embedded reference or a loopback target: the runner (which hosts the embedded reference, the capture
 *   server and the reporters) keeps a core busy, and the workers share the rest: one worker per core
 *   but one (at least one). On 2 cores 1 worker beat 2 by 6 to 8 % in three sweeps, and 3 and 4 were
 *   1.3 to 1.6 times slower; with a fault on, 1 worker beat 2 and 4 too.
 * - Remote target: a test mostly waits on the network, so more workers than cores overlap the waits;
 *   but every worker costs a start (config, test files, their modules) on the same cores. Two per core
 *   was fastest behind a 100 ms and a 250 ms proxy (4 beat 2, 8 and 16).
 */
import { availableParallelism } from 'node:os';
import { isLoopback } from './config.ts';

/** Workers per core against a remote target. */
export const REMOTE_WORKERS_PER_CORE = 2;

export function isRemote(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  try {
    return !isLoopback(baseUrl);
  } catch {
    // Not a URL: global setup's config check says so; the count does not matter.
    return false;
  }
}

export function defaultWorkers(baseUrl: string | undefined, cores = availableParallelism()): number {
  return isRemote(baseUrl) ? REMOTE_WORKERS_PER_CORE * cores : Math.max(1, cores - 1);
}
