/**
 * End of run: merge the workers' journals of what the run created, and of what each test's teardown did
 * with it, into reports/created-resources.json, and finish the cleanup no test's teardown made (a set
 * several tests shared, global setup's own, a test killed halfway): webhooks first, then products, newest
 * first, each deleted where a delete path is known and a webhook otherwise switched off
 * (support/run/store-cleanup.ts). The report says what was created, deleted, switched off and left, and
 * the command that removes the rest. `cleanup <run id>` runs the same later, from the journal of a run
 * that was killed, or from this report (after setting a delete path, say).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withStoreProbe, type Config } from './config.ts';
import {
  readJournal,
  removeJournal,
  type Cleanup,
  type CleanupStep,
  type CreatedResource,
  type Journal,
  type ResourceKind,
} from './created-resources.ts';
import { cleanUpResource, cleanupSettingsOf, sendOverHttp, type CleanupSettings, type Send } from './store-cleanup.ts';
import { inLanes } from './lanes.ts';
import { targetHeaders } from '../client/headers.ts';
import { httpRequest } from '../client/http.ts';
import type { StoreProbeFindings } from '../contract/variables.ts';
import { redact } from '../redaction/redact.ts';

interface CleanedResource extends CreatedResource {
  readonly cleanup: Cleanup;
  /** What became of it: the last step's request and answer, or why nothing was sent. */
  readonly detail: string;
  /** Every step of its cleanup, oldest first: `<cleanup>: <detail>`. */
  readonly steps: readonly string[];
}

/** Where a delete path came from: its setting, preflight's probe (proven on a resource of the run's own), or nowhere. */
type DeletePathSource = 'DELETE_PRODUCT_PATH' | 'DELETE_WEBHOOK_PATH' | 'proven by preflight' | null;

export interface CreatedResourcesReport {
  readonly runId: string;
  readonly target: string;
  readonly finishedAt: string;
  readonly deletePaths: { readonly product: string | null; readonly webhook: string | null };
  readonly deletePathSources: { readonly product: DeletePathSource; readonly webhook: DeletePathSource };
  /** What global setup's store probe found (null when it did not run): `cleanup` goes on with it. */
  readonly probe: StoreProbeFindings | null;
  readonly summary: {
    readonly created: number;
    /** Deleted, or already gone (a DELETE answered 404 or 410, and the store agreed). */
    readonly deleted: number;
    /** Webhooks left on the store, switched off through Update Webhook: none of them can deliver. */
    readonly switchedOff: number;
    /** Neither deleted nor switched off: products without a delete path, a webhook whose update was refused. */
    readonly left: number;
  };
  /** What removes the rest (the settings it needs before it), when anything is left on a store of the user's. */
  readonly command: string | null;
  readonly resources: readonly CleanedResource[];
}

export interface TeardownTarget {
  readonly baseUrl: string;
  readonly token: string | undefined;
  readonly runId: string;
  /** The embedded reference: what is left goes away with it. */
  readonly embedded: boolean;
  /** With `--shard=i/n`: named in the command that removes the rest. */
  readonly shard?: { readonly current: number; readonly total: number } | null | undefined;
  /** The run's workers: teardown sends no more at once than the run did, and never more than CLEANUP_CONCURRENCY. */
  readonly workers?: number;
}

/**
 * Cleans in parallel, but gently: a staging target is shared. At most as many at once as the run's workers
 * sent it (a store that limits its rate kept the run's count low), and at most this: what teardown cleans
 * (the sets several tests shared, the profile check's products) is a request or two each, and the run's
 * end waits on all of them. The `cleanup` command, which knows no run's workers, sends half of it.
 */
const CLEANUP_CONCURRENCY = 8;
const EMBEDDED = 'embedded reference: gone when the run ends';

