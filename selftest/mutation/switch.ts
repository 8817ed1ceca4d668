/**
 * Which mutant is on, and which test is running, for the code of the sandbox (sandbox.ts): the
 * instrumented code reads `globalThis.__stryker__.activeMutant` at every mutant's switch, and counts
 * what it covers under `__stryker__.currentTestId`. Both are read from the request being served: one
 * reference process serves every mutant at once, each request with its own (server.ts), and what a
 * request causes later (its deliveries, sent after the answer) runs with the request's scope.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What code runs for: the mutant switched on (none: the clean reference), and the test it is covered for. */
export interface Scope {
  readonly mutant?: string;
  readonly test?: string;
  /** How often the mutant's switch was taken in this scope: a mutant that loops forever is stopped (HIT_LIMIT). */
  readonly hits?: { count: number };
}

/**
 * Times one scope (a request, a module load, an app being built) may take its mutant's switch before the
 * switch throws: a mutant that turns a loop endless then fails the request instead of the whole process.
 */
const HIT_LIMIT = 1_000_000;

/** Mutants covered, by id, with how often. */
type Hits = Record<string, number>;

interface Namespace {
  readonly activeMutant: string | undefined;
  readonly currentTestId: string | undefined;
  readonly hitCount: number | undefined;
  readonly hitLimit: number;
  readonly mutantCoverage: { static: Hits; perTest: Record<string, Hits> };
}

const scopes = new AsyncLocalStorage<Scope>();
/** The scope of code no request runs: a module loading, an app being built. */
let outside: Scope = {};

const current = () => scopes.getStore() ?? outside;

const namespace: Namespace = Object.defineProperties(
  { mutantCoverage: { static: {}, perTest: {} } },
  {
    activeMutant: { get: () => current().mutant, set: () => undefined, enumerable: true },
    currentTestId: { get: () => current().test, set: () => undefined, enumerable: true },
    hitCount: {
      get: () => current().hits?.count,
      set: (count: number) => {
        const hits = current().hits;
        if (hits) hits.count = count;
      },
      enumerable: true,
    },
    hitLimit: { value: HIT_LIMIT, enumerable: true },
  },
) as Namespace;

/** Installs the switch: before any module of the sandbox loads. */
export function installSwitch(): void {
  (globalThis as { __stryker__?: Namespace }).__stryker__ = namespace;
}

/** Runs `work` in `scope`: everything it starts, now or later, runs in it too. */
export function inScope<T>(scope: Scope, work: () => T): T {
  return scopes.run(scope.mutant === undefined ? scope : { ...scope, hits: { count: 0 } }, work);
}

/** Runs `work` with `scope` as the scope of code outside any request (loading modules): one at a time. */
let loading: Promise<unknown> = Promise.resolve();
export function asLoading<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
  const run = loading.then(async () => {
    outside = scope;
    try {
      return await inScope(scope, work);
    } finally {
      outside = {};
    }
  });
  loading = run.catch(() => undefined);
  return run;
}

/** The mutants each test covered, and those covered outside any test, since the last reset. */
export function coverage(): { readonly perTest: Readonly<Record<string, Hits>>; readonly static: Hits } {
  return namespace.mutantCoverage;
}
