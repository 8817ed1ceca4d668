/**
 * What the run created on the target, written down the moment it is created: each worker appends one
 * JSON line per product or webhook to its own journal file (<REPORTS_DIR>/created-resources/<run id>.<pid>.jsonl),
 * so the record survives a run that fails, times out or is killed halfway. Each step of its cleanup (a
 * DELETE, an Update Webhook that switched it off) is a line of the same journal. Global teardown merges
 * the journals into <REPORTS_DIR>/created-resources.json (support/run/teardown.ts); a shard's are named per shard.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { createdBy, type OperationId, type ResourceKind } from '../contract/operations.ts';
import type { StoreProbeFindings } from '../contract/variables.ts';

export type { ResourceKind };

/**
 * What became of a resource: deleted (or already gone, a DELETE answered 404 or 410), switched off
 * (a webhook its Update Webhook left unable to deliver), or left as it is.
 */
export type Cleanup = 'deleted' | 'already-gone' | 'switched-off' | 'left';

/** One step of a resource's cleanup, journaled as it is taken. */
export interface CleanupStep {
  readonly runId: string;
  readonly kind: ResourceKind;
  readonly id: number;
  readonly cleanup: Cleanup;
  /** The request and its answer (`DELETE /api/core/v1/webhooks/7 answered 204`), or why nothing was sent. */
  readonly detail: string;
  readonly at: string;
}

export interface CreatedResource {
  readonly runId: string;
  readonly kind: ResourceKind;
  /** The id the target answered with; null when a 2xx answer carried none (find it by name). */
  readonly id: number | null;
  /** The name sent (it carries the run id), so a resource is findable on the target even without its id. */
  readonly name: string | null;
  readonly sku: string | null;
  readonly operation: OperationId;
  /** The title path of the test that created it, or what else did (`(global setup: profile check)`). */
  readonly test: string | null;
  readonly createdAt: string;
  /** A webhook's events as registered: what switching it off keeps when the store refuses to narrow them. */
  readonly events?: readonly string[];
  /**
   * Made for several tests (a set the tests that only read share, kept by the worker): its test's
   * teardown leaves it, and global teardown (or `cleanup`) removes it.
   */
  readonly shared?: true;
}

/** Inside a `sharedAcrossTests`: the lists of those who asked what is created there (`createdWhile`). */
const madeForSeveralTests = new AsyncLocalStorage<readonly CreatedResource[][]>();

/**
 * Makes something several tests share (a product set the tests that only read take, kept per worker):
 * what is created inside `make` outlives the test that made it, and is removed at the end of the run,
 * or sooner by its maker (`createdWhile`, then the `release` fixture).
 */
export function sharedAcrossTests<T>(make: () => Promise<T>): Promise<T> {
  return madeForSeveralTests.run(madeForSeveralTests.getStore() ?? [], make);
}

/**
 * `make`, made for several tests (`sharedAcrossTests`), and what was created while it ran (journaled
 * as shared): what a maker cleans up once the tests that read it need it no more, whether `make`
 * succeeded or not (`done` is told either way, before the outcome is handed on).
 */
export function createdWhile<T>(
  make: () => Promise<T>,
  done: (created: readonly CreatedResource[]) => Promise<void>,
): Promise<T> {
  const created: CreatedResource[] = [];
  const making = madeForSeveralTests.run([...(madeForSeveralTests.getStore() ?? []), created], make);
  return making.finally(() => done(created));
}

export interface Shard {
  readonly current: number;
  readonly total: number;
}

/**
 * The report file of one shard (`--shard=i/n`): `created-resources-shard-i-of-n.json`, as blob reports
 * are named per shard. Shards on one machine share REPORTS_DIR (and, on CI, the run id): each keeps its
 * own list and journals, so none overwrites, merges or deletes what another shard created.
 */
export function shardReportFile(reportFile: string, shard: Shard | null | undefined): string {
  if (!shard) return reportFile;
  const { dir, name, ext } = path.parse(reportFile);
  return path.join(dir, `${name}-shard-${shard.current}-of-${shard.total}${ext}`);
}

/** The directory holding the run journals: beside the report file, named like it without `.json`. */
export function journalDir(reportFile: string): string {
  const { dir, name, ext } = path.parse(reportFile);
  return path.join(dir, ext ? name : `${name}.journals`);
}

/** The shards with a journal directory beside the (unsharded) report file: for `npm run cleanup` to list. */
export function shardsWithJournals(reportFile: string): Shard[] {
  const { dir, name } = path.parse(reportFile);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const match = entry.startsWith(`${name}-shard-`) ? /^(\d+)-of-(\d+)$/.exec(entry.slice(name.length + 7)) : null;
    return match ? [{ current: Number(match[1]), total: Number(match[2]) }] : [];
  });
}

const journalFile = (reportFile: string, runId: string) =>
  path.join(journalDir(reportFile), `${runId}.${process.pid}.jsonl`);

/**
 * Records what a 2xx answer of a creating operation created (support/contract/operations.ts says which
 * operations create what). Called by the API client for every answer, with the JSON it sent and the JSON
 * it got, so a creation is recorded whichever test (or negative test gone wrong) made it.
 */
