/**
 * A child run shared by the self tests of one `npm test`, across its workers: several self tests read
 * different things of the same run, and each child run costs the machine its start and its tests. The
 * first test that asks for a run by its name starts it (it creates the run's lock file, exclusively);
 * the others wait for the result file it writes (watched, within a bound) and read the same RunResult
 * and the same kept reports. A run that failed, or never wrote its result, fails each reader with the
 * reason. The runs live under test-results/shared-runs/, which the self tests' global setup empties, so
 * that no `npm test` reads a run of an earlier one.
 */
import { watch } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../support/run/config.ts';
import { listSuite, type RunResult, type TestOutcome } from './suite-run.ts';

/** Where the shared runs of one `npm test` keep their lock, their result and their reports. */
const SHARED_RUNS_DIR = path.join(PROJECT_ROOT, 'test-results', 'shared-runs');

/** A reader waits this long for the run another test started: a whole run of the suite on a loaded machine fits. */
const WAIT_MS = 15 * 60_000;

export interface SharedRun<Facts> {
  readonly result: RunResult;
  /** The run's own directory: its reports (runSuite's keepReports) and anything its starter wrote there. */
  readonly dir: string;
  /** What the starter learned on its way to the run, for the readers to check (JSON). */
  readonly facts: Facts;
}

type Written<Facts> =
  | { readonly ok: true; readonly result: RunResult; readonly facts: Facts }
  | { readonly ok: false; readonly reason: string };

/** Empties the shared runs' directory: once per `npm test`, before any test asks for a run. */
export async function clearSharedRuns(): Promise<void> {
  await rm(SHARED_RUNS_DIR, { recursive: true, force: true });
}

/**
 * The run named `name` of this `npm test`: started here by `start` (given the run's directory) if no
 * test has asked for it yet, else the one another test started, once it has ended. Every test asking
 * for a name gets the same run: `start` must be the same for each (one function, in one module).
 */
export async function sharedRun<Facts>(
  name: string,
  start: (dir: string) => Promise<{ readonly result: RunResult; readonly facts: Facts }>,
): Promise<SharedRun<Facts>> {
  const dir = path.join(SHARED_RUNS_DIR, name);
  const resultFile = path.join(SHARED_RUNS_DIR, `${name}.result.json`);
  await mkdir(SHARED_RUNS_DIR, { recursive: true });
  const lock = await open(path.join(SHARED_RUNS_DIR, `${name}.lock`), 'wx').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return undefined;
    throw error;
  });
  const written = lock
    ? await startRun(dir, resultFile, start).finally(() => lock.close())
    : await waitFor<Facts>(resultFile);
  if (!written.ok) throw new Error(`The shared run "${name}" (${dir}) failed: ${written.reason}`);
  return { result: revived(written.result), dir, facts: written.facts };
}

async function startRun<Facts>(
  dir: string,
  resultFile: string,
  start: (dir: string) => Promise<{ readonly result: RunResult; readonly facts: Facts }>,
): Promise<Written<Facts>> {
  let written: Written<Facts>;
  try {
    await mkdir(dir, { recursive: true });
    written = { ok: true, ...(await start(dir)) };
  } catch (error) {
    written = { ok: false, reason: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  // Written whole, then renamed: a reader never reads half a result.
  await writeFile(`${resultFile}.tmp`, JSON.stringify(written));
  await rename(`${resultFile}.tmp`, resultFile);
  return written;
}

/** The result file, once it is there: watched (no polling), for at most WAIT_MS. */
async function waitFor<Facts>(resultFile: string): Promise<Written<Facts>> {
  const name = path.basename(resultFile);
  await new Promise<void>((resolve, reject) => {
    const watcher = watch(SHARED_RUNS_DIR, (_event, file) => {
      if (file === name) void ready();
    });
    const timer = setTimeout(() => {
      watcher.close();
      reject(
        new Error(
          `The shared run of ${resultFile} wrote no result within ${WAIT_MS / 60_000} min: the test that started it stopped first (see its own failure)`,
        ),
      );
    }, WAIT_MS);
    const ready = async () => {
      if (!(await exists(resultFile))) return;
      clearTimeout(timer);
      watcher.close();
      resolve();
    };
    // It may have been written before the watch began.
    void ready();
  });
  return JSON.parse(await readFile(resultFile, 'utf8')) as Written<Facts>;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** JSON writes NaN as null: a run without a report has no worker count. */
const revived = (result: RunResult): RunResult => ({ ...result, workers: result.workers ?? Number.NaN });

/** The suite's tests with their clauses (listSuite, no environment of its own): one listing per `npm test`. */
export async function sharedSuiteList(): Promise<TestOutcome[]> {
  const { facts } = await sharedRun('suite-list', async () => ({ result: emptied(), facts: await listSuite() }));
  return facts;
}

/** No run of its own to keep: the listing is its facts. */
const emptied = (): RunResult => ({
  exitCode: 0,
  tests: [],
  reported: false,
  workers: Number.NaN,
  stdout: '',
  stderr: '',
  durationMs: 0,
  startedAt: 0,
  cpuMs: 0,
});
