/** The reference's variants: pick one's choices by name (REFERENCE_VARIANT). */
import type { ReferenceChoices } from './choices.ts';
import type { ReferenceVariant } from '../../support/contract/embedded-targets.ts';
import { divergentChoices, divergentSsrfChoices } from './divergent.ts';
import { standardChoices } from './standard.ts';
import { strictChoices } from './strict.ts';

export type { ErrorKind, FieldErrors, MessageKey, ReferenceChoices } from './choices.ts';
export { EmbeddedTargets, type ReferenceVariant } from '../../support/contract/embedded-targets.ts';

const choices: Record<ReferenceVariant, ReferenceChoices> = {
  standard: standardChoices,
  divergent: divergentChoices,
  'divergent-ssrf': divergentSsrfChoices,
  strict: strictChoices,
};

export function choicesFor(variant: ReferenceVariant = 'standard'): ReferenceChoices {
  return choices[variant];
}
