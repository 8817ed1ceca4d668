/**
 * The conformance report as one self-contained HTML page (`conformance.html`): what a QA lead opens from
 * CI, and what a vendor hands a certifying body. It is rendered from the same report as conformance.md and
 * conformance.json, so the three never disagree. No script, no font, no request: inline CSS only, so that
 * it works from `file://`, inside a zip, and on paper. The verdict is said in words and by a symbol, never
 * by colour alone.
 */
import { LEVELS, settingsNamed } from './conformance-report.ts';
import {
  describeSuite,
  type ClauseEntry,
  type ConformanceReport,
  type Level,
  type ObservedDeliveryBehaviour,
  type SkipEntry,
  type TestRecord,
  type Verdict,
} from './report-format.ts';

/** Playwright's HTML report, relative to this page (both in the reports directory). */
const PLAYWRIGHT_REPORT = 'html/index.html';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A fragment id for a clause (its row in the table of every clause). */
const clauseAnchor = (id: string) => `clause-${id.replace(/[^A-Za-z0-9_-]/g, '-')}`;

const VERDICTS: Record<
  Verdict,
  { readonly css: string; readonly symbol: string; readonly code: number; readonly meaning: string }
> = {
  CONFORMANT: {
    css: 'conformant',
    symbol: '✓',
    code: 0,
    meaning:
      'Every @stated test passed, or was skipped for a reason the report accepts: the target does what the spec states.',
  },
  'NOT CONFORMANT': {
    css: 'not-conformant',
    symbol: '✗',
    code: 1,
    meaning: 'The target breaks the spec: a @stated test failed, was flaky, or was skipped for no accepted reason.',
  },
  'NO VERDICT': {
    css: 'no-verdict',
    symbol: '?',
    code: 2,
    meaning:
      'Nothing was judged about the target: this is neither a pass nor a breach. Fix what stopped the run and run it again.',
  },
};

const LEVEL_TAG: Record<Level, string> = { stated: '@stated', assumed: '@assumed', untagged: '(no level tag)' };

/** How one operation's tests of one clause came out, for a cell of the grid. */
type CellState = 'failed' | 'passed' | 'not-applicable' | 'not-judged';
const CELL: Record<CellState, { readonly symbol: string; readonly words: string }> = {
  failed: { symbol: '✗', words: 'failed' },
  passed: { symbol: '✓', words: 'passed' },
  'not-applicable': { symbol: '∅', words: 'not applicable' },
  'not-judged': { symbol: '–', words: 'not judged' },
};

/** A stated clause is judged by its @stated tests only; an assumed one by any test citing it. */
function cellState(clause: ClauseEntry, tests: readonly TestRecord[]): CellState {
  const judging = tests.filter((t) => clause.level !== 'stated' || t.level === 'stated');
  if (judging.some((t) => t.outcome === 'failed' || t.outcome === 'flaky')) return 'failed';
  if (judging.some((t) => t.outcome === 'passed')) return 'passed';
  if (tests.length > 0 && tests.every((t) => t.outcome === 'skipped' && t.notApplicable)) return 'not-applicable';
  return 'not-judged';
}

function acceptedBy(skip: SkipEntry): string | undefined {
  if (skip.explainedByConfiguration) return 'yes: the configuration explains it';
  if (skip.notApplicable) return 'yes: not applicable to the target';
  if (skip.acceptedAsDependent) return `yes: ${skip.dependsOn.join(', ')} broke first`;
  return undefined;
}

function banner(report: ConformanceReport): string {
  const v = VERDICTS[report.verdict];
  const partial = report.shard
    ? ` (shard ${report.shard.current} of ${report.shard.total} only: merge the shards)`
    : '';
  // The headline begins with the verdict; what follows it (a scope, the tests left unjudged) goes on the line below.
  const rest = report.headline.startsWith(report.verdict) ? report.headline.slice(report.verdict.length) : '';
  const scope = rest.replace(/^[,\s]+/, '');
  return `<header class="banner ${v.css}">
  <p class="verdict"><span class="symbol" aria-hidden="true">${v.symbol}</span> <strong>${escape(report.verdict)}</strong>${escape(partial)} <span class="exit">exit code ${v.code}</span></p>${scope ? `\n  <p class="headline">${escape(scope.charAt(0).toUpperCase() + scope.slice(1))}.</p>` : ''}
  <p class="meaning">${escape(v.meaning)}</p>${report.selection ? `\n  <p class="meaning">Only part of the suite ran (${escape(report.selection)}): this verdict covers those tests alone, and certifies nothing.</p>` : ''}${report.scope ? `\n  <p class="meaning">A read-only run (TARGET_READ_ONLY=true) sent no POST, PUT, PATCH or DELETE: it certifies nothing. Not judged: ${escape(report.scope.notJudged.join(', ') || 'none')}.</p>` : ''}
</header>`;
}

