/**
 * The static checks, each a self test (selftest/harness/checks.ts): they run beside the child runs of the
 * other self tests, on the cores those leave idle while they wait.
 */
import { expect, test } from './fixtures.ts';
import { CHECKS, runCheck, type Check } from './harness/checks.ts';

for (const [check, what] of Object.entries(CHECKS) as [Check, string][]) {
  test(`npm run ${check}: ${what}`, async () => {
    test.setTimeout(10 * 60_000);
    const result = await runCheck(check);
    expect(result.exitCode, `npm run ${check} failed:\n${result.output}`).toBe(0);
  });
}
