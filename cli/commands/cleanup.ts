/**
 * `store-api-conformance cleanup [--shard i/n] <run id>`: the teardown of a run that never reached its
 * own (killed, or its machine gone): merges the run's journal into <REPORTS_DIR>/created-resources.json (a
 * shard's: created-resources-shard-i-of-n.json) and removes what no test's teardown did, as the run
 * would have: each webhook deleted where a delete path is known (DELETE_WEBHOOK_PATH, or the one the run's
 * probe proved, which its journal keeps), else switched off through Update Webhook; each product deleted
 * where a path is known. Given a run already merged, it goes on from its created-resources.json (after a
 * delete path was set, say). Reads the same configuration as the run (.env, ENV_FILE). Without a run id,
 * lists the runs (and shards) that left a journal.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Shard } from '../../support/run/created-resources.ts';
import { PROGRAM, UsageError, type Command } from '../command.ts';

const shardFlag = (shard: Shard) => `--shard ${shard.current}/${shard.total}`;

function shardOf(value: string | boolean | undefined): Shard | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match) throw new UsageError(`--shard: i/n, as the run was given (got ${JSON.stringify(value)})`);
  return { current: Number(match[1]), total: Number(match[2]) };
}

export const cleanup: Command = {
  name: 'cleanup',
  summary:
    'Finish the teardown of a run that was killed: delete, or switch off, what it created and its tests did not remove.',
  usage: '[options] [<run id>]',
  details: [
    'Without a run id, lists the runs that left a journal. Deletes where a delete path is known (DELETE_PRODUCT_PATH,',
    "DELETE_WEBHOOK_PATH, or the run's proven ones) and switches the other webhooks off through Update Webhook.",
    'Given a run already merged, goes on from its created-resources.json. Reads the configuration as a run does.',
  ],
  options: {
    shard: { type: 'string', value: '<i/n>', description: 'the shard of the run, as it was given' },
    'env-file': { type: 'string', value: '<file>', description: 'ENV_FILE: the dotenv file the run read' },
  },
  positionals: { min: 0, max: 1 },
  run: async ({ values, positionals }) => {
    const shard = shardOf(values.shard);
    const runId = positionals[0];
    const [
      { ConfigError, parseConfig, readEnvironment },
      { journalRunIds, shardReportFile, shardsWithJournals },
      teardown,
    ] = await Promise.all([
      import('../../support/run/config.ts'),
      import('../../support/run/created-resources.ts'),
      import('../../support/run/teardown.ts'),
    ]);
    try {
      const env = {
        ...process.env,
        ...(typeof values['env-file'] === 'string' ? { ENV_FILE: values['env-file'] } : {}),
      };
      const config = parseConfig(readEnvironment(env));
      const file = shardReportFile(config.createdResourcesFile, shard);
      if (!runId) {
        const all = [
          ...journalRunIds(config.createdResourcesFile),
          ...shardsWithJournals(config.createdResourcesFile).flatMap((s) =>
            journalRunIds(shardReportFile(config.createdResourcesFile, s)).map((id) => `${shardFlag(s)} ${id}`),
          ),
        ];
        console.log(
          all.length === 0
            ? 'No run left a journal of what it created.'
            : `Runs that left a journal: ${all.join(', ')}\nUsage: ${PROGRAM} cleanup [--shard i/n] <run id>`,
        );
        return all.length === 0 ? 0 : 1;
      }
      const pending = journalRunIds(file);
      if (!pending.includes(runId) && !reportOfRun(file, runId))
        throw new Error(
          `No journal for run ${runId}${shard ? ` (${shardFlag(shard)})` : ''}, and ${file} is not its list (runs with a journal: ${pending.join(', ') || 'none'}; a shard's: add its --shard i/n).`,
        );
      if (config.embedded || !config.baseUrl)
        throw new Error('BASE_URL is not set: what a run creates on the embedded reference ends with that run.');
      const report = await teardown.cleanUpCreatedResources(
        { ...config, createdResourcesFile: file },
        { baseUrl: config.baseUrl, token: config.apiToken, runId, embedded: false, shard },
      );
      console.log(teardown.summarize(report, file) ?? `Run ${runId} created nothing (${file}).`);
      return 0;
    } catch (error) {
      // Nothing to clean up as asked (a setting, a run id without a journal): a mistake of setting, as in a run.
      console.error(error instanceof ConfigError ? error.message : `cleanup: ${(error as Error).message}`);
      return 2;
    }
  },
};

/** Whether `file` is the created-resources list of the run (merged already: `cleanup` goes on from it). */
function reportOfRun(file: string, runId: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { runId?: unknown }).runId === runId;
  } catch {
    return false;
  }
}
