/**
 * Made once per run, whichever worker asks first: what the tests that only read share (fixtures/shared.ts)
 * would otherwise be made by each worker, and a remote target gets four workers per core. Each thing is a
 * file under the run's own directory (named by RUN_INSTANCE, which global setup draws anew for every run
 * and shard, and removes at teardown): the first worker to create its lock file makes it and writes it;
 * the others wait for the file. A maker whose making fails removes its lock, and the next asker makes it
 * anew, as a worker's own test would; a lock whose maker's process is gone is taken over.
 */
import { watch } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** How long a waiter sleeps between two looks when no change in the directory wakes it sooner. */
const LOOK_AGAIN_MS = 250;

/** The directory of a run's things made once: in the machine's temporary directory, never under reports. */
export const madeOnceDir = (runInstance: string): string =>
  path.join(tmpdir(), `store-api-conformance-shared-${runInstance}`);

/** Removes a run's directory (global teardown, once every worker has ended). */
export async function clearMadeOnce(runInstance: string): Promise<void> {
  await rm(madeOnceDir(runInstance), { recursive: true, force: true });
}

/**
 * The text `make` gives for `key` in this run: made here if no worker of the run has made it or is making it,
 * else the one another worker wrote, once it is written.
 */
export async function madeOnce(runInstance: string, key: string, make: () => Promise<string>): Promise<string> {
  const dir = madeOnceDir(runInstance);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${key}.json`);
  const lock = path.join(dir, `${key}.lock`);
  for (;;) {
    const written = await readFile(file, 'utf8').catch(() => undefined);
    if (written !== undefined) return written;
    const mine = await open(lock, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return undefined;
      throw error;
    });
    if (mine) {
      await mine.writeFile(String(process.pid));
      await mine.close();
      let text: string;
      try {
        text = await make();
      } catch (error) {
        await rm(lock, { force: true });
        throw error;
      }
      // Whole or not at all: a waiter never reads half a file.
      await writeFile(`${file}.${process.pid}`, text);
      await rename(`${file}.${process.pid}`, file);
      return text;
    }
    await changeIn(dir);
    if (await makerGone(lock)) await rm(lock, { force: true });
  }
}

/** Resolves at the next change in `dir`, or after LOOK_AGAIN_MS. */
function changeIn(dir: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, () => done());
    const timer = setTimeout(() => done(), LOOK_AGAIN_MS);
    function done() {
      clearTimeout(timer);
      watcher.close();
      resolve();
    }
  });
}

/** Whether the process that holds `lock` has ended (a worker killed as it made the thing). */
async function makerGone(lock: string): Promise<boolean> {
  const pid = Number(await readFile(lock, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
