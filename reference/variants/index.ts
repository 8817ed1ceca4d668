/**
 * The reference's variants and choices: the choices object of a variant (REFERENCE_VARIANT), made of its
 * base and its named set of catalogue choices, or of another set (REFERENCE_CHOICES).
 */
import {
  EmbeddedTargets,
  withChoiceNeeds,
  type ReferenceChoiceName,
  type ReferenceVariant,
} from '../../support/contract/embedded-targets.ts';
import { Bases } from './bases.ts';
import { withChoices } from './catalogue/index.ts';
import type { ReferenceChoices } from './choices.ts';

export type { ErrorKind, FieldErrors, MessageKey, ReferenceChoices } from './choices.ts';
export { errorBody, messageOf } from './answers.ts';
export { EmbeddedTargets, type ReferenceVariant } from '../../support/contract/embedded-targets.ts';

/**
 * The choices of a reference of `variant` making the catalogue choices `names` (the variant's own set by
 * default) over its base: its seed data, with what those choices need the profile to list (tags to take).
 */
export function choicesFor(
  variant: ReferenceVariant = 'standard',
  names: readonly ReferenceChoiceName[] = EmbeddedTargets[variant].choices,
): ReferenceChoices {
  const base = Bases[EmbeddedTargets[variant].base];
  const seed = { ...base.seed, ids: withChoiceNeeds(base.seed.ids, names) };
  return withChoices({ ...base, variant, seed }, names);
}
