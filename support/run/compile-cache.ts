/**
 * Node's module compile cache for the run's workers, where Node has one (22.8 and later, where
 * `module.enableCompileCache` came): each worker compiles Playwright's bundles and the suite's modules
 * at its start, and against a slow or remote target the run starts four workers per core, all at once, on
 * the same cores. Node writes a process's entries when it exits, so a worker reads V8's code for what the
 * workers of an earlier run compiled, or one that ended before it in this run (after a failure), instead of
 * compiling it; Node keys each entry by its version and the file's content, so a changed file is compiled again.
 *
 * The runner forks its workers after it loads the config, with its environment: NODE_COMPILE_CACHE set
 * here reaches every worker. A user's own NODE_COMPILE_CACHE is kept, and NODE_DISABLE_COMPILE_CACHE=1
 * turns it off. Node 20 has no compile cache: nothing changes there.
 */
import module from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The cache's folder: the suite's own, and each user's own (a folder another user made in /tmp is not
 * writable; Windows' temporary folder is the user's already).
 */
const compileCacheDir = () =>
  path.join(tmpdir(), `store-api-conformance-compile-cache-${process.getuid?.() ?? 'user'}`);

/** What a process's environment needs for its Playwright workers to use the cache: nothing where Node has none. */
export function workerCompileCache(): Record<string, string> {
  const nodeHasIt = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
  return nodeHasIt ? { NODE_COMPILE_CACHE: compileCacheDir() } : {};
}

export function cacheWorkerCompilation(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_COMPILE_CACHE !== undefined || env.NODE_DISABLE_COMPILE_CACHE !== undefined) return;
  Object.assign(env, workerCompileCache());
}
