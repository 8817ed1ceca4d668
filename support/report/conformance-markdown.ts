/** The conformance report as Markdown: the verdict first, then what a vendor acts on, then the full record. */
import { LEVELS } from './conformance-report.ts';
import {
  describeSuite,
  type BaselineGate,
  type ConformanceReport,
  type Counts,
  type Level,
  type ObservedDeliveryBehaviour,
  type SkipEntry,
  type StoreEffects,
} from './report-format.ts';

const LEVEL_TAG: Record<Level, string> = { stated: '@stated', assumed: '@assumed', untagged: '(no level tag)' };

/** A value inside a Markdown table cell: no line breaks, no column separators. */
function cell(text: string): string {
  return text.replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|');
}

function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

function countsRow(label: string, level: string, c: Counts): string {
  return `| ${cell(label)} | ${level} | ${c.passed} | ${c.failed} | ${c.skipped} | ${c.flaky} |`;
}

function runTable(report: ConformanceReport): string[] {
  const run = report.run;
  const rows: [string, string][] = [
    ['Target', run?.target ?? 'unknown'],
    ['Suite', run ? describeSuite(run.suite) : 'unknown'],
    ['Spec checked', run ? `${code(run.spec.path)}, sha256 ${code(run.spec.sha256)}` : 'unknown'],
    ['Date', report.date],
    ['Duration', `${(report.durationMs / 1000).toFixed(1)} s`],
    [
      'Faker seed',
      report.fakerSeed.includes(',')
        ? `differs between shards: ${report.fakerSeed} (each failed test below names its own seed)`
        : `${code(`FAKER_SEED=${report.fakerSeed}`)} (the generated requests draw from it: re-run with it to send them again)`,
    ],
    ['Run id', run?.runId ?? 'generated per run (see created resources)'],
  ];
  if (report.shard)
    rows.push(['Shard', `${report.shard.current} of ${report.shard.total}: partial, merge the shards for the verdict`]);
  const configuration = Object.entries(run?.configuration ?? {});
  if (configuration.length > 0)
    rows.push(['Configuration', configuration.map(([k, v]) => code(`${k}=${v}`)).join(', ')]);
  return ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`)];
}

/** What accepts a skip: the configuration, a clause that broke first, or nothing (`**no**`). */
function explanation(skip: SkipEntry): string {
  if (skip.explainedByConfiguration) return 'configuration';
  if (skip.notApplicable) return 'not applicable';
  if (skip.acceptedAsDependent) return `${skip.dependsOn.join(', ')} broke first`;
  return '**no**';
}

const names = (list: readonly string[]) => (list.length === 0 ? 'none' : list.map(code).join(', '));

/** What the run observed where the spec says "not shown": described, never judged. */
function observedSection(observed: ObservedDeliveryBehaviour): string[] {
  const lines = [
    '## Observed delivery behaviour',
    '',
    'The spec leaves delivery headers, signature computation, retry behaviour and payload shapes "not shown". ' +
      'The run watched what this target does and reports it here. **These observations never change the verdict**: ' +
      'the observation tests (tagged `@observation`) are in no count, clause or reason above.',
    '',
  ];
  const { headers, retries, repeats, payloads } = observed;
  if (headers) {
    const roles = (['id', 'timestamp', 'signature', 'event'] as const)
      .map((role) => `${role}: ${names(headers.recognised[role])}`)
      .join('; ');
    lines.push(
      `- **Headers** (names only; values are never recorded), over ${headers.deliveries} deliveries: ${names(headers.names)}.`,
      `  Recognised: ${roles}.`,
    );
  }
  if (retries) lines.push(`- **Retries** when the receiver answers ${retries.answeredWith}: ${cell(retries.summary)}`);
  if (repeats) lines.push(`- **One event, one delivery**: ${cell(repeats.summary)}`);
  if (headers || retries || repeats) lines.push('');
  if (payloads.length > 0) {
    lines.push(
      '| event | body | top-level keys | product object | its keys |',
      '|---|---|---|---|---|',
      ...payloads.map(
        (p) =>
          `| ${p.event} | ${p.body} | ${cell(names(p.topLevelKeys))} | ${p.productPath === null ? 'not found' : p.productPath === '' ? 'the body itself' : code(p.productPath)} | ${cell(names(p.productKeys))} |`,
      ),
      '',
    );
  }
  const notObserved = observed.tests.filter((t) => t.outcome !== 'passed');
  if (notObserved.length > 0) {
    lines.push(
      'Not observed:',
      '',
      ...notObserved.map((t) => `- ${t.title} (${t.outcome}): ${cell(t.reason ?? 'no reason given')}`),
      '',
    );
  }
  return lines;
}

/** The failures marked against the baseline a run was given: the verdict above is unchanged by it. */
function baselineLines(gate: BaselineGate): string[] {
  const failures = (heading: string, list: BaselineGate['known']) =>
    list.length === 0
      ? []
      : [
          `${heading}:`,
          '',
          ...list.map(
            (f) => `- ${cell(f.title)} (${f.kind}${f.clauses.length > 0 ? `: ${f.clauses.join(', ')}` : ''})`,
          ),
          '',
        ];
  return [
    `## Baseline: gate ${gate.gate}`,
    '',
    `Failures marked against ${code(gate.file)}${gate.date ? ` (a run of ${gate.date})` : ''}: ${gate.known.length} known, ${gate.new.length} new. ` +
      'The gate passes (exit code 0) when every failure is known; the verdict above is the same with or without a baseline.',
    '',
    ...failures('New failures', gate.new),
    ...failures('Known failures', gate.known),
    ...(gate.nowPassing.length === 0
      ? []
      : ['Known failures that now pass (tighten the baseline):', '', ...gate.nowPassing.map((t) => `- ${cell(t)}`)]),
  ];
}

