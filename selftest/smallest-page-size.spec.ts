/**
 * A target with a smallest page size, whose whole store fits on its default page: the links test still
 * finds a page 2 to read links on (a page size the target takes), so it judges pagination.links rather
 * than skipping. The spec shows no smallest page size; the reference here refuses a `per_page` below 5
 * and shows 100 products a page. Another answers a `per_page` below 10 at 10, a valid choice too: the
 * `total` tests pass on it, and the upper bound, judged on the unfiltered list that fits on one page,
 * still catches a total counting one product too many.
 */
import { choicesFor } from '../reference/variants/index.ts';
import { FaultSet, type FaultName } from '../reference/faults/index.ts';
import { REFERENCE_PROFILE } from '../support/run/config.ts';
import { runSuite, type TestOutcome } from './harness/suite-run.ts';
import { expect, SELFTEST_TOKEN, test, type TestServers, WHOLE_SUITE } from './fixtures.ts';

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

test(
  'the links test judges a store that fits on one page of a target with a smallest page size',
  WHOLE_SUITE,
  async ({ servers }) => {
    const clean = await linksTestAgainst(servers, []);
    expect(clean?.outcome, `outcome (${JSON.stringify(clean?.annotations)})`).toBe('expected');
    const broken = await linksTestAgainst(servers, ['list-links-unprefixed']);
    expect(broken?.outcome, 'outcome with links that point elsewhere').toBe('unexpected');
  },
);

/** The seed's 4 products and the tests' own fit on one page; a size below 10 is answered at 10. */
const raising = {
  ...standard,
  list: { ...standard.list, defaultPerPage: 100, minPerPage: 10, underMinPerPage: 'raise' as const },
};

async function totalTestsAgainst(
  servers: TestServers,
  faults: readonly FaultName[],
): Promise<Record<string, TestOutcome['outcome']>> {
  const { url } = await servers.reference({ choices: raising, faults: new FaultSet(faults) });
  const result = await runSuite({
    env: { BASE_URL: url, API_TOKEN: SELFTEST_TOKEN, TARGET_PROFILE: REFERENCE_PROFILE },
    args: ['tests/products/list-products-pagination.spec.ts', '--grep', 'counts in total', '--workers=1'],
  });
  return Object.fromEntries(result.tests.map((t) => [t.title.split(' › ').at(-1) ?? t.title, t.outcome]));
}

test(
  'the total tests pass on a store of one page whose target raises a page size below its smallest, and catch a total counting too many',
  WHOLE_SUITE,
  async ({ servers }) => {
    const atLeast = 'counts in total at least the products on the pages up to the one it answers';
    const atMost = 'counts in total no more products than the pages up to the last one hold';
    const exactly = 'counts in total exactly the products of a filtered list its answers show whole';
    const overSeveral =
      'counts in total, on every page of a filtered list over several pages and on the page past its last, the products its answers show whole';
    const clean = await totalTestsAgainst(servers, []);
    expect(clean, 'outcomes of the total tests').toEqual({
      [atLeast]: 'expected',
      [atMost]: 'expected',
      [`${atMost}, each page holding per_page items`]: 'expected',
      [exactly]: 'expected',
      // Pages of at least 10 hold a set of four whole: no list spans several pages, and the test says so.
      [overSeveral]: 'skipped',
    });
    const over = await totalTestsAgainst(servers, ['list-total-counts-deleted']);
    expect(over, 'outcomes of the total tests with a total counting one product too many').toMatchObject({
      [atMost]: 'unexpected',
      [exactly]: 'unexpected',
    });
  },
);
