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

export function registerSecret(value: string | undefined | null): void {
  if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
}

export function redact(text: string): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
  // Any bearer credential, known or not (a token read from a call log we did not expect).
  return out.replace(/(authorization["']?\s*[:=]\s*["']?\s*bearer\s+)[^\s"',}]+/gi, `$1${REDACTED}`);
}

export function knownSecrets(): readonly string[] {
  return [...secrets];
}
