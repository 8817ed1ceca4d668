/**
 * One store, one verdict: the whole suite against each store under FAKER_SEED 1 to N, and what differs
 * between the seeds. A store is an embedded reference variant (`standard`, `divergent`, `strict`) or the
 * foreign store with a STORE_CHOICES (`foreign:all`, `foreign:none`, `foreign:random:7`). Per run: the
 * verdict and how it falls short of a valid store's (selftest/support/verdict.ts); per store, at the end:
 * the verdicts seen and every test whose outcome was not the same under every seed. Generated requests
 * are off: they draw on purpose, from the seed, and never decide the verdict.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReferenceVariants } from '../../support/contract/embedded-targets.ts';
import type { ConformanceReport } from '../../support/report/report-format.ts';
import { runSuite } from '../harness/suite-run.ts';
import { startForeignStore } from '../harness/foreign-store.ts';
import { reportIn, shortfalls } from '../support/verdict.ts';

const FOREIGN = 'foreign:';

/** Whether `store` names a store this bench can start. */
export function isStore(store: string): boolean {
  return store.startsWith(FOREIGN) || (ReferenceVariants as readonly string[]).includes(store);
}

/** One run of the suite against `store` under FAKER_SEED `seed`: its report. */
async function runOnce(store: string, seed: number): Promise<ConformanceReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seeds-'));
  const foreign = store.startsWith(FOREIGN) ? store.slice(FOREIGN.length).replace(/^none$/, '') : undefined;
  const started = foreign === undefined ? undefined : await startForeignStore(foreign);
  try {
    const env = started ? started.env : { REFERENCE_VARIANT: store };
    await runSuite({ env: { ...env, FAKER_SEED: String(seed) }, args: ['--workers=4'], keepReports: dir });
    return await reportIn(dir);
  } finally {
    await started?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each test's outcome under each seed, and the tests whose outcome differs. */
function differing(outcomes: ReadonlyMap<number, ConformanceReport>): string[] {
  const byTest = new Map<string, Map<string, number[]>>();
  for (const [seed, report] of outcomes) {
    for (const t of report.tests) {
      const seen = byTest.get(t.title) ?? new Map<string, number[]>();
      seen.set(t.outcome, [...(seen.get(t.outcome) ?? []), seed]);
      byTest.set(t.title, seen);
    }
  }
  const all = outcomes.size;
  return [...byTest]
    .filter(([, seen]) => seen.size > 1 || [...seen.values()].flat().length < all)
    .map(([title, seen]) => `${title}: ${[...seen].map(([o, seeds]) => `${o} under ${seeds.join(',')}`).join('; ')}`);
}

/** Runs every store under seeds 1 to `seeds`; prints as it goes. Returns how many stores showed more than one outcome set. */
export async function benchSeeds(stores: readonly string[], seeds: number): Promise<number> {
  let unstable = 0;
  for (const store of stores) {
    const outcomes = new Map<number, ConformanceReport>();
    for (let seed = 1; seed <= seeds; seed++) {
      const report = await runOnce(store, seed);
      outcomes.set(seed, report);
      const short = shortfalls(report);
      console.log(
        `${store.padEnd(18)} FAKER_SEED=${String(seed).padEnd(3)} ${report.verdict.padEnd(15)} ` +
          `${report.totals.stated.passed} @stated passed, ${report.totals.assumed.failed} @assumed failed`,
      );
      for (const line of short) console.log(`    ${line}`);
    }
    const verdicts = new Set([...outcomes.values()].map((r) => r.verdict));
    const differs = differing(outcomes);
    if (verdicts.size > 1 || differs.length > 0) unstable += 1;
    console.log(
      `${store}: verdicts ${[...verdicts].join(', ')}; ${differs.length} test(s) whose outcome depends on the seed`,
    );
    for (const line of differs) console.log(`    ${line}`);
  }
  return unstable;
}
