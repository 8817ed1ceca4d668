/**
 * Who may import whom: the layout's rules, checked in `npm test` (`npm run lint:imports`), as zod's own
 * suite checks that it has no circular imports. Each row of CONTRIBUTING.md's layout table is one rule
 * below (`layoutRow`): its role is the rule's comment, and its "may import" column the imports the rule
 * lets through. `npm run layout:docs` writes the table from these rules; selftest/layout.spec.ts fails
 * while it is stale, or while a folder of the project has no row.
 *
 * A row's folder may import its own files and `mayImport`, nothing else of ours (packages and Node's
 * modules are not ours). A row of a single file (global set-up) takes it out of its folder's row.
 */
const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (paths) => `^(${paths.map(escape).join('|')})`;

/** The folders below `support/`, lowest first: each may import those before it. */
const SUPPORT_LAYERS = [
  'support/contract/',
  'support/redaction/',
  'support/client/',
  'support/capture/',
  'support/run/',
];
const below = (layer) => SUPPORT_LAYERS.slice(0, SUPPORT_LAYERS.indexOf(layer));

/**
 * One row of the table: `from` may import what `mayImport` lists (its own files too unless `own` is
 * false), or, with `anythingBut`, anything of ours but what that lists; `except` takes files out of it, for rules of their own.
 */
function layoutRow(from, role, { mayImport = [], anythingBut, own = true, except = [] }) {
  return {
    name: `layout: ${from}`,
    severity: 'error',
    comment: role,
    from: {
      path: `^${escape(from)}${from.endsWith('/') ? '' : '$'}`,
      ...(except.length > 0 ? { pathNot: anyOf(except) } : {}),
    },
    to: anythingBut
      ? { dependencyTypes: ['local'], path: anyOf(own ? anythingBut : [...anythingBut, from]) }
      : { dependencyTypes: ['local'], pathNot: anyOf(own ? [from, ...mayImport] : mayImport) },
  };
}

const RUN_IMPORTS = below('support/run/');

const files = (paths) => `^(${paths.map(escape).join('|')})$`;
const code = (paths) => paths.map((path) => `\`${path}\``).join(', ');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    layoutRow('tests/', 'the conformance specs, one file per operation or concern', {
      mayImport: ['fixtures/', 'support/contract/'],
    }),
    layoutRow(
      'fixtures/',
      "what specs import: the base `test` (Playwright's own, extended by our fixtures) and `expect`, where a test's requests go (`target`) and the API client fixture, what each area's tests send and read (`products.ts`, `webhooks.ts`, `list.ts` and its `list-*.ts` by role, `deliveries.ts`), the generated requests (`generated/`), the lenient readers",
      { mayImport: SUPPORT_LAYERS },
    ),
    layoutRow(
      'support/contract/',
      "what the spec says and what a run is told: operations, clauses, events, annotations, one zod schema per resource (`schemas/`, request bodies included), the target profile's schema, the embedded targets, the configuration's variables",
      { mayImport: below('support/contract/') },
    ),
    layoutRow('support/redaction/', 'secrets never leak: the secret registry and redaction', {
      mayImport: below('support/redaction/'),
    }),
    layoutRow(
      'support/client/',
      'talking to a target: the `StoreApi`, requests, answers, exchanges and their evidence, headers, `http`',
      { mayImport: below('support/client/') },
    ),
    layoutRow(
      'support/capture/',
      'receiving deliveries: the capture server and its client, inboxes, deliveries, signatures, observations',
      { mayImport: below('support/capture/') },
    ),
    layoutRow(
      'support/run/',
      "a run's life: configuration, global set-up, preflight, the guards of its reporters and traces, teardown, the journal of created resources, the webhook destination guard, workers",
      { mayImport: RUN_IMPORTS, except: ['support/run/global-setup.ts'] },
    ),
    layoutRow(
      'support/run/global-setup.ts',
      'global set-up: starts the embedded reference (the one import of it in a conformance run) and the capture server',
      { mayImport: ['support/run/', ...RUN_IMPORTS, 'reference/'] },
    ),
    layoutRow(
      'support/report/',
      'what a run writes: the redacting reporter (first of all), the conformance reporter and report, its format, certification, the OpenAPI document',
      { mayImport: ['support/'] },
    ),
    layoutRow('reference/', 'the reference implementation (fastify, in memory), its variants and its faults', {
      mayImport: ['support/contract/', 'support/capture/signature/', 'support/client/http.ts', 'profiles/'],
    }),
    layoutRow('profiles/', 'target profiles (configuration)', {}),
    layoutRow('playwright.config.ts', "Playwright's configuration of a conformance run", { mayImport: ['support/'] }),
    layoutRow(
      'selftest/',
      "the suite's own tests, the fault matrix (`matrix/`: its plan, and the module hook through which its child runs give the specs its own `test`, `docs/fault-matrix.md`), the one child-run harness and the static checks (`harness/`), benches (`bench/`)",
      { anythingBut: ['scripts/'] },
    ),
    layoutRow(
      'cli/',
      'the installed command (`store-api-conformance <command>`): one module per command, its options and help; the npm scripts run it too',
      { mayImport: ['support/'] },
    ),
    layoutRow('bin/', "the package's executable: loads `cli/main.ts` through tsx", { mayImport: ['cli/'] }),
    layoutRow(
      'scripts/',
      "the project's own entry points (benches, the fault matrix, generators, the pack-time manifest)",
      { anythingBut: ['tests/', 'reference/'], own: false },
    ),
    layoutRow('spec/', "the spec, its OpenAPI document and the report's JSON Schema", {}),
    layoutRow('docs/', 'the design, for readers who want more than the README', {}),
    {
      name: 'fixtures-pass-on-no-support-code',
      severity: 'error',
      comment:
        "`fixtures/` re-exports nothing of `support/` but the contract: a test reaches the rest through the fixtures' own steps, or the rule that tests import only `fixtures/` and the contract means nothing. A type may be passed on (\`ApiResponse\`, the \`StoreApi\` a fixture hands a test): a name for what a test holds, no code. dependency-cruiser sees a re-export only of a module the file does not also import; `selftest/layout.spec.ts` finds every one, and fails on any but those it lists as still to go.",
      from: { path: '^fixtures/' },
      to: {
        path: '^support/',
        pathNot: '^support/contract/',
        dependencyTypes: ['export'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import loop: of two files that import each other, one belongs below the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'the-package-imports-nothing-it-does-not-ship',
      severity: 'error',
      comment:
        'What the package ships imports nothing it does not ship (`selftest/`, `scripts/`: package.json `files`).',
      from: { path: '^(support|fixtures|tests|reference|cli|bin)/|^playwright\\.config\\.ts$' },
      to: { path: '^(selftest|scripts)/' },
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
