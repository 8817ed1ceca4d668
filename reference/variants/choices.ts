/**
 * The choices a reference makes where the spec is silent or says "not shown", in one typed object the
 * routes read. A base (bases.ts) sets every field the usual way; each choice of the catalogue
 * (catalogue/) changes some of them, and a variant is a base and a named set of choices
 * (support/contract/embedded-targets.ts), so a suite that passes against many sets asserts only the spec.
 */
import type { BrandRecord, BrandNames, CategoryRecord, SeedIds } from '../seed.ts';
import type {
  IdChoice,
  ProductRecord,
  ProductType,
  RegisteredEventRecord,
  SeedProduct,
  WebhookRecord,
} from '../store.ts';
import type { ReferenceVariant, SignatureChoice } from '../../support/contract/embedded-targets.ts';

/** The kinds of refusal the reference answers; each has its status and its body (`errors`). */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'unknown-identifier'
  | 'no-route'
  | 'page-out-of-range'
  | 'malformed-body'
  | 'body-too-large'
  | 'bad-request'
  | 'server-error';

/** The human-readable `message` of each success envelope. */
export type MessageKey =
  | 'webhookEvents'
  | 'webhookRegistered'
  | 'webhookUpdated'
  | 'bookingCreated'
  | 'serviceCreated'
  | 'serviceUpdated'
  | 'products'
  | 'productDeleted'
  | 'webhookDeleted';

export type FieldErrors = Record<string, string[]>;

/** What an extra field may need to render: the timestamp form, and the origin for absolute URLs. */
interface RenderTools {
  readonly timestamp: (date: Date) => string;
  readonly origin: string;
}

/** The window of a list page: its first and last item (1-based; null when empty), and the list's URL. */
interface PageWindow {
  readonly from: number | null;
  readonly to: number | null;
  readonly path: string;
}

type Extra = Record<string, unknown>;

/** Fields the spec does not list, added to what the reference answers: a target may add any (not secrets). */
export interface ExtraFields {
  envelope(): Extra;
  product(product: ProductRecord, tools: RenderTools): Extra;
  webhook(webhook: WebhookRecord): Extra;
  registeredEvent(event: RegisteredEventRecord, tools: RenderTools): Extra;
  catalogueEntry(value: string): Extra;
  pagination(page: PageWindow): Extra;
  tag(id: number, name: string): Extra;
  brand(brand: BrandRecord): Extra;
  category(category: CategoryRecord): Extra;
}

export interface ReferenceChoices {
  readonly variant: ReferenceVariant;
  readonly seed: {
    /** The ids of the variant's target profile (profiles/*.json). */
    readonly ids: SeedIds;
    readonly brandNames: BrandNames;
    readonly products: readonly SeedProduct[];
  };
  /** Where product, webhook, registered event and tag ids start, and their step. */
  readonly ids: IdChoice;
  /** Products created or updated with one of these `status_id`s are unpublished; any other, or none, publishes. */
  readonly unpublishedStatusIds: readonly number[];

  /** The language of the success envelopes' messages and of refusals' messages. */
  readonly language: 'english' | 'arabic';
  readonly errors: {
    /** The status of each kind of refusal. Validation stays 422, as documented. */
    readonly statuses: Readonly<Record<ErrorKind, number>>;
    /** `{status: "error", message, errors}`, or `{error: {code, message, fields}}`. */
    readonly shape: 'flat' | 'nested';
  };
  readonly extras: ExtraFields;
  /** How long every answer takes (a time drawn between the bounds, per request), or null: at once. */
  readonly answerAfterMs: { readonly min: number; readonly max: number } | null;

  readonly list: {
    readonly defaultPerPage: number;
    /** The smallest page size: the spec shows none. */
    readonly minPerPage: number;
    /** A `per_page` below the smallest: refused (422), or answered at the smallest. */
    readonly underMinPerPage: 'refuse' | 'raise';
    readonly maxPerPage: number;
    /** A `per_page` above the maximum: refused (422), or answered at the maximum. */
    readonly overMaxPerPage: 'refuse' | 'cap';
    /** A page past the last: an empty page, or refused (`page-out-of-range`). */
    readonly pastLastPage: 'empty-page' | 'refuse';
    readonly order: 'newest-first' | 'oldest-first';
    readonly requiresToken: boolean;
    /** The localized label of a type, for the request's Accept-Language. */
    typeLabel(type: ProductType, acceptLanguage: string | undefined): string;
    /**
     * How long after a write List Products shows it (a delay drawn between the bounds, per write, as a
     * search index fed by a queue does), or null: at once.
     */
    readonly writesShowAfterMs: { readonly min: number; readonly max: number } | null;
  };

