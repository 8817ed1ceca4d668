/**
 * What the last whole mutation run learnt, kept beside the code (history.json), as Stryker's incremental
 * mode keeps its report: for each mutant it killed, known by what it changes (file, mutator, the code and
 * its replacement: not its line, so an edit elsewhere in the file keeps it), the tests that killed it.
 * - The next run tries those tests first: a mutant still killed by them dies in the first round.
 * - `npm test` runs a fixed sample of them (one in SAMPLE_EVERY, picked by that identity's hash) against
 *   those tests only, with no traced run (selftest/mutation.spec.ts): a change of the suite that lets a
 *   sampled mutant live fails it, and a change of the reference that removes one asks for a whole run.
 * `npm run mutation` writes it after each run: a run of some files renews their part and keeps the others'.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Mutant } from './sandbox.ts';

const HISTORY_FILE = path.join(import.meta.dirname, 'history.json');
/** One killed mutant in this many is in the sample `npm test` runs. */
const SAMPLE_EVERY = 40;
/** The tests kept for each killed mutant: those that killed it first (a `@stated` one among them when one did). */
const KILLERS_KEPT = 2;

const Killed = z.object({
  file: z.string(),
  mutator: z.string(),
  original: z.string(),
  replacement: z.string(),
  /** Whether a `@stated` test killed it (then one of `killedBy` is). */
  stated: z.boolean(),
  killedBy: z.array(z.string()).min(1),
  /** Its code runs as the modules load: it needs modules of its own. */
  loads: z.boolean(),
});
export type Killed = z.infer<typeof Killed>;
const History = z.array(Killed);

export const identity = (m: Pick<Mutant, 'file' | 'mutator' | 'original' | 'replacement'>) =>
  [m.file, m.mutator, m.original, m.replacement].join('\u0000');
const sampled = (m: Pick<Mutant, 'file' | 'mutator' | 'original' | 'replacement'>) =>
  createHash('sha256').update(identity(m)).digest().readUInt32BE(0) % SAMPLE_EVERY === 0;

/** What a whole run killed, as history.json keeps it. */
export interface KilledMutant {
  readonly mutant: Mutant;
  readonly stated: boolean;
  readonly killedBy: readonly string[];
  readonly loads: boolean;
}

export async function writeHistory(files: readonly string[], killed: readonly KilledMutant[]): Promise<void> {
  const kept = [...(await readHistory()).values()].filter((k) => !files.includes(k.file));
  const renewed: Killed[] = killed.map(({ mutant, stated, killedBy, loads }) => ({
    file: mutant.file,
    mutator: mutant.mutator,
    original: mutant.original,
    replacement: mutant.replacement,
    stated,
    killedBy: killedBy.slice(0, KILLERS_KEPT),
    loads,
  }));
  const history = [...kept, ...renewed].sort((a, b) => identity(a).localeCompare(identity(b)));
  await writeFile(HISTORY_FILE, `${JSON.stringify(history, null, 1)}\n`);
}

/** The tests that killed each mutant last time, by identity (none before a first whole run). */
export async function readHistory(): Promise<ReadonlyMap<string, Killed>> {
  const text = await readFile(HISTORY_FILE, 'utf8').catch(() => '[]');
  return new Map(History.parse(JSON.parse(text)).map((k) => [identity(k), k]));
}

/** The sample, matched to the mutants the instrumenter makes now: those it still makes, and those it no longer does. */
export async function readSample(mutants: readonly Mutant[]) {
  const sample = [...(await readHistory()).values()].filter(sampled);
  const byIdentity = new Map(mutants.map((m) => [identity(m), m]));
  return {
    found: sample.flatMap((killed) => {
      const mutant = byIdentity.get(identity(killed));
      return mutant ? [{ mutant, killed }] : [];
    }),
    gone: sample.filter((killed) => !byIdentity.has(identity(killed))),
  };
}
