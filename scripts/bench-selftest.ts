/**
 * `npm run bench:selftest`: what the project's own tests cost on this machine. Runs `npm run conformance`
 * twice, then `npm test`, each as a user would (npm, in this checkout), and prints their wall times and
 * npm test's against its goal (issue 36: at most 240 s on CI's two cores), with the ratio npm test / the
 * median conformance run for scale. Exits 1 over the goal, or when npm test fails. The proofs that run the
 * whole suite are `npm run test:whole`'s, which this does not time.
 */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { machine, median, seconds } from '../selftest/bench/harness.ts';

const GOAL_MS = 240_000;

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
const ratio = selftest.ms / median(conformance);
console.log(
  `npm test: ${seconds(selftest.ms)} (exit ${selftest.code}; goal ≤ ${seconds(GOAL_MS)}): ${selftest.ms <= GOAL_MS ? 'OK' : 'OVER THE GOAL'}; ` +
    `${ratio.toFixed(1)} × the median npm run conformance (${seconds(median(conformance))})`,
);
process.exitCode = selftest.ms <= GOAL_MS && selftest.code === 0 ? 0 : 1;
