/**
 * The suite's `test` in the fault matrix's child runs: suite-resolve.js gives this module to the spec files
 * under tests/ where they import fixtures/index.ts. It is fixtures/index.ts but for `test`, extended with
 * the matrix's own `target` (plan.ts says what each run is to do):
 * - a traced run: each request names its test (TEST_HEADER), marked when a set-up step sends it
 *   (fixtures/set-up.ts): what a set-up request consults cannot make its test fail;
 * - a matrix run: each test is declared once per fault the plan gives it, titled and annotated with that
 *   fault (a test the plan gives no fault is not declared), and each copy sends its requests to the
 *   reference serving its fault. A copy that failed is recorded as such (an annotation the matrix reads)
 *   and then marked as expected to fail, so Playwright keeps its worker instead of starting a new one
 *   after every failure: a matrix run has hundreds of failures by design, and on two cores worker starts
 *   would be most of its time. A copy that timed out still ends its worker.
 *
 * A test is found in the plan by its key, its describe titles and its title: `test.describe` is wrapped to
 * know the titles it is declared under. The copies report this module's line as their location
 * (Playwright takes the caller of `test()`): each names its test in an annotation.
 */
import { test as suiteTest } from '../../fixtures/index.ts';
import { inSetUp } from '../../fixtures/set-up.ts';
import {
  keyHash,
  MatrixAnnotation,
  MatrixVariable,
  readFaultPlan,
  runningTestKey,
  SET_UP_MARK,
  TEST_HEADER,
  testKey,
  type FaultPlan,
} from './plan.ts';

export * from '../../fixtures/index.ts';

const planFile = process.env[MatrixVariable.plan];
const plan = planFile === undefined ? undefined : readFaultPlan(planFile);
const traced = process.env[MatrixVariable.trace] === 'true';

const matrixTest = suiteTest.extend({
  target: [
    async ({ target }, use, testInfo) => {
      const fault = testInfo.annotations.find((a) => a.type === MatrixAnnotation.fault)?.description;
      const baseUrl = plan === undefined ? target.baseUrl : fault === undefined ? undefined : plan.targets[fault];
      if (baseUrl === undefined)
        throw new Error(`fault matrix: no reference serves the fault ${fault ?? '(none)'} of this test`);
      const test = keyHash(runningTestKey(testInfo.titlePath));
      const own = fault === undefined ? undefined : plan?.headers?.[fault];
      const headers = () => ({
        ...target.headers?.(),
        ...own,
        ...(traced ? { [TEST_HEADER]: inSetUp() ? `${test}${SET_UP_MARK}` : test } : {}),
      });
      await use({ baseUrl, ...(traced || own || target.headers ? { headers } : {}) });
      if (plan === undefined || testInfo.status !== 'failed') return;
      testInfo.annotations.push({ type: MatrixAnnotation.failed, description: 'failed' });
      testInfo.fail();
    },
    { scope: 'test', box: 'self' },
  ],
});

type MatrixTest = typeof matrixTest;

type Details = {
  tag?: string | string[];
  annotation?: { type: string; description?: string } | { type: string; description?: string }[];
};

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

type Callable = (...args: unknown[]) => unknown;

/**
 * `describe` (and its variants: `only`, `skip`, `serial`...) pushing its title on `titles` while its
 * callback declares the tests under it. `configure` is passed through.
 */
function tracked(describe: Callable & Record<string, unknown>, titles: string[]): Callable {
  const wrapper = (...args: unknown[]) => {
    const title = typeof args[0] === 'string' ? args[0] : undefined;
    const declare = args.at(-1);
    if (typeof declare !== 'function') return describe(...args);
    const inside = () => {
      if (title !== undefined) titles.push(title);
      try {
        (declare as () => void)();
      } finally {
        if (title !== undefined) titles.pop();
      }
    };
    return describe(...args.slice(0, -1), inside);
  };
  for (const [name, value] of Object.entries(describe)) {
    const variant = value as Callable & Record<string, unknown>;
    (wrapper as unknown as Record<string, unknown>)[name] =
      typeof value === 'function' && name !== 'configure' ? tracked(variant, titles) : value;
  }
  return wrapper;
}

/** `test` declaring each test once per fault the plan gives it. */
function perFault(test: MatrixTest, plan: FaultPlan): MatrixTest {
  const titles: string[] = [];
  const declare = (title: string, ...rest: unknown[]) => {
    const [details, body] = (rest.length === 1 ? [{}, rest[0]] : rest) as [Details, Parameters<MatrixTest>[2]];
    const key = testKey([...titles, title]);
    for (const fault of plan.tests[key] ?? []) {
      const annotation = [
        ...asList(details.annotation),
        { type: MatrixAnnotation.fault, description: fault },
        { type: MatrixAnnotation.test, description: key },
      ];
      test(`${title} ⟦${fault}⟧`, { ...details, annotation }, body);
    }
  };
  const describe = tracked(test.describe as unknown as Callable & Record<string, unknown>, titles);
  return Object.assign(declare, test, { describe });
}

export const test = plan === undefined ? matrixTest : perFault(matrixTest, plan);