/** For NO VERDICT, first: why, and which settings the reasons name. */
function stopped(report: ConformanceReport): string {
  if (report.verdict !== 'NO VERDICT') return '';
  const reasons = report.reasons.length > 0 ? report.reasons : report.runErrors;
  const settings = [...new Set([...reasons, ...report.runErrors].flatMap(settingsNamed))];
  return `<section id="what-stopped" aria-labelledby="what-stopped-h">
  <h2 id="what-stopped-h">What stopped the run</h2>
  ${settings.length > 0 ? `<p class="fix">Setting to fix: ${settings.map((s) => `<code>${escape(s)}</code>`).join(', ')}</p>` : ''}
  <ul>${reasons.map((r) => `<li><pre class="wrap" tabindex="0">${escape(r)}</pre></li>`).join('')}</ul>
</section>`;
}

function runFacts(report: ConformanceReport): string {
  const run = report.run;
  const rows: [string, string][] = [
    ['Target', run?.target ?? 'unknown'],
    ['Suite', run ? describeSuite(run.suite) : 'unknown'],
    ['Spec', run ? `${run.spec.path}, sha256 ${run.spec.sha256}` : 'unknown'],
    ['Date', report.date],
    ['Run id', run?.runId ?? 'unknown'],
    ['Faker seed', `FAKER_SEED=${report.fakerSeed}`],
    ['Duration', `${(report.durationMs / 1000).toFixed(1)} s`],
  ];
  const configuration = Object.entries(run?.configuration ?? {});
  if (configuration.length > 0) rows.push(['Configuration', configuration.map(([k, val]) => `${k}=${val}`).join(', ')]);
  return `<section id="run" aria-labelledby="run-h">
  <h2 id="run-h">The run</h2>
  <dl class="facts">${rows.map(([k, val]) => `<dt>${escape(k)}</dt><dd>${escape(val)}</dd>`).join('')}</dl>
  <p>Every test, with its steps and attachments: <a href="${PLAYWRIGHT_REPORT}">Playwright's HTML report</a> (traces, when recorded, are there too).</p>
</section>`;
}

/** What the run did to the store: created, deleted, switched off and left, and the command that removes the rest. */
function storeSection(report: ConformanceReport): string {
  const store = report.store;
  if (!store) return '';
  const both = (c: { products: number; webhooks: number }) => `${c.products} products, ${c.webhooks} webhooks`;
  const heading = '<h2 id="store-h">What the run did to the store</h2>';
  if (store.embedded)
    return `<section id="store" aria-labelledby="store-h">${heading}<p>Created ${escape(both(store.created))} on the embedded reference, which ended with the run.</p></section>`;
  const path = (template: string | null, from: string | null) =>
    template ? `DELETE ${template} (${from ?? 'given'})` : 'none known';
  const rows: [string, string][] = [
    ['Created', both(store.created)],
    ['Deleted', both(store.deleted)],
    ['Switched off', `${store.switchedOff.webhooks} webhooks, through Update Webhook: none can deliver`],
    ['Left', both(store.left)],
    ['Delete Product', path(store.deletePaths.product, store.deletePaths.productFrom)],
    ['Delete Webhook', path(store.deletePaths.webhook, store.deletePaths.webhookFrom)],
    ['Run id', store.runId],
    ['List', store.files.join(', ')],
  ];
  const command = store.command
    ? `<p>Remove the rest:</p><pre class="wrap" tabindex="0">${escape(store.command)}</pre><p>In a clone: <code>npm run cleanup -- ${escape(store.runId)}</code>, with the same settings.</p>`
    : '';
  const remaining =
    store.remaining.length === 0
      ? ''
      : `<details><summary>${store.remaining.length} still on the store, and what was done</summary><div class="scroll" tabindex="0" role="region" aria-label="what is still on the store"><table><thead><tr><th scope="col">what</th><th scope="col">id</th><th scope="col">name</th><th scope="col">what was done</th></tr></thead><tbody>${store.remaining
          .map(
            (r) =>
              `<tr><td>${escape(`${r.kind} (${r.cleanup})`)}</td><td>${r.id ?? '?'}</td><td>${escape(r.name ?? '')}</td><td>${escape(r.detail)}</td></tr>`,
          )
          .join('\n')}</tbody></table></div></details>`;
  return `<section id="store" aria-labelledby="store-h">
  ${heading}
  <dl class="facts">${rows.map(([k, v]) => `<dt>${escape(k)}</dt><dd>${escape(v)}</dd>`).join('')}</dl>
  ${command}
  ${remaining}
</section>`;
}

