/**
 * What every bench script shares: temporary directories removed on exit, child processes killed on
 * exit (each in its own process group, so a Playwright runner's workers go with it), a timed spawn,
 * and the figures' formatting (median, seconds, the machine's load averages beside every figure).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../support/run/config.ts';

const children = new Set<ChildProcess>();
const dirs = new Set<string>();
const closers = new Set<() => unknown>();

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function cleanUpNow(): void {
  for (const child of children) killGroup(child);
  children.clear();
  for (const close of closers) void close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

process.on('exit', cleanUpNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    cleanUpNow();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });

/** A new temporary directory, removed when this process exits (or by `remove()` earlier). */
export function tempDir(prefix: string): { readonly dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  dirs.add(dir);
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      dirs.delete(dir);
    },
  };
}

/** Runs `close` on exit unless it was run before (servers this process started). */
export function closeOnExit<T extends () => Promise<unknown>>(close: T): T {
  const once = (async () => {
    closers.delete(once);
    await close();
  }) as T;
  closers.add(once);
  return once;
}

export interface Timed {
  readonly exitCode: number;
  readonly durationMs: number;
  /** When the child was spawned (epoch ms). */
  readonly startedAt: number;
  readonly stdout: string;
  readonly stderr: string;
  /**
   * CPU time (user and system, ms) of the child and of every descendant it waited for (a Playwright
   * runner's workers): what the run cost the machine, whatever else shares it. NaN off Linux.
   */
  readonly cpuMs: number;
}

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU time (ms) of this process's children that ended and were waited for, with their own waited-for
 * descendants (`cutime` + `cstime`, fields 16 and 17 of /proc/self/stat): the difference around one
 * child's life is that child's, when no other child ends meanwhile (the benches run one at a time).
 */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / USER_HZ;
  } catch {
    return NaN;
  }
}

/** Spawns `node args…` in its own process group and times it from spawn to exit; killed after `timeoutMs`. */
export function spawnTimed(
  args: readonly string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Timed> {
  return new Promise((resolve) => {
    const started = performance.now();
    const startedAt = performance.timeOrigin + started;
    const cpuBefore = childrenCpuMs();
    const child = spawn(process.execPath, args, {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => killGroup(child), options.timeoutMs ?? 15 * 60_000);
    child.on('close', (code) => {
      const durationMs = performance.now() - started;
      clearTimeout(timer);
      killGroup(child);
      children.delete(child);
      resolve({ exitCode: code ?? -1, durationMs, startedAt, stdout, stderr, cpuMs: childrenCpuMs() - cpuBefore });
    });
  });
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}`;

/** `load 1.20 0.85 0.40` (1, 5 and 15 minutes). */
export const load = (): string =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** One line on the machine: cores and load, printed at the top of every bench. */
export function machine(): string {
  return `machine: ${cpus().length} cores (availableParallelism ${availableParallelism()}), ${load()}, node ${process.version}`;
}

/** `--name=value` or `--name value` from this script's arguments. */
export function option(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const index = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index < 0) return fallback;
  const arg = argv[index]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[index + 1] ?? fallback);
}

export const numbers = (list: string): number[] =>
  list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