export async function cleanUpCreatedResources(given: Config, target: TeardownTarget): Promise<CreatedResourcesReport> {
  const journal = journalOrReport(given.createdResourcesFile, target.runId);
  // A killed run's `cleanup` is told nothing of its probe: its journal says what it found.
  const config = withStoreProbe(given, journal.probe);
  // A resource recorded twice (it cannot be, but a journal is append-only) is cleaned once.
  const unique = [
    ...new Map(
      journal.created.map((r, i) => [r.id === null ? `${r.kind}:?${i}` : `${r.kind}:${r.id}`, r] as const),
    ).values(),
  ];
  const stepsOf = (r: CreatedResource) => journal.steps.filter((s) => s.kind === r.kind && s.id === r.id);
  const newestFirst = [...unique].reverse();
  const settings = cleanupSettingsOf(config, target.runId);
  const send = sendOverHttp({
    baseUrl: target.baseUrl,
    token: target.token,
    acceptLanguage: config.acceptLanguage,
    timeoutMs: config.requestTimeoutMs,
  });

  const resources: CleanedResource[] = [];
  const lanes = Math.min(CLEANUP_CONCURRENCY, target.workers ?? CLEANUP_CONCURRENCY / 2);
  // Every webhook before any product: deleting a product may notify them.
  for (const kind of ['webhook', 'product'] as const)
    await inLanes(
      newestFirst.filter((r) => r.kind === kind),
      lanes,
      async (resource) => {
        resources.push(await finish(resource, stepsOf(resource), settings, send, target.embedded));
      },
    );
  resources.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (!target.embedded) await checkDeletes(resources, config, target);

  const report = reportOf(resources, config, target);
  writeAtomically(config.createdResourcesFile, `${JSON.stringify(report, null, 2)}\n`);
  removeJournal(config.createdResourcesFile, target.runId);
  return report;
}

/** The run's journal; without one (merged already), the resources of its report, for `cleanup` to go on with. */
function journalOrReport(file: string, runId: string): Journal {
  const journal = readJournal(file, runId);
  if (journal.created.length > 0 || !existsSync(file)) return journal;
  let report: Partial<CreatedResourcesReport>;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as Partial<CreatedResourcesReport>;
  } catch {
    return journal;
  }
  const resources: readonly CleanedResource[] | undefined = report.resources;
  if (report.runId !== runId || resources === undefined) return journal;
  const created = resources.map(({ cleanup: _c, detail: _d, steps: _s, ...resource }) => resource);
  const steps = resources.flatMap((r): CleanupStep[] =>
    r.id === null
      ? []
      : [{ runId, kind: r.kind, id: r.id, cleanup: r.cleanup, detail: r.detail, at: report.finishedAt ?? '' }],
  );
  return { created, steps, probe: report.probe ?? undefined };
}

/** Whether teardown has anything left to do for a resource, after the steps its test's teardown took. */
function settled(resource: CreatedResource, last: CleanupStep | undefined, settings: CleanupSettings): boolean {
  if (!last) return false;
  if (last.cleanup === 'deleted' || last.cleanup === 'already-gone') return true;
  // Switched off, or left: only a delete path known now (given to `cleanup`, say) does more.
  const path = resource.kind === 'webhook' ? settings.deletePaths.webhook : settings.deletePaths.product;
  return path === undefined && (resource.kind === 'product' || last.cleanup === 'switched-off');
}

async function finish(
  resource: CreatedResource,
  steps: readonly CleanupStep[],
  settings: CleanupSettings,
  send: Send,
  embedded: boolean,
): Promise<CleanedResource> {
  const taken = steps.map((s) => `${s.cleanup}: ${s.detail}`);
  const last = steps.at(-1);
  if (embedded && !last) return { ...resource, cleanup: 'left', detail: EMBEDDED, steps: taken };
  if (embedded || settled(resource, last, settings)) {
    const { cleanup, detail } = last!;
    return { ...resource, cleanup, detail, steps: taken };
  }
  const outcome = await cleanUpResource(resource, settings, send);
  return { ...resource, ...outcome, steps: [...taken, `${outcome.cleanup}: ${outcome.detail}`] };
}