function reasonsList(report: ConformanceReport): string {
  if (report.verdict !== 'NOT CONFORMANT') return '';
  return `<section id="reasons" aria-labelledby="reasons-h">
  <h2 id="reasons-h">Why not conformant</h2>
  <ul>${report.reasons.map((r) => `<li>${escape(r)}</li>`).join('')}</ul>
</section>`;
}

/** The failures marked against the baseline a run was given: the verdict above is unchanged by it. */
function baselineGate(report: ConformanceReport): string {
  const gate = report.baseline;
  if (!gate) return '';
  const list = (heading: string, titles: readonly string[]) =>
    titles.length === 0
      ? ''
      : `<h3>${escape(heading)}</h3><ul>${titles.map((t) => `<li>${escape(t)}</li>`).join('')}</ul>`;
  const described = (failures: NonNullable<ConformanceReport['baseline']>['known']) =>
    failures.map((f) => `${f.title} (${f.kind}${f.clauses.length > 0 ? `: ${f.clauses.join(', ')}` : ''})`);
  return `<section id="baseline" aria-labelledby="baseline-h">
  <h2 id="baseline-h">Baseline: gate ${gate.gate}</h2>
  <p>Failures marked against ${escape(gate.file)}${gate.date ? ` (a run of ${escape(gate.date)})` : ''}: ${gate.known.length} known, ${gate.new.length} new. The gate passes (exit code 0) when every failure is known; the verdict above is the same with or without a baseline.</p>
  ${list('New failures', described(gate.new))}
  ${list('Known failures', described(gate.known))}
  ${list('Known failures that now pass (tighten the baseline)', gate.nowPassing)}
</section>`;
}

function grid(report: ConformanceReport): string {
  const operations = report.operations.map((o) => o.operation);
  if (operations.length === 0) return '';
  const cited = report.coverage.filter((c) => c.tests.length > 0);
  const head = operations.map((o) => `<th scope="col">${escape(o)}</th>`).join('');
  const rows = cited.map((clause) => {
    const cells = operations.map((operation) => {
      const tests = report.tests.filter((t) => t.operation === operation && t.clauses.includes(clause.id));
      if (tests.length === 0) return '<td class="none"><span class="visually-hidden">not cited</span></td>';
      const state = cellState(clause, tests);
      const level = clause.level === 'stated' ? 'S' : clause.level === 'assumed' ? 'A' : '?';
      const context = `${clause.id}, ${operation}, ${clause.level}`;
      // The symbol and the level are what shows: the words are for screen readers and the tooltip, so the grid fits the window.
      return `<td class="cell ${state}"><a href="#${clauseAnchor(clause.id)}" title="${escape(`${CELL[state].words}: ${context}`)}"><span aria-hidden="true">${CELL[state].symbol}<sup>${level}</sup></span><span class="visually-hidden">${escape(CELL[state].words)}: ${escape(context)}</span></a></td>`;
    });
    return `<tr><th scope="row"><a href="#${clauseAnchor(clause.id)}">${escape(clause.id)}</a></th>${cells.join('')}</tr>`;
  });
  return `<section id="grid" aria-labelledby="grid-h">
  <h2 id="grid-h">Clauses by operation</h2>
  <p class="legend">Each cell: how the tests of that operation citing the clause came out (✓ passed, ✗ failed, ∅ not applicable, – not judged), and the clause's level (<sup>S</sup> stated: decides the verdict; <sup>A</sup> assumed: a reading of a silent spec). A cell links to the clause's row below, and says its outcome in words on hover.</p>
  <div class="scroll" tabindex="0" role="region" aria-label="clauses by operation"><table class="grid">
    <thead><tr><th scope="col">clause</th>${head}</tr></thead>
    <tbody>${rows.join('\n')}</tbody>
  </table></div>
</section>`;
}

