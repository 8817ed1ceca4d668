/** What the catalogue says of each choice of the reference, and the helpers its area files share. */
import type { ReferenceChoiceName } from '../../../support/contract/embedded-targets.ts';
import type { ReferenceChoices } from '../choices.ts';
import type { SpecWord } from './spec-words.ts';

export type ChoiceArea = 'ids' | 'list' | 'answers' | 'input' | 'products' | 'webhooks' | 'deliveries';

export interface CatalogueEntry {
  readonly area: ChoiceArea;
  /** The spec's words that leave it open, quoted exactly. */
  readonly spec: readonly [SpecWord, ...SpecWord[]];
  /** What the reference does with it on, in one line. */
  readonly does: string;
  /** What it changes in the choices object. */
  readonly change: (choices: ReferenceChoices) => ReferenceChoices;
}

/** Some entries of the catalogue, all of one area. */
export type AreaEntries = Partial<Record<ReferenceChoiceName, CatalogueEntry>>;

type Entry = Omit<CatalogueEntry, 'area'>;

/** The entries of one area, each given its area. */
export function area(name: ChoiceArea, entries: Partial<Record<ReferenceChoiceName, Entry>>): AreaEntries {
  return Object.fromEntries(Object.entries(entries).map(([choice, entry]) => [choice, { area: name, ...entry }]));
}

type Part = 'list' | 'input' | 'bodies' | 'webhooks' | 'deliveries' | 'errors';

/** A change of some fields of one part of the choices object. */
export const set =
  <P extends Part>(part: P, fields: Partial<ReferenceChoices[P]>) =>
  (choices: ReferenceChoices): ReferenceChoices => ({ ...choices, [part]: { ...choices[part], ...fields } });
