/**
 * The fault switch: named, realistic bugs the reference can be started with (REFERENCE_FAULTS=a,b).
 * Each breaks one spec clause. The fault matrix (selftest/fault-matrix.spec.ts) runs the suite once per
 * fault and requires a failure in a test citing that clause, so every check is proven able to fail.
 * With no fault switched on, `has()` is false everywhere and no fault code path runs.
 *
 * Each area file holds its definitions and the hooks of its faults, typed against FaultQuery
 * (definition.ts), so it never imports this registry; elsewhere, only `faults.has(...)` bends behaviour.
 */
import { conventionFaults } from './conventions.ts';
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
} as const satisfies Record<string, FaultDefinition>;

export type FaultName = keyof typeof FaultCatalogue;
export const FaultNames = Object.keys(FaultCatalogue) as FaultName[];

export class FaultSet {
  readonly #on: ReadonlySet<FaultName>;
  constructor(names: Iterable<FaultName> = []) {
    this.#on = new Set(names);
  }
  has(name: FaultName): boolean {
    return this.#on.has(name);
  }
  get names(): readonly FaultName[] {
    return [...this.#on];
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