function evidence(test: TestRecord): string {
  const parts: string[] = [];
  if (test.error) parts.push(`<p class="message">${escape(test.error)}</p>`);
  if (test.evidence) {
    parts.push(
      `<details open><summary>The request, as a curl line (the token as <code>$API_TOKEN</code>)</summary><pre class="wrap curl" tabindex="0">${escape(test.evidence.curl)}</pre></details>`,
      `<details open><summary>The answer</summary><pre class="wrap" tabindex="0">${escape(test.evidence.response)}</pre></details>`,
    );
  }
  const seed = test.fakerSeed ? ` Faker seed ${escape(test.fakerSeed)}.` : '';
  const link = `${PLAYWRIGHT_REPORT}#?q=${encodeURIComponent(test.title.split(' › ').at(-1) ?? test.title)}`;
  return `<li class="failed-test"><p><strong>${escape(test.title)}</strong> (${LEVEL_TAG[test.level]}, ${escape(test.location)}).${seed} <a href="${escape(link)}">In Playwright's report</a></p>${parts.join('\n')}</li>`;
}

function failing(report: ConformanceReport): string {
  if (report.failingClauses.length === 0) return '';
  const articles = report.failingClauses.map((clause) => {
    const tests = report.failedTests.filter((t) => clause.failedTests.includes(t.title));
    return `<article class="failing-clause" id="failing-${clauseAnchor(clause.id)}">
  <h3><a href="#${clauseAnchor(clause.id)}">${escape(clause.id)}</a> <span class="level">${escape(clause.level)}</span></h3>
  <p class="section">${escape(clause.section)}</p>
  <blockquote>${escape(clause.quote)}</blockquote>
  ${clause.reading ? `<p class="reading"><em>Reading:</em> ${escape(clause.reading)}</p>` : ''}
  ${clause.passedElsewhere > 0 ? `<p>Passed in ${clause.passedElsewhere} other test(s): a test citing several clauses breaks at least one of them.</p>` : ''}
  <ul class="failed-tests">${tests.map(evidence).join('\n')}</ul>
</article>`;
  });
  return `<section id="failing" aria-labelledby="failing-h">
  <h2 id="failing-h">Failing clauses</h2>
  ${articles.join('\n')}
</section>`;
}

function skips(report: ConformanceReport): string {
  if (report.tests.length === 0) return '';
  const rows = report.skips.map((s) => {
    const accepted = acceptedBy(s);
    return `<tr class="${accepted ? 'accepted' : 'unaccepted'}"><td>${escape(s.title)}</td><td>${LEVEL_TAG[s.level]}</td><td>${escape(s.reason)}</td><td>${escape(accepted ?? 'NO: nothing explains it')}</td></tr>`;
  });
  return `<section id="skips" aria-labelledby="skips-h">
  <h2 id="skips-h">Skipped tests</h2>
  ${
    rows.length === 0
      ? '<p>None.</p>'
      : `<div class="scroll" tabindex="0" role="region" aria-label="skipped tests"><table><thead><tr><th scope="col">test</th><th scope="col">level</th><th scope="col">reason</th><th scope="col">accepted</th></tr></thead><tbody>${rows.join('\n')}</tbody></table></div>`
  }
</section>`;
}

function readings(report: ConformanceReport): string {
  if (report.unmetReadings.length === 0) return '';
  return `<section id="readings" aria-labelledby="readings-h">
  <h2 id="readings-h">Readings not met (@assumed: not a breach of the spec)</h2>
  <p>The spec is silent here; these tests hold a reading of it that the target does not share. They never decide the verdict.</p>
  <ul>${report.unmetReadings.map((r) => `<li>${escape(r.title)} (${escape(r.clauses.join(', '))})${r.error ? `: ${escape(r.error)}` : ''}</li>`).join('')}</ul>
</section>`;
}

