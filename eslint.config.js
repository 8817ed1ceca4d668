// Type-aware lint: an un-awaited expect or API call passes silently, so floating promises are errors.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'test-results/', 'blob-report/', 'playwright-report/'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // fastify route handlers and plugins are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Conformance specs take test/expect from our fixtures, which add the API client, redaction and matchers.
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@playwright/test', message: "Import { test, expect } from 'fixtures/index.ts' instead." }],
        },
      ],
    },
  },
  {
    // A step that ends a test must not leave a sibling running into the next test (fixtures/concurrently.ts).
    files: ['tests/**/*.ts', 'fixtures/**/*.ts'],
    ignores: ['fixtures/concurrently.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Promise'][callee.property.name=/^(all|race|any)$/]",
          message:
            'Use concurrently() from fixtures/concurrently.ts: it lets every step finish before the test goes on.',
        },
      ],
    },
  },
  {
    // Self tests take test/expect from selftest/fixtures.ts, which starts and closes their servers.
    files: ['selftest/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import { test, expect } from './fixtures.ts' instead.",
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  {
    // A function fits on a screen: a longer one is split by meaning, never by packing lines (Prettier
    // lays them out). Lines, not statements: a table of data or an expect() per line reads like code, and
    // a describe counts the tests it holds. The conformance specs are exempt: a test reads top to bottom.
    files: ['**/*.{ts,js,cjs,mjs}'],
    ignores: ['tests/**'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
);
