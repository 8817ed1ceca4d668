/**
 * End of run: merge the workers' journals of what the run created into reports/created-resources.json
 * and, when the target's delete paths are configured (DELETE_PRODUCT_PATH, DELETE_WEBHOOK_PATH; the
 * spec names the operations but not their paths), delete it: webhooks first, then products, newest
 * first. Without a path, the report lists what is left, with the run id to find it by.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { readJournal, removeJournal, type CreatedResource, type ResourceKind } from './created-resources.ts';
import { targetHeaders } from '../client/headers.ts';
import { httpRequest } from '../client/http.ts';
import { redact } from '../redaction/redact.ts';

type Cleanup = 'deleted' | 'already-gone' | 'left';

interface CleanedResource extends CreatedResource {
  readonly cleanup: Cleanup;
  /** Why it is left (no delete path, no id, the answer to the DELETE), or the DELETE that removed it. */
  readonly detail: string;
}

export interface CreatedResourcesReport {
  readonly runId: string;
  readonly target: string;
  readonly finishedAt: string;
  readonly deletePaths: { readonly product: string | null; readonly webhook: string | null };
  readonly summary: { readonly created: number; readonly deleted: number; readonly left: number };
  readonly resources: readonly CleanedResource[];
}

export interface TeardownTarget {
  readonly baseUrl: string;
  readonly token: string | undefined;
  readonly runId: string;
  /** The embedded reference: what is left goes away with it. */
  readonly embedded: boolean;
}

/** Deletes in parallel, but gently: a staging target is shared. */
const DELETE_CONCURRENCY = 4;

export async function cleanUpCreatedResources(config: Config, target: TeardownTarget): Promise<CreatedResourcesReport> {
  const recorded = readJournal(config.createdResourcesFile, target.runId);
  // A resource recorded twice (it cannot be, but a journal is append-only) is deleted once.
  const unique = [
    ...new Map(recorded.map((r, i) => [r.id === null ? `${r.kind}:?${i}` : `${r.kind}:${r.id}`, r])).values(),
  ];
  // Webhooks first (deleting a product may notify them), then newest first.
  const order = (r: CreatedResource) => (r.kind === 'webhook' ? 0 : 1);
  const queue = [...unique].reverse().sort((a, b) => order(a) - order(b));

  const resources: CleanedResource[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: DELETE_CONCURRENCY }, async () => {
      while (next < queue.length) {
        const resource = queue[next++]!;
        resources.push({ ...resource, ...(await cleanUp(resource, config, target)) });
      }
    }),
  );
  resources.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (!target.embedded) await checkDeletes(resources, config, target);

  const report: CreatedResourcesReport = {
    runId: target.runId,
    target: target.embedded ? 'embedded reference' : redact(target.baseUrl),
    finishedAt: new Date().toISOString(),
    deletePaths: { product: config.deletePaths.product ?? null, webhook: config.deletePaths.webhook ?? null },
    summary: {
      created: resources.length,
      deleted: resources.filter((r) => r.cleanup !== 'left').length,
      left: resources.filter((r) => r.cleanup === 'left').length,
    },
    resources,
  };
  writeAtomically(config.createdResourcesFile, `${JSON.stringify(report, null, 2)}\n`);
  removeJournal(config.createdResourcesFile, target.runId);
  return report;
}

/** One line for the console at the end of a run (none when the run created nothing). */
export function summarize(report: CreatedResourcesReport, file: string): string | undefined {
  const where = path.relative(process.cwd(), file) || file;
  const { created, deleted, left } = report.summary;
  if (created === 0) return undefined;
  if (left === 0) return `Run ${report.runId} created ${created} resources and deleted them all (${where}).`;
  if (report.target === 'embedded reference')
    return `Run ${report.runId} created ${created} resources on the embedded reference, which ends with the run (${where}).`;
  const doubted = (['product', 'webhook'] as const).filter((kind) =>
    report.resources.some((r) => r.kind === kind && r.cleanup === 'left' && r.detail.includes(DOUBT)),
  );
  const advice =
    doubted.length > 0
      ? `Check ${doubted.map(deleteVariable).join(' and ')}: the store still has what its DELETE path answered 404 for.`
      : `Find them by the run id in their names; set DELETE_PRODUCT_PATH / DELETE_WEBHOOK_PATH to delete them at teardown.`;
  return `Run ${report.runId} created ${created} resources; ${deleted} deleted, ${left} left on ${report.target}: listed in ${where}. ${advice}`;
}

