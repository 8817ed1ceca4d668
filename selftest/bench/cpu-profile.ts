/**
 * Where a run's CPU goes: every node process of the run (the runner and each worker) writes a V8 CPU
 * profile (profile-hook.js, loaded with --import), and each sample's time is put to the code it ran in, by the file's
 * place: a library (zod, fast-check, Playwright, faker...), a part of the suite (its generated tests, the
 * evidence it records, its reporters and redaction, its other code), or Node itself (module loading
 * apart). Profiling slows a run: the shares are the point, not the seconds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The parts a sample is put to, in the order they are printed. */
const PARTS: readonly (readonly [part: string, matches: (url: string) => boolean])[] = [
  ['zod', (url) => url.includes('/node_modules/zod/')],
  ['fast-check', (url) => url.includes('/node_modules/fast-check/')],
  ['faker', (url) => url.includes('/node_modules/@faker-js/')],
  [
    'fastify (capture server)',
    (url) => /\/node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request)/.test(url),
  ],
  ['tsx and esbuild (loading TypeScript)', (url) => /\/node_modules\/(tsx|esbuild)\//.test(url)],
  ['Playwright', (url) => /\/node_modules\/(playwright|playwright-core|@playwright)\//.test(url)],
  ['other libraries', (url) => url.includes('/node_modules/')],
  ['the suite: generated tests', (url) => url.includes('/fixtures/generated/')],
  ['the suite: evidence and the API client', (url) => url.includes('/support/client/')],
  ['the suite: reporters and redaction', (url) => /\/support\/(report|redaction)\//.test(url)],
  ['the suite: the capture server', (url) => url.includes('/support/capture/')],
  ['the suite: other code', (url) => /\/(fixtures|support|tests|reference)\//.test(url)],
  ['Node: loading modules', (url) => /^node:internal\/modules\//.test(url)],
  ['Node: the rest', () => true],
];

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly url: string; readonly functionName: string };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The environment of a run whose processes each write a profile into `dir` (profile-hook.js). */
export const profiling = (dir: string) => ({
  NODE_OPTIONS: `--import ${pathToFileURL(path.join(import.meta.dirname, 'profile-hook.js')).href}`,
  CPU_PROFILE_DIR: dir,
});

/** The part a sample in `url` is put to; a sample in no file (the engine, idle, GC) is Node's. */
function partOf(url: string): string {
  return PARTS.find(([, matches]) => matches(url))?.[0] ?? 'Node: the rest';
}

/** Milliseconds of CPU per part, over every profile in `dir`; `(idle)` samples are not CPU and are left out. */
export function cpuByPart(dir: string): Map<string, number> {
  const byPart = new Map<string, number>(PARTS.map(([part]) => [part, 0]));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id)?.callFrame;
      if (frame === undefined || frame.functionName === '(idle)') return;
      const part = partOf(frame.url);
      byPart.set(part, (byPart.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
  }
  return byPart;
}

/** One line per part: the suite's CPU, the floor's, and the difference, the largest difference first. */
export function describeDifference(suite: Map<string, number>, floor: Map<string, number>): string[] {
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rows = PARTS.map(([part]) => ({ part, suite: suite.get(part) ?? 0, floor: floor.get(part) ?? 0 }))
    .filter((row) => row.suite > 0 || row.floor > 0)
    .sort((a, b) => b.suite - b.floor - (a.suite - a.floor));
  return [
    `profiled: suite ${s(total(suite))}, floor ${s(total(floor))}, difference ${s(total(suite) - total(floor))}`,
    ...rows.map(
      (row) =>
        `  ${row.part.padEnd(40)} suite ${s(row.suite).padStart(8)}  floor ${s(row.floor).padStart(8)}  difference ${s(row.suite - row.floor).padStart(8)}`,
    ),
  ];
}
