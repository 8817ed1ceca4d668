/**
 * `npm run cleanup -- <run id>`: the teardown of a run that never reached its own (killed, or its
 * machine gone): merges the run's journal into reports/created-resources.json and deletes what it
 * created where DELETE_PRODUCT_PATH / DELETE_WEBHOOK_PATH are set. Reads the same configuration as
 * the run (.env, ENV_FILE). Without a run id, lists the runs that left a journal.
 */
import { ConfigError, getConfig } from '../support/config.ts';
import { journalRunIds } from '../support/created-resources.ts';
import { cleanUpCreatedResources, summarize } from '../support/teardown.ts';

try {
  const config = getConfig();
  const runId = process.argv[2];
  const pending = journalRunIds(config.createdResourcesFile);
  if (!runId) {
    console.log(
      pending.length === 0
        ? 'No run left a journal of what it created.'
        : `Runs that left a journal: ${pending.join(', ')}\nUsage: npm run cleanup -- <run id>`,
    );
    process.exit(pending.length === 0 ? 0 : 1);
  }
  if (!pending.includes(runId))
    throw new Error(`No journal for run ${runId} (runs with one: ${pending.join(', ') || 'none'}).`);
  if (config.embedded || !config.baseUrl)
    throw new Error('BASE_URL is not set: what a run creates on the embedded reference ends with that run.');
  const report = await cleanUpCreatedResources(config, {
    baseUrl: config.baseUrl,
    token: config.apiToken,
    runId,
    embedded: false,
  });
  console.log(
    summarize(report, config.createdResourcesFile) ?? `Run ${runId} created nothing (${config.createdResourcesFile}).`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `cleanup: ${(error as Error).message}`);
  process.exit(1);
}