const deleteVariable = (kind: ResourceKind) => (kind === 'product' ? 'DELETE_PRODUCT_PATH' : 'DELETE_WEBHOOK_PATH');
const DOUBT = 'yet the store';

/**
 * A 404 to a DELETE reads as "already gone" only when the store agrees. A mistyped delete path answers
 * 404 for everything: products the documented list still shows by the run id, and every resource of a
 * kind when not one DELETE of it succeeded, are left, naming the variable to check.
 */
async function checkDeletes(resources: CleanedResource[], config: Config, target: TeardownTarget): Promise<void> {
  const listed = await productIdsListed(config, target);
  for (const kind of ['product', 'webhook'] as const) {
    const ofKind = resources.filter((r) => r.kind === kind && r.cleanup !== 'left');
    const noneDeleted = ofKind.length > 1 && ofKind.every((r) => r.cleanup === 'already-gone');
    for (const [i, r] of resources.entries()) {
      if (r.kind !== kind || r.cleanup === 'left') continue;
      const stillListed = kind === 'product' && r.id !== null && listed.has(String(r.id));
      if (!stillListed && !(noneDeleted && r.cleanup === 'already-gone')) continue;
      const why = stillListed
        ? `${DOUBT} lists it by the run id`
        : `${DOUBT} answered 404 to every DELETE of a ${kind} of this run`;
      resources[i] = { ...r, cleanup: 'left', detail: `${r.detail}, ${why}: check ${deleteVariable(kind)}` };
    }
  }
}

/** Ids of the products the documented list shows for the run id (its pages, within bounds); empty when it cannot tell. */
async function productIdsListed(config: Config, target: TeardownTarget): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; page <= 20; page++) {
    const url = `${target.baseUrl}${config.productListPath}?search=${encodeURIComponent(target.runId)}&page=${page}`;
    try {
      const response = await httpRequest(url, {
        method: 'GET',
        headers: targetHeaders({ acceptLanguage: config.acceptLanguage, token: target.token }),
        signal: AbortSignal.timeout(config.requestTimeoutMs),
      });
      if (!response.ok) return ids;
      const body = JSON.parse(await response.text()) as {
        data?: { products?: { id?: unknown }[]; pagination?: { last_page?: unknown } };
      };
      for (const { id } of body.data?.products ?? [])
        if (typeof id === 'number' || typeof id === 'string') ids.add(String(id));
      const last = body.data?.pagination?.last_page;
      if (typeof last !== 'number' || page >= last) return ids;
    } catch {
      return ids;
    }
  }
  return ids;
}

async function cleanUp(
  resource: CreatedResource,
  config: Config,
  target: TeardownTarget,
): Promise<{ cleanup: Cleanup; detail: string }> {
  const template = pathFor(resource.kind, config);
  if (!template) {
    const variable = resource.kind === 'product' ? 'DELETE_PRODUCT_PATH' : 'DELETE_WEBHOOK_PATH';
    return {
      cleanup: 'left',
      detail: target.embedded ? 'embedded reference: gone when the run ends' : `${variable} is not set`,
    };
  }
  if (resource.id === null)
    return { cleanup: 'left', detail: 'the creating answer carried no id: find it by its name' };
  const url = `${target.baseUrl}${template.replace('{id}', encodeURIComponent(String(resource.id)))}`;
  try {
    const response = await httpRequest(url, {
      method: 'DELETE',
      headers: targetHeaders({ acceptLanguage: config.acceptLanguage, token: target.token }),
      signal: AbortSignal.timeout(config.requestTimeoutMs),
    });
    await response.text();
    if (response.ok) return { cleanup: 'deleted', detail: `DELETE ${url} answered ${response.status}` };
    if (response.status === 404 || response.status === 410)
      return { cleanup: 'already-gone', detail: `DELETE ${url} answered ${response.status}` };
    return { cleanup: 'left', detail: `DELETE ${url} answered ${response.status}` };
  } catch (error) {
    return { cleanup: 'left', detail: redact(`DELETE ${url} failed: ${(error as Error).message}`) };
  }
}

const pathFor = (kind: ResourceKind, config: Config) =>
  kind === 'product' ? config.deletePaths.product : config.deletePaths.webhook;

/** Written whole or not at all: parallel runs (the self tests) and a reader never see half a file. */
function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
