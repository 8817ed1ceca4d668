/** The choices of what answers look like (error bodies, language, statuses, extra fields) and how bodies are read. */
import type { ErrorKind, ReferenceChoices } from '../choices.ts';
import { storeExtras } from '../extras.ts';
import { area, set, type AreaEntries } from './entry.ts';
import { SpecWords as W } from './spec-words.ts';

/** A change of the status one kind of refusal is answered with. */
const status =
  (kind: ErrorKind, code: number) =>
  (choices: ReferenceChoices): ReferenceChoices => ({
    ...choices,
    errors: { ...choices.errors, statuses: { ...choices.errors.statuses, [kind]: code } },
  });

export const answerChoices: AreaEntries = area('answers', {
  'nested-error-body': {
    spec: [W.errorShape],
    does: 'A refusal\'s body is `{error: {code, message, fields}}` (else `{status: "error", message, errors}`).',
    change: set('errors', { shape: 'nested' }),
  },
  'arabic-messages': {
    spec: [W.envelope, W.conditions422, W.languages],
    does: 'The messages of envelopes and refusals, and the field messages, are Arabic.',
    change: (choices) => ({ ...choices, language: 'arabic' }),
  },
  'forbidden-without-token': {
    spec: [W.otherStatuses],
    does: 'A missing or wrong token is answered 403, without `WWW-Authenticate` (else 401 with `Bearer`).',
    change: status('unauthenticated', 403),
  },
  'unknown-identifier-422': {
    spec: [W.otherStatuses],
    does: 'An `{identifier}` that names nothing is answered 422 (else 404).',
    change: status('unknown-identifier', 422),
  },
  'extra-fields': {
    spec: [W.envelope],
    does: 'Every object carries fields the spec does not list: envelope `meta.request_id`; product `slug`, `currency`, `store_url`, `rating_count`; webhook `deliveries_count`; registered event `created_at`; catalogue entry `group`; pagination `from`, `to`, `path`; tag, brand and category `slug` (never a secret).',
    change: (choices) => ({ ...choices, extras: storeExtras }),
  },
  'slow-answers': {
    // The spec bounds no time: its limits show none, and nothing says how soon an answer comes.
    spec: [W.rateLimits],
    does: 'Every answer takes 80 to 150 ms, a time drawn per request (a store far from its database, or busy); else at once.',
    change: (choices) => ({ ...choices, answerAfterMs: { min: 80, max: 150 } }),
  },
});

export const inputChoices: AreaEntries = area('input', {
  'unlisted-fields-ignored': {
    spec: [W.conditions422],
    does: 'Request fields not listed for the operation are ignored (else refused with 422).',
    change: set('bodies', { unlistedFields: 'ignore' }),
  },
  'trimmed-strings': {
    spec: [W.conditions422],
    does: 'Every string of a body, at any depth, is trimmed of white space at either end before it is validated and stored (the webhook `secret` excepted).',
    change: set('input', { trimStrings: true }),
  },
  'empty-string-absent': {
    spec: [W.conditions422, W.patchOmitted],
    does: 'A field sent as "" counts as not sent: an optional one is left alone, a required one is refused as missing (the webhook `secret` excepted).',
    change: set('input', { emptyStringAbsent: true }),
  },
  'numeric-strings': {
    spec: [W.conditions422],
    does: 'Number and integer fields, ids inside arrays and option price deltas included, take numeric strings such as "12.5" or "3".',
    change: set('input', { numericStrings: true }),
  },
  'loose-booleans': {
    spec: [W.conditions422],
    does: 'Boolean fields take "1", "0", "true", "false", 1 and 0 beside true and false.',
    change: set('input', { looseBooleans: true }),
  },
  'strings-at-most-255': {
    spec: [W.conditions422, W.sizeLimits],
    does: 'Names, slug, sku, tag names, titles and the webhook name hold at most 255 characters: the search, social and option titles too (every base holds the others to 255, tag names to 100).',
    change: set('bodies', { titlesAtMost255: true }),
  },
});
