/**
 * The embedded reference's variants and choices, and what a suite run against it must be told, as a
 * vendor would tell it: the target profile its seed data matches, and how it signs deliveries. Pure
 * data: support/run/config.ts reads it to default TARGET_PROFILE and WEBHOOK_SIGNATURE_* for an
 * embedded run, and the reference reads it to seed and sign the same way.
 *
 * Where the spec is silent the reference makes choices, each named here in the catalogue's order;
 * reference/variants/catalogue/ says what each is (the spec's words that leave it open, what the
 * reference does with it on). A variant is a base (seed data and profile) and a named set of them;
 * REFERENCE_CHOICES changes the set, or draws one (`random:<seed>`).
 */

/**
 * `standard`: the reference's usual choices; `divergent`: other spec-valid ones wherever the spec is
 * silent; `strict`: the standard's, with the strictest rules a store may hold requests to.
 */
export const ReferenceVariants = ['standard', 'divergent', 'divergent-ssrf', 'strict'] as const;
export type ReferenceVariant = (typeof ReferenceVariants)[number];

/** The seed data a reference starts with, and the profile that lists it. */
type ReferenceBase = 'standard' | 'divergent' | 'strict';

export interface SignatureChoice {
  readonly scheme: 'none' | 'standard-webhooks' | 'hmac-sha256';
  readonly header: string;
  readonly encoding: 'hex' | 'base64';
}

/** What a profile must say for a choice to be usable: what the choice adds where the base's profile says nothing. */
interface ProfileNeeds {
  readonly tagNames?: readonly string[] | undefined;
}

/** What a run must be told of one choice of the reference. */
interface ChoiceFacts {
  readonly profile?: ProfileNeeds;
  /** How deliveries are signed with it on (the base signs with Standard Webhooks). */
  readonly signature?: SignatureChoice;
  /** Why a draw never takes it: it needs what a run cannot give itself. */
  readonly notDrawn?: string;
}

const STANDARD_SIGNATURE: SignatureChoice = { scheme: 'standard-webhooks', header: 'x-signature', encoding: 'hex' };
const HMAC_SIGNATURE: SignatureChoice = { scheme: 'hmac-sha256', header: 'x-store-signature', encoding: 'base64' };
const PARKED_AND_PUBLIC =
  'refuses the capture server and the default parked url: a run needs PARKED_WEBHOOK_URL and CAPTURE_PUBLIC_URL';
const SLOW =
  'makes every run it is drawn into slower (the neutrality runs of `npm test` among them): `npm run bench:waits` runs it';

/** Every choice, in the catalogue's order (the order a draw walks, and the docs' table). */
const Choices = {
  'ids-from-7340001-step-7': {},
  'ids-from-500-step-3': {},
  'default-page-size-8': {},
  'default-page-size-10': {},
  'max-page-size-20': {},
  'page-size-over-max-refused': {},
  'page-size-under-5-raised': {},
  'page-past-last-refused': {},
  'oldest-first': {},
  'list-requires-token': {},
  'english-type-labels': {},
  'list-shows-writes-late': {},
  'nested-error-body': {},
  'arabic-messages': {},
  'forbidden-without-token': {},
  'unknown-identifier-422': {},
  'extra-fields': {},
  'unlisted-fields-ignored': {},
  'trimmed-strings': {},
  'empty-string-absent': {},
  'numeric-strings': {},
  'loose-booleans': {},
  'strings-at-most-255': {},
  'patch-requires-name-and-price': {},
  'category-hierarchy-checked': {},
  'existing-tags-only': { profile: { tagNames: ['summer', 'winter', 'gift', 'bestseller'] } },
  'unique-slug-and-sku': {},
  'date-range-fields-required': {},
  'sale-price-at-most-price': {},
  'min-purchase-at-most-max': {},
  'release-date-not-after-update-date': {},
  'windows-end-after-start': {},
  'windows-do-not-overlap': {},
  'providers-when-required': {},
  'video-fields-together': {},
  'post-only': {},
  'webhook-status-1-only': {},
  'unique-url-and-event': {},
  'one-webhook-per-event': {},
  'url-checked-on-register': {},
  'secret-refused-on-update': {},
  'secret-letters-and-digits': {},
  'hex-secret': {},
  'resolvable-destinations': { notDrawn: PARKED_AND_PUBLIC },
  'public-https-destinations': { notDrawn: PARKED_AND_PUBLIC },
  'hmac-signature': { signature: HMAC_SIGNATURE },
  'single-attempt': {},
  // Last, so that adding them left every earlier seed's draw as it was.
  'deliveries-from-a-queue': { notDrawn: SLOW },
  'slow-answers': { notDrawn: SLOW },
} as const satisfies Record<string, ChoiceFacts>;

