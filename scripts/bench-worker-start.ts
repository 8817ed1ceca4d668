/**
 * `npm run bench:worker-start [-- --fault=envelope-status-ok]`: what one Playwright worker start costs,
 * measured over every worker of a run that restarts many (the suite against the reference with a fault
 * on: each failed test ends its worker). Per worker: its process start (`performance.timeOrigin`, from
 * the preload selftest/bench/worker-probe.js) to the start of its first test (`startTime` of its first
 * result in the JSON report). Prints the median, spread and phases, then what a worker loads: how many
 * files, per package and per project folder, and whether fastify, the reference, the reporters, faker and
 * zod are among them (what the suite could load lazily). Then the same in a bare-Playwright project of
 * the same shape (selftest/bench/floor-project.ts, as many tests failing): the part of a worker start
 * that is Playwright's own, and the suite's part beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { writeFloorProject } from '../selftest/bench/floor-project.ts';
import {
  load,
  machine,
  median,
  option,
  percentile,
  reported,
  runConformance,
  tempDir,
  timedRun,
  type PlaywrightRun,
} from '../selftest/bench/harness.ts';
import { spawnNode } from '../selftest/harness/suite-run.ts';

interface Probe {
  readonly pid: number;
  readonly workerIndex: number;
  readonly timeOrigin: number;
  /** When the worker process exited (epoch ms). */
  readonly exitAt: number;
  /** Its CPU time in all (every thread), ms. */
  readonly cpuMs: number;
  readonly commonjs: readonly string[];
  /** ES modules with the time each was resolved (epoch ms) and the process's CPU time by then (ms). */
  readonly esm: readonly { readonly at: number; readonly cpu: number; readonly file: string }[];
}

interface Start {
  readonly total: number;
  readonly firstModule: number;
  readonly lastModule: number;
  /** The worker's CPU time (every thread) from its start to its last module before its first test. */
  readonly cpu: number;
}

const fault = option('fault', 'envelope-status-ok');
const probe = new URL('../selftest/bench/worker-probe.js', import.meta.url).href;

/** A run with every worker probed: its report, each worker's probe, and each worker's start to its first test. */
async function probedRun(what: string, start: (env: Record<string, string>) => Promise<PlaywrightRun>) {
  const work = tempDir('bench-worker-start');
  const run = await start({
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
    BENCH_WORKER_PROBE_DIR: work.dir,
    ...(process.env.WORKERS ? { WORKERS: process.env.WORKERS } : {}),
  });
  const report = reported(run, what);
  const probes: Probe[] = readdirSync(work.dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const p = JSON.parse(readFileSync(path.join(work.dir, f), 'utf8')) as Omit<Probe, 'esm'>;
      const esm = readFileSync(path.join(work.dir, `${p.pid}.modules`), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [at, cpu, url] = line.split(' ') as [string, string, string];
          return { at: Number(at), cpu: Number(cpu), file: url.startsWith('file:') ? fileURLToPath(url) : url };
        });
      return { ...p, esm };
    });
  work.remove();

  /** Per worker (by index): its slot, its first test's start and its last test's end. */
  const workers = new Map<number, { slot: number; first: number; last: number }>();
  for (const r of report.results) {
    const w = workers.get(r.workerIndex) ?? { slot: r.parallelIndex, first: Infinity, last: -Infinity };
    workers.set(r.workerIndex, {
      slot: w.slot,
      first: Math.min(w.first, r.startTime),
      last: Math.max(w.last, r.startTime + r.duration),
    });
  }
  const starts: Start[] = probes.flatMap((p) => {
    const first = workers.get(p.workerIndex)?.first;
    if (first === undefined) return [];
    const loadedBefore = p.esm.filter((m) => m.at <= first);
    return [
      {
        total: first - p.timeOrigin,
        firstModule: (p.esm[0]?.at ?? first) - p.timeOrigin,
        lastModule: (loadedBefore.at(-1)?.at ?? first) - p.timeOrigin,
        cpu: loadedBefore.at(-1)?.cpu ?? NaN,
      },
    ];
  });
  return { run, report, probes, workers, starts };
}

console.log(machine());
const { run, report, probes, workers, starts } = await probedRun(`the run with ${fault}`, (env) =>
  runConformance({ REFERENCE_FAULTS: fault, ...env }),
);

// A slot's cycle after a failed test: the worker stops (last test end to exit), the runner forks the
// next one (exit to the next process start), which starts (process start to its first test).
const byIndex = new Map(probes.map((p) => [p.workerIndex, p]));
const stops: number[] = [];
const respawns: number[] = [];
const sorted = [...workers].sort((a, b) => a[0] - b[0]);
for (const [index, w] of sorted) {
  const probe = byIndex.get(index);
  if (!probe) continue;
  stops.push(probe.exitAt - w.last);
  const next = sorted.find(([i, n]) => i > index && n.slot === w.slot);
  const nextProbe = next && byIndex.get(next[0]);
  if (nextProbe) respawns.push(nextProbe.timeOrigin - probe.exitAt);
}

const ms = (n: number) => `${Math.round(n)} ms`;
const stat = (values: number[]) =>
  `median ${ms(median(values))} (min ${ms(Math.min(...values))}, p10 ${ms(percentile(values, 10))}, p90 ${ms(percentile(values, 90))}, max ${ms(Math.max(...values))})`;