export function renderMarkdown(report: ConformanceReport): string {
  const verdict = [
    ...headline(report),
    ...runTable(report),
    '',
    ...(report.baseline ? [...baselineLines(report.baseline), ''] : []),
    ...failingClauses(report),
    ...unexplainedSkips(report),
    ...dependentSkips(report),
    ...runErrors(report),
    ...storeLines(report.store),
  ];
  // A run that stopped before any test has nothing more to show: no results, skips or coverage.
  if (report.tests.length === 0) return `${verdict.join('\n')}\n`;
  const lines = [
    ...verdict,
    ...resultsByOperation(report),
    ...skippedTests(report),
    ...failedTests(report),
    ...unmetReadings(report),
    ...deliveryLatency(report.deliveryLatency),
    ...(report.observedDeliveryBehaviour ? observedSection(report.observedDeliveryBehaviour) : []),
    ...clauseCoverage(report),
  ];
  return `${lines.join('\n')}\n`;
}

/** The title, what part of the suite ran, and what the verdict means or why it is what it is. */
function headline(report: ConformanceReport): string[] {
  const partial = report.shard ? ` (shard ${report.shard.current} of ${report.shard.total} only)` : '';
  const lines: string[] = [`# Conformance report: ${report.headline}${partial}`, ''];
  if (report.scope)
    lines.push(
      `A read-only run (\`TARGET_READ_ONLY=true\`): it sent no POST, PUT, PATCH or DELETE, and judged only what reads can judge. It certifies nothing. Not judged: ${report.scope.notJudged.join(', ') || 'none'}.`,
      '',
    );
  if (report.selection)
    lines.push(
      `Only part of the suite ran (${report.selection}): this verdict covers those tests alone, and certifies nothing.`,
      '',
    );
  if (report.verdict === 'CONFORMANT')
    return [
      ...lines,
      'Every `@stated` test passed, or was skipped for a reason the configuration explains, as not applicable to the target, or because another clause broke first; none was flaky.',
      ...(report.unjudgedBySetting.tests > 0 && !report.scope
        ? [
            `${report.unjudgedBySetting.tests} \`@stated\` test(s) were skipped by the configuration, so their clauses were not judged: ${report.unjudgedBySetting.settings.map((s) => `${code(s.setting)} would judge ${s.tests}`).join(', ')} (see "Skipped tests").`,
          ]
        : []),
      '',
    ];
  if (report.verdict === 'NO VERDICT')
    lines.push(
      'Nothing was judged about the target: this is neither a pass nor a breach of the spec. Fix what stopped the run and run it again.',
      '',
    );
  return [...lines, ...report.reasons.map((r) => `- ${cell(r)}`), ''];
}

