/**
 * A target with a smallest page size, whose whole store fits on its default page: the links test still
 * finds a page 2 to read links on (a page size the target takes), so it judges pagination.links rather
 * than skipping. The spec shows no smallest page size; the reference here refuses a `per_page` below 5
 * and shows 100 products a page.
 */
import { choicesFor } from '../reference/variants/index.ts';
import { FaultSet, type FaultName } from '../reference/faults/index.ts';
import { REFERENCE_PROFILE } from '../support/config.ts';
import { runSuite } from '../scripts/lib/suite-run.ts';
import { expect, SELFTEST_TOKEN, test, type TestServers } from './fixtures.ts';

const standard = choicesFor('standard');
/** The seed's 4 products and the test's 3 fit on one page; half of them (3) is below the smallest size. */
const choices = { ...standard, list: { ...standard.list, defaultPerPage: 100, minPerPage: 5 } };

async function linksTestAgainst(servers: TestServers, faults: readonly FaultName[]) {
  const { url } = await servers.reference({ choices, faults: new FaultSet(faults) });
  const result = await runSuite({
    env: { BASE_URL: url, API_TOKEN: SELFTEST_TOKEN, TARGET_PROFILE: REFERENCE_PROFILE },
    args: ['tests/products/list-products-pagination.spec.ts', '--grep', 'points every link at'],
  });
  expect(
    result.tests.map((t) => t.listLine),
    'the links test, run alone',
  ).toHaveLength(1);
  return result.tests[0];
}

test('the links test judges a store that fits on one page of a target with a smallest page size', async ({
  servers,
}) => {
  const clean = await linksTestAgainst(servers, []);
  expect(clean?.outcome, `outcome (${JSON.stringify(clean?.annotations)})`).toBe('expected');
  const broken = await linksTestAgainst(servers, ['list-links-unprefixed']);
  expect(broken?.outcome, 'outcome with links that point elsewhere').toBe('unexpected');
});
