/**
 * One store, one verdict: the whole suite against a store we did not write (selftest/harness/foreign-store.ts),
 * with all of its choices: a valid store, so CONFORMANT, no `@stated` failure, no skip that nothing explains.
 * Where the suite still leans on a choice of our reference, this fails. Within npm test's time, the one run
 * furthest from our reference; with none of its choices, or random draws of them, as a vendor would:
 * `npm run seeds -- --seeds=1 --stores=foreign:none,foreign:random:<seed>`.
 */
import { foreignStoreMissing, startForeignStore } from './harness/foreign-store.ts';
import { runSuite } from './harness/suite-run.ts';
import { expect, test, WHOLE_SUITE } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { reportIn, shortfalls } from './support/verdict.ts';

for (const choices of ['all']) {
  test(
    `the whole suite against the foreign store with STORE_CHOICES=${choices}: CONFORMANT, no @stated failure, no unexplained skip`,
    WHOLE_SUITE,
    async ({}, testInfo) => {
      const missing = foreignStoreMissing();
      test.skip(missing !== undefined, `not run: ${missing}`);
      testInfo.annotations.push({ type: 'store-choices', description: `STORE_CHOICES=${choices}` });
      const store = await startForeignStore(choices);
      try {
        const dir = await runDirectory(testInfo, 'foreign-store');
        // Four workers: its deliveries may leave up to two seconds after the write, and the delivery tests mostly wait.
        const result = await runSuite({ env: store.env, args: ['--workers=4'], keepReports: dir });
        expect(result.tests.length, `tests run (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(200);
        const replay = `STORE_CHOICES=${choices} node ${'server.mjs'} in the foreign store's folder, then the suite against it`;
        expect(
          shortfalls(await reportIn(dir)),
          `against the foreign store with STORE_CHOICES=${choices} (${replay})`,
        ).toEqual([]);
      } finally {
        await store.close();
      }
    },
  );
}
