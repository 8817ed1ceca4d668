/**
 * The catalogue of the reference's choices: for each choice named in support/contract/embedded-targets.ts,
 * its area, the spec's words that leave it open, what the reference does with it on, and what it changes
 * in the choices object. docs/variants.md's table is checked against it (selftest/reference-choices.spec.ts).
 */
import { ReferenceChoiceNames, type ReferenceChoiceName } from '../../../support/contract/embedded-targets.ts';
import type { ReferenceChoices } from '../choices.ts';
import { answerChoices, inputChoices } from './answers.ts';
import type { CatalogueEntry } from './entry.ts';
import { idChoices, listChoices } from './list.ts';
import { productChoices } from './products.ts';
import { deliveryChoices, webhookChoices } from './webhooks.ts';

export type { CatalogueEntry } from './entry.ts';

const entries = {
  ...idChoices,
  ...listChoices,
  ...answerChoices,
  ...inputChoices,
  ...productChoices,
  ...webhookChoices,
  ...deliveryChoices,
};

const missing = ReferenceChoiceNames.filter((name) => entries[name] === undefined);
if (missing.length > 0) throw new Error(`The catalogue has no entry for ${missing.join(', ')}`);

export const Catalogue = entries as Readonly<Record<ReferenceChoiceName, CatalogueEntry>>;

/** `choices` with these catalogue choices made, in the catalogue's order. */
export function withChoices(choices: ReferenceChoices, names: readonly ReferenceChoiceName[]): ReferenceChoices {
  return ReferenceChoiceNames.filter((name) => names.includes(name)).reduce(
    (made, name) => Catalogue[name].change(made),
    choices,
  );
}
