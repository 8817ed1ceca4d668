/**
 * A store other clients write to: a paginator that counts, then reads (selftest/support/racy-target.ts)
 * answers a page of the whole list now and then with one item more than its `total` allows. That is no
 * breach of the spec, and the list tests must not read it as one. Run on one worker, so the same
 * answers reach the same tests every time: before the list steps took such a page's items and asked a
 * short total again, this run failed `pagination.total` and left a stated item test unjudged.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runSuite } from './harness/suite-run.ts';
import { ConformanceReport } from '../support/report/report-format.ts';
import { EmbeddedTargets } from '../support/contract/embedded-targets.ts';
import { expect, SELFTEST_TOKEN, test } from './fixtures.ts';
import { buildRacyTarget } from './support/racy-target.ts';
import { runDirectory } from './support/report-files.ts';

test('a target that counts a list before it reads it: no list test fails or goes unjudged', async ({
  servers,
}, testInfo) => {
  const racy = buildRacyTarget({ token: SELFTEST_TOKEN });
  const url = await servers.listen(racy.app);
  const dir = await runDirectory(testInfo, 'racy');
  const result = await runSuite({
    env: {
      BASE_URL: url,
      API_TOKEN: SELFTEST_TOKEN,
      TARGET_PROFILE: 'profiles/divergent.json',
      // How the divergent reference signs: the run's delivery probe stops a run set otherwise.
      WEBHOOK_SIGNATURE_SCHEME: EmbeddedTargets.divergent.signature.scheme,
      WEBHOOK_SIGNATURE_HEADER: EmbeddedTargets.divergent.signature.header,
      WEBHOOK_SIGNATURE_ENCODING: EmbeddedTargets.divergent.signature.encoding,
    },
    args: ['tests/products/list-products.spec.ts', 'tests/products/list-products-pagination.spec.ts', '--workers=1'],
    keepReports: dir,
  });
  expect(racy.raced(), 'list answers counted before a product was added').toBeGreaterThan(0);
  expect(
    result.tests.filter((t) => t.outcome === 'unexpected').map((t) => `${t.listLine}\n${t.errors.join('\n')}`),
    'tests failing',
  ).toEqual([]);
  const report = ConformanceReport.parse(
    JSON.parse(await readFile(path.join(dir, 'reports', 'conformance.json'), 'utf8')),
  );
  expect(report.verdict).toBe('CONFORMANT');
});
