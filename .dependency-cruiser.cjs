/**
 * Who may import whom: the layout's rules, checked in `npm test` (`npm run lint:imports`), as zod's own
 * suite checks that it has no circular imports. The folders are described in CONTRIBUTING.md.
 */
const OURS = '^(support|fixtures|tests|reference|selftest|scripts|profiles|cli)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import loop: one of the two rooms belongs below the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'The contract is what the spec says and what a run is told: it stands on nothing of ours.',
      from: { path: '^support/contract/' },
      to: { path: OURS, pathNot: '^support/contract/' },
    },
    {
      name: 'reference-imports-contract-signatures-http',
      severity: 'error',
      comment:
        'The reference is an implementation of the spec: it may use the contract, the delivery signatures, http and the profiles its seed data matches, nothing of the suite.',
      from: { path: '^reference/' },
      to: {
        path: OURS,
        pathNot: '^(reference/|support/contract/|support/capture/signature/|support/client/http\\.ts$|profiles/)',
      },
    },
    {
      name: 'only-global-setup-and-self-tests-import-the-reference',
      severity: 'error',
      comment:
        'A conformance run meets the reference only as a target: global set-up starts it, the self tests build it.',
      from: { path: OURS, pathNot: '^(reference/|selftest/|support/run/global-setup\\.ts$)' },
      to: { path: '^reference/' },
    },
    {
      name: 'support-imports-no-test-code',
      severity: 'error',
      comment: 'support/ is the infrastructure the fixtures, tests and scripts stand on: it never imports them.',
      from: { path: '^support/' },
      to: { path: '^(fixtures|tests|selftest|scripts)/' },
    },
    {
      name: 'tests-import-fixtures-and-contract',
      severity: 'error',
      comment: 'A test reads top to bottom: it imports the fixtures and the contract, at most one helper module away.',
      from: { path: '^tests/' },
      to: { path: OURS, pathNot: '^(fixtures/|support/contract/)' },
    },
    {
      name: 'fixtures-import-no-reports-scripts-or-reference',
      severity: 'error',
      comment: 'Fixtures serve a conformance test: the reporters, the scripts and the reference are not theirs.',
      from: { path: '^fixtures/' },
      to: { path: '^(support/report/|scripts/|reference/|tests/)' },
    },
    {
      name: 'the-package-imports-nothing-it-does-not-ship',
      severity: 'error',
      comment:
        'The installed package ships the suite, not its self tests or scripts (package.json `files`): what it runs must not need them.',
      from: { path: '^(support|fixtures|tests|reference|cli)/|^playwright\\.config\\.ts$' },
      to: { path: '^(selftest|scripts)/' },
    },
    {
      name: 'cli-imports-support',
      severity: 'error',
      comment:
        'The installed command (cli/) runs the suite through Playwright and the reports through support/: nothing else of ours.',
      from: { path: '^cli/' },
      to: { path: OURS, pathNot: '^(cli|support)/' },
    },
    {
      name: 'only-scripts-and-self-tests-import-cli',
      severity: 'error',
      comment: 'cli/ is the installed command: only entry points and the self tests stand above it.',
      from: { path: OURS, pathNot: '^(cli|scripts|selftest)/' },
      to: { path: '^cli/' },
    },
    {
      name: 'nothing-imports-scripts',
      severity: 'error',
      comment: 'scripts/ holds command-line entry points only.',
      from: { path: OURS, pathNot: '^scripts/' },
      to: { path: '^scripts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|reports|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