function reportOf(
  resources: readonly CleanedResource[],
  config: Config,
  target: TeardownTarget,
): CreatedResourcesReport {
  const count = (...states: Cleanup[]) => resources.filter((r) => states.includes(r.cleanup)).length;
  const source = (kind: ResourceKind): DeletePathSource =>
    config.cleanup.given[kind] !== undefined
      ? deleteVariable(kind)
      : config.deletePaths[kind] !== undefined
        ? 'proven by preflight'
        : null;
  return {
    runId: target.runId,
    target: target.embedded ? 'embedded reference' : redact(target.baseUrl),
    finishedAt: new Date().toISOString(),
    deletePaths: { product: config.deletePaths.product ?? null, webhook: config.deletePaths.webhook ?? null },
    deletePathSources: { product: source('product'), webhook: source('webhook') },
    probe: config.cleanup.found ?? null,
    summary: {
      created: resources.length,
      deleted: count('deleted', 'already-gone'),
      switchedOff: count('switched-off'),
      left: count('left'),
    },
    command: target.embedded ? null : removingCommand(resources, config, target),
    resources,
  };
}

/**
 * The command that removes what is left: `cleanup <run id>` (with `--shard`), after the delete path it
 * needs where none was known (a product left for want of one, a webhook only switched off).
 */
function removingCommand(resources: readonly CleanedResource[], config: Config, target: TeardownTarget): string | null {
  const rest = resources.filter((r) => r.cleanup === 'left' || r.cleanup === 'switched-off');
  if (rest.length === 0) return null;
  const needs = (['product', 'webhook'] as const).filter(
    (kind) => config.deletePaths[kind] === undefined && rest.some((r) => r.kind === kind),
  );
  const settings = needs.map(
    (kind) =>
      `${deleteVariable(kind)}=<your store's Delete ${kind === 'product' ? 'Product' : 'Webhook'} path, with {id}>`,
  );
  const shard = target.shard ? ` --shard ${target.shard.current}/${target.shard.total}` : '';
  return [...settings, `npx store-api-conformance cleanup${shard} ${target.runId}`].join(' ');
}

/** One line for the console at the end of a run (none when the run created nothing). */
export function summarize(report: CreatedResourcesReport, file: string): string | undefined {
  const where = path.relative(process.cwd(), file) || file;
  const { created, deleted, switchedOff, left } = report.summary;
  if (created === 0) return undefined;
  if (report.target === 'embedded reference')
    return `Run ${report.runId} created ${created} resources on the embedded reference, which ends with the run (${where}).`;
  if (deleted === created) return `Run ${report.runId} created ${created} resources and deleted them all (${where}).`;
  const doubted = (['product', 'webhook'] as const).filter((kind) =>
    report.resources.some((r) => r.kind === kind && r.detail.includes(DOUBT)),
  );
  const advice =
    doubted.length > 0
      ? ` Check ${doubted.map(deleteVariable).join(' and ')}: the store still has what its DELETE path answered 404 for.`
      : '';
  const off = switchedOff > 0 ? `, ${switchedOff} webhooks switched off (none of them can deliver)` : '';
  const rest = report.command ? ` Remove the rest: ${report.command}` : '';
  return `Run ${report.runId} created ${created} resources on ${report.target}: ${deleted} deleted${off}, ${left} left; listed in ${where}.${advice}${rest}`;
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
    const ofKind = resources.filter(
      (r) => r.kind === kind && (r.cleanup === 'deleted' || r.cleanup === 'already-gone'),
    );
    const noneDeleted = ofKind.length > 1 && ofKind.every((r) => r.cleanup === 'already-gone');
    for (const [i, r] of resources.entries()) {
      if (r.kind !== kind || (r.cleanup !== 'deleted' && r.cleanup !== 'already-gone')) continue;
      const stillListed = kind === 'product' && r.id !== null && listed.has(String(r.id));
      if (!stillListed && !(noneDeleted && r.cleanup === 'already-gone')) continue;
      const why = stillListed
        ? `${DOUBT} lists it by the run id`
        : `${DOUBT} answered 404 to every DELETE of a ${kind} of this run`;
      const detail = `${r.detail}, ${why}: check ${deleteVariable(kind)}`;
      resources[i] = { ...r, cleanup: 'left', detail, steps: [...r.steps, `left: ${detail}`] };
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

/** Written whole or not at all: parallel runs (the self tests) and a reader never see half a file. */
function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