export type ReferenceChoiceName = keyof typeof Choices;
export const ReferenceChoiceNames = Object.keys(Choices) as ReferenceChoiceName[];

/** Choices that cannot be on together: each answers the same question otherwise. */
const ChoiceConflicts: readonly (readonly [ReferenceChoiceName, ReferenceChoiceName])[] = [
  ['ids-from-7340001-step-7', 'ids-from-500-step-3'],
  ['default-page-size-8', 'default-page-size-10'],
  ['resolvable-destinations', 'public-https-destinations'],
];

/** The choices `name` cannot be on with. */
export function conflictsOf(name: ReferenceChoiceName): ReferenceChoiceName[] {
  return ChoiceConflicts.flatMap(([a, b]) => (a === name ? [b] : b === name ? [a] : []));
}

/** Why a draw never takes the choice, or undefined when it may. */
export function notDrawn(name: ReferenceChoiceName): string | undefined {
  const facts: ChoiceFacts = Choices[name];
  return facts.notDrawn;
}

const isReferenceChoice = (name: string): name is ReferenceChoiceName => Object.hasOwn(Choices, name);

export interface EmbeddedTarget {
  /** The target profile listing the variant's seeded ids, relative to the project root. */
  readonly profile: string;
  /** Its seed data (reference/variants/bases.ts). */
  readonly base: ReferenceBase;
  /** The choices it makes, in the catalogue's order. */
  readonly choices: readonly ReferenceChoiceName[];
  /** How the variant signs deliveries unless WEBHOOK_SIGNATURE_* says otherwise. */
  readonly signature: SignatureChoice;
}

/** The checks every variant has made since before the catalogue: a store may make neither. */
const ALWAYS: readonly ReferenceChoiceName[] = ['min-purchase-at-most-max', 'windows-end-after-start'];

const target = (base: ReferenceBase, profile: string, choices: readonly ReferenceChoiceName[]): EmbeddedTarget => {
  const ordered = inCatalogueOrder([...ALWAYS, ...choices]);
  return { base, profile, choices: ordered, signature: signatureOf(ordered) };
};

const divergentChoices: readonly ReferenceChoiceName[] = [
  'ids-from-7340001-step-7',
  'default-page-size-8',
  'max-page-size-20',
  'page-size-over-max-refused',
  'page-past-last-refused',
  'oldest-first',
  'list-requires-token',
  'english-type-labels',
  'nested-error-body',
  'arabic-messages',
  'forbidden-without-token',
  'unknown-identifier-422',
  'extra-fields',
  'unlisted-fields-ignored',
  'patch-requires-name-and-price',
  'category-hierarchy-checked',
  'post-only',
  'hex-secret',
  'hmac-signature',
  'single-attempt',
];

export const EmbeddedTargets: Readonly<Record<ReferenceVariant, EmbeddedTarget>> = {
  standard: target('standard', 'profiles/reference.json', []),
  divergent: target('divergent', 'profiles/divergent.json', divergentChoices),
  'divergent-ssrf': target('divergent', 'profiles/divergent.json', [...divergentChoices, 'public-https-destinations']),
  strict: target('strict', 'profiles/strict.json', [
    'ids-from-500-step-3',
    'default-page-size-10',
    'page-size-under-5-raised',
    'unlisted-fields-ignored',
    'existing-tags-only',
    'unique-slug-and-sku',
    'date-range-fields-required',
    'webhook-status-1-only',
    'unique-url-and-event',
    'url-checked-on-register',
    'secret-refused-on-update',
    'secret-letters-and-digits',
  ]),
};

function inCatalogueOrder(names: Iterable<ReferenceChoiceName>): ReferenceChoiceName[] {
  const set = new Set(names);
  return ReferenceChoiceNames.filter((name) => set.has(name));
}

