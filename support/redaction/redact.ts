/**
 * One place that knows the run's secrets (the API token, every webhook secret seen) and scrubs them
 * from any text before it is written anywhere: error messages, attachments, curl lines, console.
 * Each worker has its own registry; secrets reach it through the config (token) and through the
 * API client and builders (webhook secrets), so nothing has to remember to register them by hand.
 */
const secrets = new Set<string>();
export const REDACTED = '***';

/** Values shorter than this are not treated as secrets: replacing "1" everywhere would ruin reports. */
const MIN_SECRET_LENGTH = 6;

/** `"secret": "…"` and `"plain_secret": "…"` with a value long enough to be one. */
const SECRET_JSON_FIELD = new RegExp(
  `("(?:plain_)?secret"\\s*:\\s*")(?:[^"\\\\]|\\\\.){${MIN_SECRET_LENGTH},}(?:"|$)`,
  'gm',
);

export function registerSecret(value: string | undefined | null): void {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
  secrets.add(value);
  // And as a JSON text a target wrote may carry it (a secret may hold any character): `"` and `\`
  // escaped, and `/` as `\/` too (PHP's json_encode escapes it).
  const escaped = JSON.stringify(value).slice(1, -1);
  for (const form of [escaped, escaped.replaceAll('/', '\\/')]) if (form !== value) secrets.add(form);
}

/** `text` with every secret this process has seen replaced, and nothing else: what another worker may read. */
export function redactKnown(text: string): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
  return out;
}

export function redact(text: string): string {
  const out = redactKnown(text);
  // Any bearer credential, known or not (a token read from a call log we did not expect, a header in a
  // trace's `{"name":"authorization","value":…}`), except the `$API_TOKEN` placeholder of a curl line.
  // Then any secret field of a JSON text (a request body or a response quoted in a message), whether or
  // not this process has seen that secret before.
  return out
    .replace(/(authorization["']?\s*(?:[:=]|,\s*"value"\s*:)\s*["']?\s*bearer\s+)(?![$*])[^\s"',}]+/gi, `$1${REDACTED}`)
    .replace(SECRET_JSON_FIELD, `$1${REDACTED}"`);
}

export function knownSecrets(): readonly string[] {
  return [...secrets];
}
