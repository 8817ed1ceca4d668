/**
 * What a fault is, and what a fault hook may ask of the run's faults. Kept apart from the registry
 * (index.ts) so the area files, which the registry imports, never import it back.
 */
import type { ClauseId } from '../../support/contract/clauses.ts';

/** A named, realistic bug: the spec clause it breaks, and what it does. */
export interface FaultDefinition {
  readonly clause: ClauseId;
  readonly description: string;
  /**
   * It bends one request of a run, whichever test sends it first. The fault matrix then runs only the
   * `@stated` tests citing its clause against it, so that request is always one of theirs.
   */
  readonly once?: true;
}

/**
 * Whether a fault is on, for the faults of one area. Structural: the registry's FaultSet answers for
 * every fault, so it fits any area's query, and TypeScript checks the names an area asks about are its own.
 */
export interface FaultQuery<Name extends string> {
  has(name: Name): boolean;
}
