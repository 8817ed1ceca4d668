/**
 * The fault registry, checked as data (no run): every stated clause can be broken by at least one fault,
 * every fault names a clause of the contract, says what it does and bends the reference somewhere, the
 * hook points apply a bend only where its guard holds (a traced set applies none), and the reference's
 * modules import one another without a cycle (the registry once imported its area files, which imported it back).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { FaultCatalogue, FaultNames, FaultSet } from '../reference/faults/index.ts';
import { Bends, type HookContext } from '../reference/hooks.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { isClauseId, StatedClauses } from '../support/contract/clauses.ts';

test('every stated clause has at least one fault that breaks it', () => {
  const broken = new Set<string>(FaultNames.map((name) => FaultCatalogue[name].clause));
  expect(
    StatedClauses.filter((clause) => !broken.has(clause)),
    'stated clauses no fault of reference/faults/ breaks',
  ).toEqual([]);
});

test('every fault names a clause of the contract and describes itself', () => {
  const wrong = FaultNames.filter((name) => {
    const { clause, description } = FaultCatalogue[name];
    return !isClauseId(clause) || description.trim().length < 10;
  });
  expect(wrong, 'faults with an unknown clause or no description').toEqual([]);
});

test('every fault bends the reference at a hook point', () => {
  const idle = FaultNames.filter((name) => Object.keys(FaultCatalogue[name].bends).length === 0);
  expect(idle, 'faults with no bend').toEqual([]);
});

test('a hook point applies the bends of faults switched on, where their guards hold; a once fault only the first time', () => {
  const context = { all: [], active: [], recipients: () => [], previous: undefined };
  const emission = { event: 'product.updated' as const, data: {}, webhooks: [] };
  const bends = new Bends(new FaultSet(['delivery-update-emits-created']));
  expect(bends.bend('emit', emission, context).event).toBe('product.created');
  expect(bends.bend('emit', { ...emission, event: 'product.created' }, context)).toEqual({
    event: 'product.created',
    data: {},
    webhooks: [],
  });
  expect(new Bends(new FaultSet()).bend('emit', emission, context)).toBe(emission);

  // Only the guard's part of a request's context: the operation it reached.
  const booking = { operation: 'createBookingProduct' } as unknown as HookContext<'request'>;
  const once = new Bends(new FaultSet(['create-booking-no-answer']));
  expect(once.bend('request', { kind: 'pass' }, booking)).toEqual({ kind: 'withhold' });
  expect(once.bend('request', { kind: 'pass' }, booking)).toEqual({ kind: 'pass' });
});

test('a traced fault set evaluates every guard and applies no bend', () => {
  const consulted: string[] = [];
  class Traced extends FaultSet {
    override consult(fault: string): boolean {
      consulted.push(fault);
      return false;
    }
  }
  const bends = new Bends(new Traced([], FaultNames));
  const emission = { event: 'product.updated' as const, data: {}, webhooks: [] };
  expect(bends.bend('emit', emission, { all: [], active: [], recipients: () => [], previous: undefined })).toBe(
    emission,
  );
  // The other guards hold only when some webhook is not notified (unsubscribed, off) or there is a product before the update.
  expect(consulted.sort()).toEqual(['delivery-never-sent', 'delivery-update-emits-created']);
});

/** Relative `import ... from './x.ts'` and `export ... from` of a file, resolved (type-only imports included). */
function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.{1,2}\/[^']+\.ts)'/gms)].map((m) =>
    path.resolve(path.dirname(file), m[1] ?? ''),
  );
}

/** Every cycle met walking the imports from `roots`, each as `a -> b -> a` (paths from the project root). */
function importCycles(roots: readonly string[]): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of relativeImports(file)) {
      if (state.get(next) === 'open')
        cycles.push(
          [...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(PROJECT_ROOT, f)).join(' -> '),
        );
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const root of roots) if (!state.has(root)) visit(root);
  return cycles;
}

test('the reference, its faults and what they import have no import cycle', () => {
  const dir = path.join(PROJECT_ROOT, 'reference');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
  expect(files.length).toBeGreaterThan(10);
  expect(importCycles(files), 'import cycles').toEqual([]);
});
