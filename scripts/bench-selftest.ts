/**
 * `npm run bench:selftest`: what the project's own tests cost, in conformance runs on the same machine.
 * Runs `npm run conformance` twice, then `npm test`, each as a user would (npm, in this checkout), and
 * prints their wall times, the median of the two conformance runs and the ratio npm test / that median
 * (bar: at most 10). Exits 1 over the bar, or when npm test fails.
 */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { machine, median, seconds } from '../selftest/bench/harness.ts';

const BAR = 10;

/** `npm run <script>` in this checkout, its output dropped: its wall time and exit code. */
function timedNpm(script: string): Promise<{ ms: number; code: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', script], { cwd: PROJECT_ROOT, stdio: 'ignore' });
    child.on('close', (code) => resolve({ ms: performance.now() - started, code: code ?? -1 }));
  });
}

console.log(machine());
const conformance: number[] = [];
for (let run = 1; run <= 2; run++) {
  const { ms, code } = await timedNpm('conformance');
  conformance.push(ms);
  console.log(`npm run conformance, run ${run}: ${seconds(ms)} (exit ${code})`);
}
const selftest = await timedNpm('test');
console.log(`npm test: ${seconds(selftest.ms)} (exit ${selftest.code})`);
const ratio = selftest.ms / median(conformance);
console.log(
  `npm test / median npm run conformance: ${seconds(selftest.ms)} / ${seconds(median(conformance))} = ${ratio.toFixed(1)} ` +
    `(bar ≤ ${BAR}): ${ratio <= BAR ? 'OK' : 'OVER THE BAR'}`,
);
process.exitCode = ratio <= BAR && selftest.code === 0 ? 0 : 1;