/** What the run did to the store: created, deleted, switched off, left, and the command that removes the rest. */
function storeLines(store: StoreEffects | null): string[] {
  if (!store) return [];
  const both = (c: { products: number; webhooks: number }) => `${c.products} products, ${c.webhooks} webhooks`;
  const lines = ['## What the run did to the store', ''];
  if (store.embedded)
    return [
      ...lines,
      `Created ${both(store.created)} on the embedded reference, which ended with the run (${store.files.map(code).join(', ')}).`,
      '',
    ];
  const path = (kind: 'product' | 'webhook') => {
    const template = store.deletePaths[kind];
    const from = kind === 'product' ? store.deletePaths.productFrom : store.deletePaths.webhookFrom;
    return template ? `${code(`DELETE ${template}`)} (${from ?? 'given'})` : 'none known';
  };
  lines.push(
    '| | |',
    '|---|---|',
    `| Target | ${cell(store.target)}, run ${code(store.runId)} |`,
    `| Created | ${both(store.created)} |`,
    `| Deleted | ${both(store.deleted)} |`,
    `| Switched off | ${store.switchedOff.webhooks} webhooks (through Update Webhook: none can deliver) |`,
    `| Left | ${both(store.left)} |`,
    `| Delete Product | ${path('product')} |`,
    `| Delete Webhook | ${path('webhook')} |`,
    `| List | ${store.files.map(code).join(', ')} |`,
    '',
  );
  if (store.command)
    lines.push(
      `Remove the rest: ${code(store.command)} (in a clone: ${code(`npm run cleanup -- ${store.runId}`)} with the same settings).`,
      '',
    );
  if (store.remaining.length > 0)
    lines.push(
      '| what | id | name | what was done |',
      '|---|---|---|---|',
      ...store.remaining.map(
        (r) => `| ${r.kind} (${r.cleanup}) | ${r.id ?? '?'} | ${cell(r.name ?? '')} | ${cell(r.detail)} |`,
      ),
      '',
    );
  return lines;
}

function failingClauses(report: ConformanceReport): string[] {
  if (report.failingClauses.length === 0) return [];
  return [
    '## Failing clauses',
    '',
    'Clauses cited by `@stated` tests that failed (a test citing several clauses breaks at least one of them: a clause that passed in many other tests is less likely the broken one). ' +
      'Each failed test carries the request as a curl line, the response and the schema diff in the HTML report.',
    '',
    ...report.failingClauses.flatMap((clause) => {
      const elsewhere = clause.passedElsewhere > 0 ? ` Passed in ${clause.passedElsewhere} other test(s).` : '';
      return [
        `- **${clause.id}** (${clause.section}): "${clause.quote}"${elsewhere}`,
        ...clause.failedTests.map((t) => `  - failed: ${t}`),
      ];
    }),
    '',
  ];
}

function unexplainedSkips(report: ConformanceReport): string[] {
  if (report.unexplainedSkips.length === 0) return [];
  return [
    '## `@stated` tests skipped without a configuration reason',
    '',
    ...report.unexplainedSkips.map(
      (s) =>
        `- ${s.title}: ${s.reason}${s.dependsOn.length > 0 ? ` (depends on ${s.dependsOn.join(', ')}, but no test of it failed)` : ''}`,
    ),
    '',
  ];
}

function dependentSkips(report: ConformanceReport): string[] {
  if (report.dependentSkips.length === 0) return [];
  return [
    '## Not judged: another clause broke first',
    '',
    'These tests could not judge their clauses because a clause they rest on is broken in this run (a test of it failed, or could not run either). ' +
      'They neither pass their clauses nor, on their own, fail the verdict: once the cause is fixed, they judge theirs.',
    '',
    ...report.dependentSkips.map(
      (s) =>
        `- ${s.title} (${LEVEL_TAG[s.level]}): could not judge ${s.clauses.join(', ') || 'its clauses'}; cause: **${s.dependsOn.join(', ')}**. ${cell(s.reason)}`,
    ),
    '',
  ];
}

