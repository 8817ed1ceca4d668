/**
 * The fault switch: named, realistic bugs the reference can be started with (REFERENCE_FAULTS=a,b).
 * Each breaks one spec clause. The fault matrix (selftest/matrix/) runs the suite's tests against each
 * fault and requires a failure in a test citing its clause, so every check is proven able to fail.
 *
 * Each area file declares its faults: clause, description, and how each bends the reference at the hook
 * points of reference/hooks.ts. With no fault switched on, no bend runs.
 */
import type { BendSource, FaultBend, HookName } from '../hooks.ts';
import { conventionFaults } from './conventions.ts';
import { crashFaults } from './crashes.ts';
import type { FaultDefinition } from './definition.ts';
import { listFaults } from './list.ts';
import { productFaults } from './products.ts';
import { securityFaults } from './security.ts';
import { webhookFaults } from './webhooks.ts';

export const FaultCatalogue = {
  ...conventionFaults,
  ...webhookFaults,
  ...productFaults,
  ...listFaults,
  ...securityFaults,
  ...crashFaults,
} as const satisfies Record<string, FaultDefinition>;

export type FaultName = keyof typeof FaultCatalogue;
export const FaultNames = Object.keys(FaultCatalogue) as FaultName[];

/** The bends of `faults` at each hook point, in catalogue order. */
function bendsByPoint(faults: readonly FaultName[]): Map<HookName, FaultBend<HookName>[]> {
  const byPoint = new Map<HookName, FaultBend<HookName>[]>();
  for (const fault of faults) {
    const definition: FaultDefinition = FaultCatalogue[fault];
    for (const [point, bends] of Object.entries(definition.bends) as [HookName, unknown][]) {
      const list = (Array.isArray(bends) ? bends : [bends]) as FaultBend<HookName>[];
      const at = byPoint.get(point) ?? [];
      for (const bend of list) at.push({ ...bend, fault, once: definition.once === true });
      byPoint.set(point, at);
    }
  }
  return byPoint;
}

/** The faults a reference is started with. */
export class FaultSet implements BendSource {
  readonly #on: ReadonlySet<FaultName>;
  readonly #bends: Map<HookName, FaultBend<HookName>[]>;

  /** `evaluated`: the faults whose guards the app evaluates (by default, those switched on). */
  constructor(names: Iterable<FaultName> = [], evaluated?: readonly FaultName[]) {
    this.#on = new Set(names);
    this.#bends = bendsByPoint(evaluated ?? [...this.#on]);
  }

  get names(): readonly FaultName[] {
    return [...this.#on];
  }

  bendsAt<K extends HookName>(point: K): readonly FaultBend<K>[] {
    return (this.#bends.get(point) ?? []) as unknown as readonly FaultBend<K>[];
  }

  consult(fault: string): boolean {
    return this.#on.has(fault as FaultName);
  }
}

export function isFaultName(name: string): name is FaultName {
  return Object.hasOwn(FaultCatalogue, name);
}

/** The names that are no fault: for a caller to report as configuration (support/run/global-setup.ts). */
export function unknownFaults(names: readonly string[]): string[] {
  return names.filter((n) => !isFaultName(n));
}

/** Parses REFERENCE_FAULTS; an unknown name is an error, not a silently clean run. */
export function parseFaults(names: readonly string[]): FaultSet {
  const unknown = unknownFaults(names);
  if (unknown.length > 0)
    throw new Error(`REFERENCE_FAULTS: unknown fault(s) ${unknown.join(', ')}; known: ${FaultNames.join(', ')}`);
  return new FaultSet(names.filter(isFaultName));
}
