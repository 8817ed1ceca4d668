/**
 * Node's module compile cache for the run's workers, where Node has one (22.1 and later): each worker
 * compiles Playwright's bundles and the suite's modules again at its start, and against a slow or remote
 * target the run starts four workers per core, all at once, on the same cores. With the cache, a worker
 * reads V8's code for a file it has compiled before, in this run or an earlier one, instead of compiling it.
 * Node keys each entry by the file's path and content, so a changed file is compiled again.
 *
 * The runner forks its workers after it loads the config, with its environment: NODE_COMPILE_CACHE set
 * here reaches every worker. A user's own NODE_COMPILE_CACHE (or NODE_DISABLE_COMPILE_CACHE) is kept.
 * Node 20 has no compile cache: nothing changes there.
 */
import module from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The cache's folder: the one Node's `module.enableCompileCache()` picks when given none. */
const COMPILE_CACHE_DIR = path.join(tmpdir(), 'node-compile-cache');

export function cacheWorkerCompilation(env: NodeJS.ProcessEnv = process.env): void {
  const nodeHasIt = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
  if (!nodeHasIt || env.NODE_COMPILE_CACHE !== undefined || env.NODE_DISABLE_COMPILE_CACHE !== undefined) return;
  env.NODE_COMPILE_CACHE = COMPILE_CACHE_DIR;
}
