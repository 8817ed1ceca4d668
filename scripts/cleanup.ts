/**
 * `npm run cleanup -- [--shard=i/n] <run id>`: the teardown of a run that never reached its own (killed,
 * or its machine gone): merges the run's journal into <REPORTS_DIR>/created-resources.json (a shard's:
 * created-resources-shard-i-of-n.json) and deletes what it created where DELETE_PRODUCT_PATH /
 * DELETE_WEBHOOK_PATH are set. Reads the same configuration as the run (.env, ENV_FILE). Without a run
 * id, lists the runs (and shards) that left a journal.
 */
import { ConfigError, getConfig } from '../support/run/config.ts';
import { journalRunIds, shardReportFile, shardsWithJournals, type Shard } from '../support/run/created-resources.ts';
import { shardOf } from '../support/report/index.ts';
import { cleanUpCreatedResources, summarize } from '../support/run/teardown.ts';

const shardFlag = (shard: Shard) => `--shard=${shard.current}/${shard.total}`;

try {
  const config = getConfig();
  const args = process.argv.slice(2);
  const shard = shardOf(args);
  // The run id: the argument that is neither a flag nor the value of `--shard i/n`.
  const runId = args.find((a) => !a.startsWith('--') && !/^\d+\/\d+$/.test(a));
  const file = shardReportFile(config.createdResourcesFile, shard);
  const pending = journalRunIds(file);
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
        : `Runs that left a journal: ${all.join(', ')}\nUsage: npm run cleanup -- [--shard=i/n] <run id>`,
    );
    process.exit(all.length === 0 ? 0 : 1);
  }
  if (!pending.includes(runId))
    throw new Error(
      `No journal for run ${runId}${shard ? ` (${shardFlag(shard)})` : ''} (runs with one: ${pending.join(', ') || 'none'}; a shard's: add its --shard=i/n).`,
    );
  if (config.embedded || !config.baseUrl)
    throw new Error('BASE_URL is not set: what a run creates on the embedded reference ends with that run.');
  const report = await cleanUpCreatedResources(
    { ...config, createdResourcesFile: file },
    { baseUrl: config.baseUrl, token: config.apiToken, runId, embedded: false },
  );
  console.log(summarize(report, file) ?? `Run ${runId} created nothing (${file}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `cleanup: ${(error as Error).message}`);
  process.exit(1);
}
