/**
 * `npm run bench:writes [-- --targets=embedded,foreign,foreign:all --top=15 --workers=8]`: the resources a full run
 * creates on the store it judges (issue 35: at most 250). Runs the suite as a user does by default
 * (generated requests and delivery observations on) against each target: `embedded` (the embedded
 * reference), `foreign` (the store we did not write, with no choice) and `foreign:<choices>` (its
 * STORE_CHOICES, `all` or `random:<seed>`, as selftest/harness/foreign-store.ts starts it). Reads the run's
 * created-resources.json and prints, per target: the verdict, what was created (products and webhooks), by
 * spec file, and the tests that created the most. `--workers=8` runs at the count a remote target gets on
 * two cores (what the tests that only read share is made once per run, whatever the count). Exits 1 when a
 * run creates more than the goal.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { closeOnExit, machine, option, seconds, tempDir, timedRun } from '../selftest/bench/harness.ts';
import { startForeignStore } from '../selftest/harness/foreign-store.ts';

/** Issue 35's goal: resources created per full run. */
const GOAL = 250;
const targets = option('targets', 'embedded,foreign,foreign:all')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
const top = Number(option('top', '15'));
/** The run's workers (WORKERS), else the count the config picks. */
const workers = option('workers', '');

/** What the bench reads of created-resources.json: each resource's kind and the test that made it. */
interface Created {
  readonly kind: string;
  /** The describes and title of the test that created it, or what else did (`(global setup: profile check)`). */
  readonly test: string | null;
}

/** The run's created resources, read leniently (the report's other fields are the run's own). */
function createdIn(reportsDir: string): Created[] {
  const report = JSON.parse(readFileSync(path.join(reportsDir, 'created-resources.json'), 'utf8')) as {
    resources?: Created[];
  };
  return report.resources ?? [];
}

/** How many of `items` fall under each key, most first. */
function countBy<T>(items: readonly T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const line = ([name, count]: [string, number]) => `    ${String(count).padStart(4)}  ${name}`;

/** One full run against `target`, and what it created. Returns whether it stayed within the goal. */
async function measure(target: string): Promise<boolean> {
  const [kind, choices] = target.split(/:(.*)/s) as [string, string | undefined];
  const store = kind === 'foreign' ? await startForeignStore(choices ?? '') : undefined;
  const close = store ? closeOnExit(() => store.close()) : undefined;
  const work = tempDir('bench-writes');
  try {
    const env = { ...store?.env, ...(workers ? { WORKERS: workers } : {}) };
    const run = await timedRun({ args: ['--project=conformance'], env, keepReports: work.dir });
    const verdict = /Conformance: ([A-Z ]+)\./.exec(run.stdout)?.[1] ?? `no verdict (exit ${run.exitCode})`;
    const created = createdIn(path.join(work.dir, 'reports'));
    const fileOf = new Map(run.tests.map((t) => [t.title, t.file]));
    const kinds = countBy(created, (r) => r.kind)
      .map(([k, n]) => `${n} ${k}s`)
      .join(', ');
    const within = created.length <= GOAL;
    console.log(
      `${target}${workers ? ` at ${workers} workers` : ''}: ${created.length} resources (${kinds}); goal ≤ ${GOAL}: ${within ? 'OK' : 'OVER'}. ` +
        `${verdict}, ${run.tests.length} tests, ${seconds(run.durationMs)} (${run.load})`,
    );
    console.log('  by spec file:');
    for (const entry of countBy(created, (r) => (r.test === null ? '(no test)' : (fileOf.get(r.test) ?? r.test))))
      console.log(line(entry));
    console.log(`  the ${top} tests that created the most:`);
    for (const entry of countBy(created, (r) => r.test ?? '(no test)').slice(0, top)) console.log(line(entry));
    return within;
  } finally {
    work.remove();
    await close?.();
  }
}

console.log(machine());
let over = false;
for (const target of targets) over = !(await measure(target)) || over;
process.exitCode = over ? 1 : 0;
