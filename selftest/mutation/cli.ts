/**
 * `npm run mutation [-- file,file] [--max-tests=<n>|all] [--workers=<n>]`: mutation testing of the reference's
 * rule code (selftest/mutation/, docs/mutation.md). Prints the score per file, every mutant left alive with
 * its file:line, and the mutants that break a stated clause but no `@stated` test kills; writes
 * reports/mutation.{md,json}, and history.json (the part of the files it mutated), which the next run and `npm test`'s sample start from. Exits 1 while a mutant is alive or a stated one goes unseen.
 */
import { runMutation } from './mutation.ts';
import { mutationLines, writeMutationReport } from './report.ts';
import { writeHistory } from './history.ts';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const files = args
  .find((a) => !a.startsWith('--'))
  ?.split(',')
  .filter(Boolean);
/**
 * Each mutant runs against its most promising tests first (mutation.ts): one the first 40 of them leave alive is
 * reported alive, within the whole run's 20 minutes; `--max-tests=all` tries every test that reaches it.
 */
const DEFAULT_MAX_TESTS = 40;
const maxTestsOption = option('max-tests');
const maxTests = maxTestsOption === 'all' ? Infinity : Number(maxTestsOption ?? DEFAULT_MAX_TESTS);
const workers = option('workers');
const run = await runMutation({
  ...(files ? { files } : {}),
  maxTests,
  ...(workers ? { workers: Number(workers) } : {}),
  log: (line) => console.log(line),
  progress: async (sofar) => void (await writeMutationReport(sofar)),
});
const summary = await writeMutationReport(run);
// What the run killed is what the next one starts from, and what npm test samples (history.ts).
await writeHistory(
  run.files,
  run.results
    // A mutant the verdict alone kills has no test to fail in the sample: the next whole run finds it again.
    .filter((r) => r.status === 'killed' && r.killedBy.length > 0)
    .map((r) => ({ mutant: r.mutant, stated: r.stated, killedBy: r.killedBy, loads: r.coveredAt.includes('load') })),
);
console.log("Wrote what it killed, and by which tests, to selftest/mutation/history.json (the mutated files' part)");
for (const line of mutationLines(run, summary)) console.log(line);
console.log('See reports/mutation.md');
process.exit(summary.alive.length > 0 || summary.statedUnseen.length > 0 ? 1 : 0);
