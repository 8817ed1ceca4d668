/**
 * The reference variants, and what a suite run against the embedded reference of each must be told, as
 * a vendor would tell it: the target profile its seed data matches, and how it signs deliveries.
 * Pure data: support/run/config.ts reads it to default TARGET_PROFILE and WEBHOOK_SIGNATURE_* for an
 * embedded run, and the reference reads it to sign the same way.
 */

/**
 * `standard`: the reference's usual choices; `divergent`: other spec-valid ones wherever the spec is
 * silent; `strict`: the standard's, with the strictest rules a store may hold requests to.
 */
export const ReferenceVariants = ['standard', 'divergent', 'divergent-ssrf', 'strict'] as const;
export type ReferenceVariant = (typeof ReferenceVariants)[number];

export interface SignatureChoice {
  readonly scheme: 'none' | 'standard-webhooks' | 'hmac-sha256';
  readonly header: string;
  readonly encoding: 'hex' | 'base64';
}

export interface EmbeddedTarget {
  /** The target profile listing the variant's seeded ids, relative to the project root. */
  readonly profile: string;
  /** How the variant signs deliveries unless WEBHOOK_SIGNATURE_* says otherwise. */
  readonly signature: SignatureChoice;
}

const standard: EmbeddedTarget = {
  profile: 'profiles/reference.json',
  signature: { scheme: 'standard-webhooks', header: 'x-signature', encoding: 'hex' },
};
const divergent: EmbeddedTarget = {
  profile: 'profiles/divergent.json',
  signature: { scheme: 'hmac-sha256', header: 'x-store-signature', encoding: 'base64' },
};

const strict: EmbeddedTarget = { ...standard, profile: 'profiles/strict.json' };

export const EmbeddedTargets: Readonly<Record<ReferenceVariant, EmbeddedTarget>> = {
  standard,
  divergent,
  'divergent-ssrf': divergent,
  strict,
};
