/**
 * `store-api-conformance merge [blob dir]`: the shards' blob reports merged into one report and verdict
 * (cli/merge-shards.ts).
 */
import type { Command } from '../command.ts';

export const merge: Command = {
  name: 'merge',
  summary: "Merge the shards' blob reports into one report and verdict (then `certify --bundle-only`).",
  usage: '[<blob dir>]',
  details: [
    'The blob dir defaults to REPORTS_DIR/blob; blobs gathered from CI shards may sit in sub-folders.',
    'Exit code: the merged verdict; 2 (NO VERDICT) when a shard is missing or nothing was merged.',
  ],
  options: {},
  positionals: { min: 0, max: 1 },
  run: async ({ positionals }) => (await import('../merge-shards.ts')).mergeShards(positionals[0]),
};