export function recordCreation(
  operation: OperationId,
  sent: unknown,
  answer: { readonly status: number; readonly json: unknown },
  where: {
    readonly reportFile: string;
    readonly runId: string;
    /** What created it outside any test (global setup's checks): named in place of a test. */
    readonly by?: string;
  },
): CreatedResource | undefined {
  const kind = createdBy(operation);
  if (!kind || answer.status < 200 || answer.status >= 300) return undefined;
  const body = asRecord(sent);
  const events = Array.isArray(body.events) ? body.events.filter((e) => typeof e === 'string') : undefined;
  const resource: CreatedResource = {
    runId: where.runId,
    kind,
    id: idIn(kind, answer.json),
    name: stringOr(kind === 'webhook' ? body.name : (body.name_en ?? body.name_ar)),
    sku: kind === 'product' ? stringOr(body.sku) : null,
    operation,
    test: where.by ?? currentTestTitle(),
    createdAt: new Date().toISOString(),
    ...(kind === 'webhook' && events ? { events } : {}),
    ...(madeForSeveralTests.getStore() ? { shared: true as const } : {}),
  };
  append(where.reportFile, where.runId, resource);
  for (const asked of madeForSeveralTests.getStore() ?? []) asked.push(resource);
  return resource;
}

/** Journals a step of a resource's cleanup (support/run/store-cleanup.ts), beside its creation. */
export function recordCleanupStep(
  where: { readonly reportFile: string; readonly runId: string },
  step: Omit<CleanupStep, 'runId' | 'at'>,
): void {
  append(where.reportFile, where.runId, { runId: where.runId, ...step, at: new Date().toISOString() });
}

/** What global setup's store probe found, journaled: `cleanup` of a killed run deletes and switches off as the run would have. */
export function recordStoreProbe(
  where: { readonly reportFile: string; readonly runId: string },
  probe: StoreProbeFindings,
): void {
  append(where.reportFile, where.runId, { runId: where.runId, probe });
}

interface ProbeLine {
  readonly runId: string;
  readonly probe: StoreProbeFindings;
}

function append(reportFile: string, runId: string, entry: CreatedResource | CleanupStep | ProbeLine): void {
  const file = journalFile(reportFile, runId);
  mkdirSync(path.dirname(file), { recursive: true });
  // One short line per append: lines from one process never interleave, and a kill loses at most the last.
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

/**
 * The API client's recorder of creations (support/client/recorders.ts): each written down at once (a
 * journal per worker), so the run's report lists it even if the run dies.
 */
export function journalCreations(
  where: {
    readonly reportFile: string;
    readonly runId: string;
  },
  /** Told of each creation: the test's own list, for its teardown. */
  created?: (resource: CreatedResource) => void,
): (answered: {
  readonly operation: OperationId;
  readonly sent: unknown;
  readonly status: number;
  readonly json: unknown;
}) => void {
  return ({ operation, sent, status, json }) => {
    const resource = recordCreation(operation, sent, { status, json }, where);
    if (resource) created?.(resource);
  };
}

/** What the run's journals hold: every resource created, oldest first, and every step of their cleanup, in order. */
export interface Journal {
  readonly created: CreatedResource[];
  readonly steps: CleanupStep[];
  /** What global setup's store probe found, when it journaled it. */
  readonly probe?: StoreProbeFindings | undefined;
}

/** The run's journals; a torn last line (a killed worker) is skipped. */
export function readJournal(reportFile: string, runId: string): Journal {
  const dir = journalDir(reportFile);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.startsWith(`${runId}.`) && f.endsWith('.jsonl'));
  } catch {
    return { created: [], steps: [] };
  }
  type Line = CreatedResource | CleanupStep | ProbeLine;
  const entries = files.flatMap((f) =>
    readFileSync(path.join(dir, f), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const entry = parseJson(line) as Line | undefined;
        return entry && entry.runId === runId ? [entry] : [];
      }),
  );
  const isStep = (entry: Line): entry is CleanupStep => 'cleanup' in entry;
  const isProbe = (entry: Line): entry is ProbeLine => 'probe' in entry;
  const isCreation = (entry: Line): entry is CreatedResource => !isStep(entry) && !isProbe(entry);
  return {
    created: entries.filter(isCreation).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    steps: entries.filter(isStep).sort((a, b) => a.at.localeCompare(b.at)),
    probe: entries.filter(isProbe).at(-1)?.probe,
  };
}

/** Run ids with a journal in the directory: runs whose teardown has not merged them (killed, or running now). */
export function journalRunIds(reportFile: string): string[] {
  try {
    return [
      ...new Set(readdirSync(journalDir(reportFile)).flatMap((f) => /^(.+)\.\d+\.jsonl$/.exec(f)?.[1] ?? [])),
    ].sort();
  } catch {
    return [];
  }
}

export function removeJournal(reportFile: string, runId: string): void {
  const dir = journalDir(reportFile);
  try {
    for (const f of readdirSync(dir))
      if (f.startsWith(`${runId}.`) && f.endsWith('.jsonl')) rmSync(path.join(dir, f), { force: true });
  } catch {
    // No journal: nothing was created.
  }
}

/** `data.webhook.id` for a webhook (or `data.id`, from a target that flattens it), `data.id` for a product. */
function idIn(kind: ResourceKind, body: unknown): number | null {
  const data = asRecord(asRecord(body).data);
  const holder = kind === 'webhook' && data.webhook !== undefined ? asRecord(data.webhook) : data;
  const id = holder.id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  if (typeof id === 'string' && /^\d{1,15}$/.test(id)) return Number(id);
  return null;
}

function currentTestTitle(): string | null {
  try {
    return test.info().titlePath.slice(1).join(' › ');
  } catch {
    return null; // Not inside a test (a script, global setup).
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const stringOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);