  /** How request bodies are read before they are validated (what some frameworks do to every request). */
  readonly input: {
    /** Strings are trimmed of white space at either end, at any depth (the webhook secret excepted). */
    readonly trimStrings: boolean;
    /** A field sent as "" counts as not sent (the webhook secret excepted). */
    readonly emptyStringAbsent: boolean;
    /** Number and integer fields take numeric strings ("12.5", "3"), ids inside arrays included. */
    readonly numericStrings: boolean;
    /** Boolean fields take "1", "0", "true", "false", 1 and 0. */
    readonly looseBooleans: boolean;
  };

  readonly bodies: {
    /** Request fields not listed for the operation: refused (422), or ignored. */
    readonly unlistedFields: 'refuse' | 'ignore';
    /** Fields Update Service Product requires (which are required is not shown). */
    readonly patchRequires: readonly string[];
    /**
     * `sub_category` and `child_category`: taken as sent, or each must sit under a category (a
     * sub-category) sent in the same body, else 422 (which bodies are refused is not shown).
     */
    readonly categoryHierarchy: 'unchecked' | 'checked';
    /**
     * `tags` names: a name no tag has yet creates one, or only the names of existing tags are taken
     * (422 for others): whether an unknown name is created is not shown.
     */
    readonly tags: 'create' | 'existing-only';
    /** Whether a second product with the slug or sku of another is refused (422): not shown. */
    readonly uniqueSlugAndSku: boolean;
    /**
     * Fields a booking body sending `is_enable_date_range: true` must also send (which fields are
     * required is not shown, and the spec lists none for the range itself).
     */
    readonly dateRangeRequires: readonly string[];
    /** The search and social titles and the options' titles at most 255 characters (else 10000, as free text). */
    readonly titlesAtMost255: boolean;
    /** `sale_price` at most `price` (on update, either checked against the stored other). */
    readonly salePriceAtMostPrice: boolean;
    /** `min_purchase` at most `max_purchase`. */
    readonly minPurchaseAtMostMax: boolean;
    /** `release_date` not after `update_date` (on update, either checked against the stored other). */
    readonly releaseNotAfterUpdate: boolean;
    /** Each availability window ends after it starts. */
    readonly windowsEndAfterStart: boolean;
    /** The windows of one day do not overlap (touching is fine); each ends after it starts. */
    readonly windowsDoNotOverlap: boolean;
    /** `providers` holds one at least when `provider_required` is true. */
    readonly providersWhenRequired: boolean;
    /** `video_id` and `video_source` each sent with the other. */
    readonly videoFieldsTogether: boolean;
  };

  readonly webhooks: {
    /** The `method_type`s accepted (other allowed values: not shown). */
    readonly methodTypes: readonly [string, ...string[]];
    /** The `status` values accepted (1 is used; the meaning of any other value: not shown). */
    readonly statuses: readonly number[];
    /**
     * Destinations accepted: any http(s) URL; only names that resolve (a target that looks them up);
     * or only https to a public host that resolves (an anti-SSRF rule).
     */
    readonly destinations: 'http-or-https' | 'resolvable' | 'public-https';
    /** Whether a webhook may share its url with another subscribed to one of the same events (else 422): not shown. */
    readonly uniqueUrlAndEvent: boolean;
    /** Whether an event may have one webhook only, whatever its url (else 422): not shown. */
    readonly oneWebhookPerEvent: boolean;
    /** Whether a registration first sends the url a GET (a check the spec does not show, and no delivery). */
    readonly checkUrlOnRegister: boolean;
    /**
     * `secret` on Update Webhook: taken, or refused (422) because secrets change only through Refresh
     * Secret (what an update does with `secret` is not shown).
     */
    readonly secretOnUpdate: 'take' | 'refuse';
    /** The characters a supplied secret may hold (else 422): any, or letters and digits only (not shown). */
    readonly secretCharacters: 'any' | 'letters-and-digits';
    /** The secret of a webhook registered without one (how it is produced: not shown). */
    generateSecret(): string;
  };

  readonly deliveries: {
    /** Attempts per delivery, the first included. */
    readonly maxAttempts: number;
    readonly signature: SignatureChoice;
    /** Put before the signature value of an `hmac-sha256` header (`sha256=`), or nothing. */
    readonly signaturePrefix: string;
    /**
     * How long after the write a delivery leaves (a delay drawn between the bounds, per delivery, as a
     * queue and its workers do), or null: at once.
     */
    readonly leaveAfterMs: { readonly min: number; readonly max: number } | null;
  };
}