/** How a reference making these choices signs its deliveries. */
export function signatureOf(choices: readonly ReferenceChoiceName[]): SignatureChoice {
  const signing = choices.map((name): ChoiceFacts => Choices[name]).find((facts) => facts.signature);
  return signing?.signature ?? STANDARD_SIGNATURE;
}

/** `profile` with what these choices need it to say, where it says nothing of it. */
export function withChoiceNeeds<P extends ProfileNeeds>(profile: P, choices: readonly ReferenceChoiceName[]): P {
  let needed = profile;
  for (const name of choices) {
    const facts: ChoiceFacts = Choices[name];
    if (facts.profile?.tagNames && !needed.tagNames) needed = { ...needed, tagNames: [...facts.profile.tagNames] };
  }
  return needed;
}

/** REFERENCE_CHOICES read: where the set starts (the variant's own, none, or a draw), and the names switched on and off. */
interface ChoicesAsked {
  readonly start: { readonly from: 'variant' | 'none' } | { readonly from: 'random'; readonly seed: string };
  readonly on: readonly ReferenceChoiceName[];
  readonly off: readonly ReferenceChoiceName[];
}

/** REFERENCE_CHOICES, or what is wrong with it: an unknown name, a draw without a seed, two conflicting names. */
export function parseReferenceChoices(text: string): ChoicesAsked | { readonly problems: readonly string[] } {
  const tokens = text
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  let start: ChoicesAsked['start'] = { from: 'variant' };
  const on: ReferenceChoiceName[] = [];
  const off: ReferenceChoiceName[] = [];
  const problems: string[] = [];
  for (const token of tokens) {
    if (token === 'none') start = { from: 'none' };
    else if (token.startsWith('random:')) {
      const seed = token.slice('random:'.length).trim();
      if (seed === '') problems.push('random: needs a seed, e.g. random:42');
      start = { from: 'random', seed };
    } else {
      const name = token.replace(/^-/, '');
      if (!isReferenceChoice(name)) problems.push(`no choice is named ${JSON.stringify(name)}`);
      else (token.startsWith('-') ? off : on).push(name);
    }
  }
  for (const [a, b] of ChoiceConflicts)
    if (on.includes(a) && on.includes(b)) problems.push(`${a} and ${b} cannot be on together`);
  return problems.length > 0 ? { problems } : { start, on, off };
}

/**
 * The choices a reference of `variant` makes under REFERENCE_CHOICES (`text`, already checked): the
 * variant's own, none, or a draw (`random:<seed>`), with the names given switched on (over any they
 * conflict with) and the `-names` kept off. In the catalogue's order.
 */
export function referenceChoicesOf(variant: ReferenceVariant, text: string): ReferenceChoiceName[] {
  const asked = parseReferenceChoices(text);
  if ('problems' in asked) throw new Error(`REFERENCE_CHOICES: ${asked.problems.join('; ')}`);
  const kept = (name: ReferenceChoiceName) =>
    !asked.off.includes(name) && !asked.on.some((other) => conflictsOf(other).includes(name));
  const on = new Set(asked.on.filter((name) => !asked.off.includes(name)));
  if (asked.start.from === 'variant') for (const name of EmbeddedTargets[variant].choices.filter(kept)) on.add(name);
  if (asked.start.from === 'random') draw(asked.start.seed, on, kept);
  return inCatalogueOrder(on);
}

/**
 * A reproducible draw: one number per choice, in the catalogue's order, from a generator seeded by the
 * seed's text; a choice is on when its number is below one half, unless it is kept off, a draw never
 * takes it, or it conflicts with one already on.
 */
function draw(seed: string, on: Set<ReferenceChoiceName>, kept: (name: ReferenceChoiceName) => boolean): void {
  const next = mulberry32(fnv1a(seed));
  for (const name of ReferenceChoiceNames) {
    const picked = next() < 0.5;
    if (!picked || !kept(name) || notDrawn(name) !== undefined) continue;
    if (conflictsOf(name).some((other) => on.has(other))) continue;
    on.add(name);
  }
}

/** FNV-1a, 32 bits, over the UTF-8 bytes of `text`. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** mulberry32: a small seeded generator of numbers in [0, 1), the same on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