function counts(report: ConformanceReport): string {
  if (report.tests.length === 0) return '';
  const row = (label: string, level: Level, c: { passed: number; failed: number; skipped: number; flaky: number }) =>
    `<tr><th scope="row">${escape(label)}</th><td>${LEVEL_TAG[level]}</td><td>${c.passed}</td><td>${c.failed}</td><td>${c.skipped}</td><td>${c.flaky}</td></tr>`;
  const rows = report.operations.flatMap(({ operation, levels }) =>
    LEVELS.filter((l) => Object.values(levels[l]).some((n) => n > 0)).map((l) => row(operation, l, levels[l])),
  );
  const totals = LEVELS.filter((l) => l !== 'untagged' || Object.values(report.totals[l]).some((n) => n > 0)).map((l) =>
    row('all operations', l, report.totals[l]),
  );
  return `<section id="counts" aria-labelledby="counts-h">
  <h2 id="counts-h">Results by operation and level</h2>
  <div class="scroll" tabindex="0" role="region" aria-label="results by operation and level"><table><thead><tr><th scope="col">operation</th><th scope="col">level</th><th scope="col">passed</th><th scope="col">failed</th><th scope="col">skipped</th><th scope="col">flaky</th></tr></thead><tbody>${[...rows, ...totals].join('\n')}</tbody></table></div>
</section>`;
}

function deliveries(report: ConformanceReport): string {
  if (report.tests.length === 0) return '';
  const latency = report.deliveryLatency;
  const latencyText = latency
    ? `<p>${latency.deliveries} deliveries: median ${latency.medianMs.toFixed(0)} ms, maximum ${latency.maxMs.toFixed(0)} ms, from the API call to the arrival at the capture server.</p>`
    : '<p>No delivery test recorded a latency in this run.</p>';
  return `<section id="deliveries" aria-labelledby="deliveries-h">
  <h2 id="deliveries-h">Deliveries</h2>
  ${latencyText}
  ${report.observedDeliveryBehaviour ? observed(report.observedDeliveryBehaviour) : '<p>Delivery behaviour was not observed in this run.</p>'}
</section>`;
}

function observed(o: ObservedDeliveryBehaviour): string {
  const items: string[] = [];
  const list = (names: readonly string[]) =>
    names.length === 0 ? 'none' : names.map((n) => `<code>${escape(n)}</code>`).join(', ');
  if (o.headers)
    items.push(
      `<li>Headers on every one of ${o.headers.deliveries} deliveries: ${list(o.headers.names)}; an id: ${list(o.headers.recognised.id)}; a timestamp: ${list(o.headers.recognised.timestamp)}; a signature: ${list(o.headers.recognised.signature)}; the event: ${list(o.headers.recognised.event)}.</li>`,
    );
  if (o.retries) items.push(`<li>Retries: ${escape(o.retries.summary)}</li>`);
  if (o.repeats) items.push(`<li>One event, one delivery: ${escape(o.repeats.summary)}</li>`);
  for (const p of o.payloads)
    items.push(
      `<li>Payload of <code>${escape(p.event)}</code>: ${escape(p.body)}; top-level keys ${list(p.topLevelKeys)}; the product at ${p.productPath === null ? 'no place found' : `<code>${escape(p.productPath || '(the body)')}</code>`}.</li>`,
    );
  return `<h3>Observed delivery behaviour (reported, never judged)</h3><ul>${items.join('') || '<li>Nothing could be observed.</li>'}</ul>`;
}

function coverage(report: ConformanceReport): string {
  if (report.tests.length === 0) return '';
  const rows = report.coverage.map((c) => {
    const tests = c.tests.map((t) => `<li>${escape(t.outcome)}: ${escape(t.title)}</li>`).join('');
    return `<tr id="${clauseAnchor(c.id)}"><th scope="row">${escape(c.id)}</th><td>${escape(c.level)}</td><td>${escape(c.quote)}${c.reading ? `<br><em>Reading:</em> ${escape(c.reading)}` : ''}</td><td>${c.judged ? '' : '<strong>not judged in this run</strong>'}<ul>${tests}</ul></td></tr>`;
  });
  return `<section id="coverage" aria-labelledby="coverage-h">
  <h2 id="coverage-h">Every clause</h2>
  <div class="scroll" tabindex="0" role="region" aria-label="every clause"><table><thead><tr><th scope="col">clause</th><th scope="col">level</th><th scope="col">the spec's words</th><th scope="col">tests</th></tr></thead><tbody>${rows.join('\n')}</tbody></table></div>
</section>`;
}

