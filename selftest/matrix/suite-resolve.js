/**
 * Module hooks of the fault matrix's child runs (suite-hooks.js registers them; they run in Node's loader
 * thread, after Playwright's own resolve hook, which passes each import on): an import of
 * fixtures/index.ts from a file under tests/ resolves to suite-test.ts, which re-exports it with the
 * matrix's `test`. Every other import, suite-test.ts's own of fixtures/index.ts among them, resolves as it
 * would.
 */
const TESTS = new URL('../../tests/', import.meta.url).href;
const SUITE_TEST = new URL('../../fixtures/index.ts', import.meta.url).href;
const MATRIX_TEST = new URL('./suite-test.ts', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  return result.url === SUITE_TEST && context.parentURL?.startsWith(TESTS) ? { ...result, url: MATRIX_TEST } : result;
}