function runErrors(report: ConformanceReport): string[] {
  if (report.runErrors.length === 0) return [];
  return [
    '## Errors outside the tests',
    '',
    ...report.runErrors.flatMap((error) => ['```', error.replace(/```/g, "'''"), '```', '']),
  ];
}

function resultsByOperation(report: ConformanceReport): string[] {
  const lines = [
    '## Results by operation and level',
    '',
    '| operation | level | passed | failed | skipped | flaky |',
    '|---|---|---|---|---|---|',
  ];
  for (const { operation, levels } of report.operations) {
    for (const level of LEVELS) {
      const c = levels[level];
      if (c.passed + c.failed + c.skipped + c.flaky > 0) lines.push(countsRow(operation, LEVEL_TAG[level], c));
    }
  }
  for (const level of LEVELS) {
    const c = report.totals[level];
    if (level !== 'untagged' || c.passed + c.failed + c.skipped + c.flaky > 0)
      lines.push(countsRow('**all operations**', LEVEL_TAG[level], c));
  }
  return [...lines, ''];
}

function skippedTests(report: ConformanceReport): string[] {
  if (report.skips.length === 0) return ['## Skipped tests', '', 'None.', ''];
  return [
    '## Skipped tests',
    '',
    '| test | level | reason | explained by |',
    '|---|---|---|---|',
    ...report.skips.map(
      (s) => `| ${cell(s.title)} | ${LEVEL_TAG[s.level]} | ${cell(s.reason)} | ${cell(explanation(s))} |`,
    ),
    '',
  ];
}

function failedTests(report: ConformanceReport): string[] {
  if (report.failedTests.length === 0) return [];
  return [
    '## Failed tests',
    '',
    ...report.failedTests.flatMap((t) => [
      `- ${t.title} (${LEVEL_TAG[t.level]}, ${t.outcome}, ${t.location}${t.fakerSeed ? `, faker seed ${t.fakerSeed}` : ''})`,
      ...(t.error ? [`  > ${cell(t.error)}`] : []),
    ]),
    '',
  ];
}

function unmetReadings(report: ConformanceReport): string[] {
  if (report.unmetReadings.length === 0) return [];
  return [
    '## Readings not met (`@assumed`: not a breach of the spec)',
    '',
    "The spec is silent here; these tests hold a strong reading of it (see each clause's reading below). A valid implementation can read it otherwise.",
    '',
    ...report.unmetReadings.map((r) => `- ${r.title} (${r.clauses.join(', ')})`),
    '',
  ];
}

function deliveryLatency(latency: ConformanceReport['deliveryLatency']): string[] {
  if (!latency) return ['## Delivery latency', '', 'No delivery test recorded a latency in this run.', ''];
  return [
    '## Delivery latency',
    '',
    `${latency.deliveries} deliveries: median ${latency.medianMs.toFixed(0)} ms, maximum ${latency.maxMs.toFixed(0)} ms (API call to arrival at the capture server).`,
    '',
    '| test | latency (ms) |',
    '|---|---|',
    ...latency.tests.map((t) => `| ${cell(t.title)} | ${t.latenciesMs.map((v) => v.toFixed(0)).join(', ')} |`),
    '',
  ];
}

function clauseCoverage(report: ConformanceReport): string[] {
  return [
    '## Clause coverage',
    '',
    'Every clause of the spec the suite knows, with the tests that cite it. A clause none of whose tests (for a stated clause, none of its `@stated` tests) passed or failed was not judged in this run.',
    '',
    '| clause | level | quote | tests |',
    '|---|---|---|---|',
    ...report.coverage.map((c) => {
      const tests = [
        ...(c.judged ? [] : ['**not judged in this run**']),
        ...c.tests.map((t) => `${t.outcome}: ${t.title}`),
      ].join('<br>');
      return `| ${c.id} | ${c.level} | ${cell(c.quote)}${c.reading ? `<br>*Reading:* ${cell(c.reading)}` : ''} | ${cell(tests)} |`;
    }),
  ];
}
