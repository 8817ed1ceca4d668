/**
 * `npm run checks`: the static checks (selftest/harness/checks.ts) alone, two at a time, as CI's two
 * cores allow; `npm test` runs them as self tests. A check that fails has its output printed; the exit
 * code is 1 when any failed.
 */
import { CHECKS, runCheck, type Check } from '../selftest/harness/checks.ts';

const CONCURRENCY = 2;

const queue = Object.keys(CHECKS) as Check[];
const failed: string[] = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let check = queue.shift(); check !== undefined; check = queue.shift()) {
      const result = await runCheck(check);
      const failure = result.exitCode !== 0 && result.output ? `\n${result.output}\n` : '';
      console.log(`${result.exitCode === 0 ? 'ok  ' : 'FAIL'} ${check} (${result.seconds.toFixed(1)} s)${failure}`);
      if (result.exitCode !== 0) failed.push(check);
    }
  }),
);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
