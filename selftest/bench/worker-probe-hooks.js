/**
 * Module hooks of selftest/bench/worker-probe.js (they run in Node's loader thread): one line per
 * resolved ES module, `<epoch ms> <process CPU ms> <url>`, appended to the file the probe names. The
 * CPU time is the whole process's (every thread), user and system: what the worker cost the machine so
 * far, which a busy machine changes far less than it changes the wall time.
 */
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const { user, system } = process.cpuUsage();
  appendFileSync(
    file,
    `${(performance.timeOrigin + performance.now()).toFixed(1)} ${((user + system) / 1000).toFixed(1)} ${result.url}\n`,
  );
  return result;
}
