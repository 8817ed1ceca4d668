/**
 * What the run did to the store, for the conformance report: read from the created-resources list(s)
 * global teardown wrote (support/run/teardown.ts), which the reporter reads after it. A run's own list is
 * the one global setup named (CREATED_RESOURCES_FILE, a shard's own); a merge of shards reads each shard's
 * list of the run beside the unsharded one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CreatedResourcesReport } from '../run/teardown.ts';
import type { StoreEffects } from './report-format.ts';

/** The run's created-resources lists: `file` and, for a merge, its shards' siblings (`<name>-shard-i-of-n.json`). */
export function createdResourcesFiles(file: string, withShards: boolean): string[] {
  if (!withShards) return [file];
  const { dir, name, ext } = path.parse(file);
  let siblings: string[] = [];
  try {
    siblings = readdirSync(dir)
      .filter((f) => f.startsWith(`${name}-shard-`) && f.endsWith(ext) && /-shard-\d+-of-\d+\./.test(f))
      .map((f) => path.join(dir, f));
  } catch {
    // No reports directory: no list.
  }
  return [file, ...siblings.sort()];
}

function readList(file: string): CreatedResourcesReport | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CreatedResourcesReport;
  } catch {
    return undefined;
  }
}

/** What the lists of run `runId` say, summed; null when there is none, or it created nothing. */
export function storeEffects(files: readonly string[], runId: string | undefined): StoreEffects | null {
  if (runId === undefined) return null;
  const lists = files.flatMap((file) => {
    const list = readList(file);
    return list && list.runId === runId && Array.isArray(list.resources) ? [{ file, list }] : [];
  });
  const resources = lists.flatMap(({ list }) => list.resources);
  const first = lists[0]?.list;
  if (!first || resources.length === 0) return null;
  const embedded = first.target === 'embedded reference';
  const of = (kind: 'product' | 'webhook', ...states: string[]) =>
    resources.filter((r) => r.kind === kind && states.includes(r.cleanup)).length;
  const counts = (...states: string[]) => ({ products: of('product', ...states), webhooks: of('webhook', ...states) });
  const commands = [...new Set(lists.flatMap(({ list }) => (list.command ? [list.command] : [])))];
  return {
    target: first.target,
    embedded,
    runId,
    files: lists.map(({ file }) => path.relative(process.cwd(), file) || file),
    created: counts('deleted', 'already-gone', 'switched-off', 'left'),
    deleted: counts('deleted', 'already-gone'),
    switchedOff: { webhooks: of('webhook', 'switched-off') },
    left: counts('left'),
    deletePaths: {
      product: first.deletePaths.product,
      webhook: first.deletePaths.webhook,
      productFrom: first.deletePathSources?.product ?? null,
      webhookFrom: first.deletePathSources?.webhook ?? null,
    },
    command: commands.length > 0 ? commands.join(' && ') : null,
    remaining: embedded
      ? []
      : resources.flatMap((r) =>
          r.cleanup === 'switched-off' || r.cleanup === 'left'
            ? [{ kind: r.kind, id: r.id, name: r.name, cleanup: r.cleanup, detail: r.detail }]
            : [],
        ),
  };
}
