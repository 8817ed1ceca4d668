/**
 * Preloaded into every process of a benchmarked run (`NODE_OPTIONS=--import <this file>`, set by
 * scripts/bench-worker-start.ts); does something only in Playwright worker processes (their entry script
 * is workerProcessEntry.js: TEST_WORKER_INDEX is set later, when the runner's init message arrives).
 * Records, into BENCH_WORKER_PROBE_DIR/<pid>.json when the worker exits: the process start
 * (`performance.timeOrigin`), its worker index, its CPU time in all, and every module it loaded: ES
 * modules through a resolve hook (which sees every import, Playwright's own hook passes each one on),
 * CommonJS from require.cache.
 * Plain JavaScript: a TypeScript loader of its own would change what it measures.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';

const dir = process.env.BENCH_WORKER_PROBE_DIR;
if (dir && /workerProcessEntry\.js$/.test(process.argv[1] ?? '')) {
  const modulesFile = path.join(dir, `${process.pid}.modules`);
  appendFileSync(modulesFile, '');
  register(new URL('./worker-probe-hooks.js', import.meta.url), { data: { file: modulesFile } });
  const require = createRequire(import.meta.url);
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(
      path.join(dir, `${process.pid}.json`),
      JSON.stringify({
        pid: process.pid,
        workerIndex: Number(process.env.TEST_WORKER_INDEX),
        timeOrigin: performance.timeOrigin,
        exitAt: performance.timeOrigin + performance.now(),
        cpuMs: (user + system) / 1000,
        commonjs: Object.keys(require.cache),
      }),
    );
  });
}
