/**
 * Module hooks of selftest/bench/worker-probe.js (they run in Node's loader thread): one line per
 * resolved ES module, `<epoch ms> <url>`, appended to the file the probe names.
 */
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(file, `${(performance.timeOrigin + performance.now()).toFixed(1)} ${result.url}\n`);
  return result;
}