function errors(report: ConformanceReport): string {
  if (report.runErrors.length === 0 || report.verdict === 'NO VERDICT') return '';
  return `<section id="errors" aria-labelledby="errors-h"><h2 id="errors-h">Errors outside the tests</h2>${report.runErrors.map((e) => `<pre class="wrap" tabindex="0">${escape(e)}</pre>`).join('')}</section>`;
}

const STYLE = `
:root { color-scheme: light; --ok: #0a6b2f; --bad: #a4161a; --none: #5c4a00; --muted: #4a4a4a; --line: #c8c8c8; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1b1b1b; background: #fff; overflow-wrap: break-word; }
main { max-width: 1200px; margin: 0 auto; padding: 0 1.25rem 3rem; }
code { overflow-wrap: anywhere; }
h2 { margin-top: 2rem; border-bottom: 1px solid var(--line); }
.banner { padding: 1.25rem; color: #fff; }
.banner p { max-width: 1200px; margin: 0.25rem auto; }
.banner.conformant { background: var(--ok); }
.banner.not-conformant { background: var(--bad); }
.banner.no-verdict { background: var(--none); }
.verdict { font-size: 1.8rem; }
.verdict .symbol { display: inline-block; min-width: 1.4em; }
.exit { font-size: 1rem; opacity: 0.95; margin-left: 0.75rem; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
.scroll { overflow-x: auto; position: relative; }
.grid { width: auto; }
.grid td, .grid th { font-size: 0.85rem; }
.grid thead th { vertical-align: bottom; min-width: 4.5em; max-width: 8em; }
.grid tbody th { white-space: nowrap; position: sticky; left: 0; background: #fff; }
.grid td { text-align: center; white-space: nowrap; padding: 0.2rem 0.4rem; }
.grid .cell a { display: block; color: inherit; text-decoration: none; }
.cell.passed { background: #e3f4e8; color: var(--ok); }
.cell.failed { background: #fbe3e4; color: var(--bad); font-weight: 700; }
.cell.not-applicable { background: #eef0f6; color: #2d3a66; }
.cell.not-judged { background: #fdf4d8; color: var(--none); }
.cell a:focus, a:focus { outline: 3px solid #1f5fbf; outline-offset: 1px; }
blockquote { margin: 0.5rem 0; padding: 0.5rem 1rem; border-left: 4px solid var(--bad); background: #f7f7f7; }
.level { font-size: 0.8rem; text-transform: uppercase; border: 1px solid currentColor; padding: 0 0.3rem; border-radius: 3px; }
.section, .legend { color: var(--muted); }
pre.wrap { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: 0.5rem; font-size: 0.85rem; max-height: 24em; overflow-y: auto; }
.failed-test { margin-bottom: 1rem; }
.message { font-family: ui-monospace, monospace; font-size: 0.85rem; }
tr.unaccepted td { background: #fbe3e4; }
.fix { font-size: 1.1rem; font-weight: 600; }
.headline { font-size: 1.15rem; font-weight: 600; }
@media (max-width: 600px) {
  main { padding: 0 0.75rem 2rem; }
  .verdict { font-size: 1.4rem; }
  .facts { grid-template-columns: 1fr; }
  .grid tbody th { white-space: normal; overflow-wrap: anywhere; min-width: 9em; max-width: 11em; }
}
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media print {
  .banner { color: #000; background: none !important; border: 3px solid #000; }
  .scroll, pre.wrap { overflow: visible; max-height: none; }
  details > summary { list-style: none; }
  a { color: inherit; text-decoration: none; }
  section { break-inside: avoid-page; }
}
`;

export function renderHtml(report: ConformanceReport): string {
  const title = `Conformance report: ${report.verdict}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${banner(report)}
<main>
<h1 class="visually-hidden">${escape(title)}</h1>
${stopped(report)}
${runFacts(report)}
${reasonsList(report)}
${storeSection(report)}
${baselineGate(report)}
${failing(report)}
${grid(report)}
${skips(report)}
${readings(report)}
${counts(report)}
${deliveries(report)}
${errors(report)}
${coverage(report)}
</main>
</body>
</html>
`;
}
