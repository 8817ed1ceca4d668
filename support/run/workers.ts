/**
 * How many workers a run gets when WORKERS is not set (WORKERS always wins). Measured with
 * `npm run bench:workers` on a 2-core machine; the figures are in README ("Workers").
 * - Embedded reference or a target that answers at once: one worker per core. The runner hosts the
 *   reference, the capture server and the reporters, but mostly waits; each worker beyond the cores
 *   costs a start (about 1.3 s of CPU) and buys nothing. On 2 cores, idle: 2 workers 11.1 s, 1 worker 19.2 s,
 *   3 workers 11.2 s (observations on); observations off, 2 workers 5.6 s, 3 6.2 to 6.7 s, 4 6.8 to 7.0 s.
 * - Remote target, or one whose answers are slow whatever its hostname: a test mostly waits on the
 *   target, so more workers than cores overlap the waits; but every worker costs a start (config, test
 *   files, their modules) on the same cores. Four per core was fastest behind a 100 ms proxy
 *   (`npm run bench:remote -- --workers=4,8,16`: 19.0, 13.9, 18.2 s).
 * Global setup times a few reads of the target (`paceOf`) while its own requests run, and raises the
 * count before the workers start.
 */
import { availableParallelism } from 'node:os';
import { targetHeaders } from '../client/headers.ts';
import { httpRequest, isLoopback } from '../client/http.ts';
import { Operations } from '../contract/operations.ts';
import { readVariable } from '../contract/variables.ts';

/** Workers per core against a remote or slow target. */
const REMOTE_WORKERS_PER_CORE = 4;

/**
 * An answer slower than this, at the median of the reads timed, makes a target the run mostly waits on:
 * a test's own work between two requests is a few milliseconds, so at 25 ms a worker per core sits idle
 * most of the time (the reference on loopback answers in 1 to 3 ms).
 */
const SLOW_ANSWER_MS = 25;
/** The reads timed: one more than the median needs, the first of which opens the connection. */
const READS = 5;
/** A read unanswered this long ends the timing: a target that does not answer is preflight's to name. */
const READ_TIMEOUT_MS = 2_000;

function isRemote(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  try {
    return !isLoopback(baseUrl);
  } catch {
    // Not a URL: global setup's config check says so; the count does not matter.
    return false;
  }
}

/**
 * A first delivery this late after the writes began makes a store whose delivery tests mostly wait (the
 * reference sending at once: tens of milliseconds); the first of the profile check's deliveries is the
 * quickest of a queue's, so the bound is low.
 */
export const LAGGING_DELIVERY_MS = 500;

/** The workers when deliveries lag: as many as against a remote target. */
export const laggingDeliveryWorkers = (cores = availableParallelism()): number => REMOTE_WORKERS_PER_CORE * cores;

/** Playwright's `--workers` (`-j`) is on this runner's command line: it wins over the config. */
export const workersOnCommandLine = (argv: readonly string[] = process.argv): boolean =>
  argv.some((arg) => /^(--workers(=|$)|-j)/.test(arg));

/** The count from the hostname alone: one per core on loopback (or embedded), four per core elsewhere. */
export function defaultWorkers(baseUrl: string | undefined, cores = availableParallelism()): number {
  return isRemote(baseUrl) ? REMOTE_WORKERS_PER_CORE * cores : cores;
}

/** How fast the target answered a few authenticated reads (Webhook Events), as global setup timed them. */
export interface Pace {
  /** The median time of an answer, in ms; undefined when none came. */
  readonly medianMs: number | undefined;
  /** A read was answered 429: the target limits its rate. */
  readonly rateLimited: boolean;
}

/**
 * Times `READS` reads of Webhook Events, one after another (the first also opens the connection, and is
 * left out of the median): a read the spec documents, that writes nothing, with the token the run is
 * given; `onTimed` hears each timed one as it comes. A target that does not answer has no pace: global
 * setup's preflight says why.
 */
export async function paceOf(
  baseUrl: string,
  token: string | undefined,
  acceptLanguage: string,
  onTimed: (ms: number) => void = () => {},
): Promise<Pace> {
  const headers = { ...targetHeaders({ acceptLanguage, token }), 'accept-encoding': 'identity' };
  const times: number[] = [];
  let rateLimited = false;
  for (let read = 0; read < READS; read++) {
    const started = performance.now();
    try {
      const response = await httpRequest(`${baseUrl}${Operations.webhookEvents.path}`, {
        method: 'GET',
        headers,
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      });
      await response.text();
      rateLimited ||= response.status === 429;
      if (read > 0) {
        const ms = performance.now() - started;
        times.push(ms);
        onTimed(ms);
      }
    } catch {
      // No answer (in time): preflight says why; the pace is what the answers before it showed, if any.
      break;
    }
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], rateLimited };
}

/** An answer this slow makes a target the run mostly waits on (`SLOW_ANSWER_MS`). */
export const slowAnswer = (ms: number): boolean => ms >= SLOW_ANSWER_MS;

/**
 * The workers from what the target shows: the hostname's count, raised to the remote one when its answers
 * are slow (`pace`), unless it limits its rate (more workers would only meet more 429s).
 */
export function workersFor(
  baseUrl: string | undefined,
  pace: Pace | undefined,
  cores = availableParallelism(),
): number {
  const byHost = defaultWorkers(baseUrl, cores);
  if (pace === undefined || pace.rateLimited || pace.medianMs === undefined) return byHost;
  return slowAnswer(pace.medianMs) ? Math.max(byHost, REMOTE_WORKERS_PER_CORE * cores) : byHost;
}

/**
 * The workers the config gives Playwright: WORKERS when set, else the hostname's count. Global setup
 * raises it from what the target shows (`workersFor` its pace, a lagging delivery) before the workers start.
 */
export function configWorkers(env: Readonly<Record<string, string | undefined>>): number {
  return readVariable('WORKERS', env) ?? defaultWorkers(readVariable('BASE_URL', env));
}

/** Why a run gets `workers` from its pace: the line global setup prints when the pace raises the count. */
export const paceLine = (workers: number, pace: Pace): string =>
  `Workers: ${workers}, as against a remote target: the target answered in ${Math.round(pace.medianMs ?? 0)} ms (median of ${READS - 1} reads), a run that mostly waits (WORKERS or --workers sets the count).`;