console.log(
  `run with REFERENCE_FAULTS=${fault}: ${report.tests} tests, ${report.failed} failed, ${report.workers} workers, ` +
    `${workers.size} worker processes ran a test, ${probes.length} probed, wall ${(run.durationMs / 1000).toFixed(2)} s (${run.load})`,
);
console.log(`worker start to its first test, over ${starts.length} workers: ${stat(starts.map((s) => s.total))}`);
console.log(
  `  its CPU time (every thread) from its start to its last module before its first test: ${stat(starts.map((s) => s.cpu))}`,
);
console.log(
  `  process start to first ES module resolved (node boot, preload): ${stat(starts.map((s) => s.firstModule))}`,
);
console.log(
  `  process start to last ES module resolved before its first test (config, test files): ${stat(starts.map((s) => s.lastModule))}`,
);
console.log(
  `  last module to first test (runner handshake, test begin): ${stat(starts.map((s) => s.total - s.lastModule))}`,
);
console.log(`worker's last test end to its process exit (teardown, stop): ${stat(stops)}`);
const cpuInAll = (ps: readonly Probe[]) => ps.reduce((sum, p) => sum + p.cpuMs, 0);
console.log(`worker exit to the next worker's process start in its slot (runner, fork): ${stat(respawns)}`);

// The same run shape in bare Playwright (selftest/bench/floor-project.ts): as many tests, files and
// workers, as many failing: what a worker start costs before the suite loads anything of its own.
const floorDir = path.join(tempDir('bench-worker-start-floor').dir, 'floor');
writeFloorProject(floorDir, {
  tests: report.tests,
  files: report.files,
  requests: [],
  workers: report.workers,
  failing: report.failed,
});
const floor = await probedRun('the bare-Playwright floor', (env) => timedRun({ cwd: floorDir, args: [], env }));
const floorStart = median(floor.starts.map((s) => s.total));
console.log(
  `bare Playwright, the same shape (${floor.report.tests} tests, ${floor.report.failed} failing, ${floor.report.workers} workers; ${floor.run.load}): ` +
    `worker start to its first test, over ${floor.starts.length} workers: ${stat(floor.starts.map((s) => s.total))}`,
);
console.log(
  `  its CPU time (every thread) from its start to its last module before its first test: ${stat(floor.starts.map((s) => s.cpu))}`,
);
console.log(
  `CPU of all worker processes together, start to exit: the suite's ${ms(cpuInAll(probes))} over ${report.tests} tests, ` +
    `the floor's ${ms(cpuInAll(floor.probes))}`,
);
console.log(
  `the suite's own part of a worker start (median minus the floor's): ${ms(median(starts.map((s) => s.total)) - floorStart)}, ` +
    `CPU ${ms(median(starts.map((s) => s.cpu)) - median(floor.starts.map((s) => s.cpu)))}`,
);

// What a worker loads: the union over workers (they load the same files), grouped.
const files = new Set<string>();
for (const p of probes) {
  for (const m of p.esm) if (m.file.startsWith('/')) files.add(m.file);
  for (const f of p.commonjs) if (f.startsWith('/')) files.add(f);
}
const groups = new Map<string, string[]>();
for (const file of files) {
  const rel = path.relative(PROJECT_ROOT, file);
  const nm = rel.lastIndexOf('node_modules/');
  let group: string;
  if (nm >= 0) {
    const parts = rel.slice(nm + 'node_modules/'.length).split('/');
    group = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  } else if (rel.startsWith('..')) group = '(outside the project)';
  else group = `project: ${rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '.'}`;
  groups.set(group, [...(groups.get(group) ?? []), rel]);
}
const perWorker = median(probes.map((p) => new Set([...p.esm.map((m) => m.file), ...p.commonjs]).size));
console.log(`\nmodules a worker loads: ${files.size} files in all workers together, median ${perWorker} per worker`);
for (const [group, list] of [...groups].sort((a, b) => b[1].length - a[1].length))
  console.log(`  ${String(list.length).padStart(4)}  ${group}`);
console.log('project files loaded in workers:');
for (const file of [...files]
  .map((f) => path.relative(PROJECT_ROOT, f))
  .filter((f) => !f.includes('node_modules') && !f.startsWith('..'))
  .sort())
  console.log(`        ${file}`);
const has = (pattern: RegExp) => ([...files].some((f) => pattern.test(path.relative(PROJECT_ROOT, f))) ? 'yes' : 'no');
console.log(
  `loaded in workers: fastify ${has(/node_modules\/fastify\//)}, reference/ ${has(/^reference\//)}, ` +
    `support/report/ ${has(/^support\/report\//)} (${
      [...files]
        .filter((f) => f.includes('/support/report/'))
        .map((f) => path.basename(f))
        .join(', ') || 'none'
    }), ` +
    `support/capture/server.ts ${has(/^support\/capture\/server\.ts$/)}, @faker-js/faker ${has(/node_modules\/@faker-js\/faker\//)}, ` +
    `zod ${has(/node_modules\/zod\//)}, dotenv ${has(/node_modules\/dotenv\//)}, standardwebhooks ${has(/node_modules\/standardwebhooks\//)}`,
);

// What loading each of them costs on its own: a fresh node importing just that package (median of 3).
console.log('cost of importing a package alone in a fresh node process (median of 3, beyond an empty one):');
const importTime = async (specifier: string) => {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const code = `const t = performance.now(); ${specifier ? `await import(${JSON.stringify(specifier)});` : ''} console.log(performance.now() - t);`;
    const child = await spawnNode(['--input-type=module', '-e', code], { env: process.env, processGroup: true });
    times.push(Number(child.stdout.trim()));
  }
  return median(times);
};
const empty = await importTime('');
for (const pkg of ['fastify', '@faker-js/faker', 'zod', 'standardwebhooks', 'dotenv', '@playwright/test'])
  console.log(`  ${pkg.padEnd(18)} ${ms((await importTime(pkg)) - empty)}  (${load()})`);
