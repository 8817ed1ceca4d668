/**
 * Verifying a delivery's signature under the scheme the target documents (WEBHOOK_SIGNATURE_SCHEME);
 * the spec shows none. Always over the raw body bytes as received: parsing and re-serialising the
 * JSON first would break a correct signature (the Standard Webhooks spec warns of exactly that).
 *
 * - `standard-webhooks`: `webhook-id`, `webhook-timestamp`, `webhook-signature` (`v1,<base64>`, several
 *   separated by spaces), verified by the `standardwebhooks` package, which also bounds the timestamp
 *   (5 minutes either way). The key is the webhook's secret as raw bytes, as a client-chosen secret
 *   string suggests; a secret in the Standard Webhooks form (`whsec_<base64>`) is also tried decoded.
 * - `hmac-sha256`: HMAC-SHA256 of the body with the secret (UTF-8), in WEBHOOK_SIGNATURE_HEADER,
 *   encoded as WEBHOOK_SIGNATURE_ENCODING (hex or base64), optionally prefixed `sha256=`.
 * - `none`: the target does not sign; nothing to verify.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { SignatureChoice } from '../../contract/embedded-targets.ts';
import { arrivedSignature } from './headers.ts';

/** How a run's deliveries are signed (WEBHOOK_SIGNATURE_*): the scheme, its header and its encoding, as an embedded target's choices say it. */
export type SignatureConfig = SignatureChoice;

export interface SignedRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** `verified`, or why not, in words that never contain the secret or a signature value. */
export type Verification =
  { readonly verified: true; readonly how: string } | { readonly verified: false; readonly reason: string };

export function verifySignature(config: SignatureConfig, secret: string, request: SignedRequest): Verification {
  switch (config.scheme) {
    case 'none':
      return { verified: true, how: 'not signed (WEBHOOK_SIGNATURE_SCHEME=none)' };
    case 'standard-webhooks':
      return verifyStandardWebhooks(secret, request);
    case 'hmac-sha256':
      return verifyHmacSha256(secret, request, config.header, config.encoding);
  }
}

/** The keys a secret may stand for under Standard Webhooks: its raw bytes, and the decoded form of `whsec_<base64>`. */
function standardWebhooksKeys(secret: string): { label: string; verifier: Webhook }[] {
  const keys = [{ label: 'the secret as raw bytes', verifier: new Webhook(secret, { format: 'raw' }) }];
  if (/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret))
    keys.push({ label: 'the base64 key of a whsec_ secret', verifier: new Webhook(secret) });
  return keys;
}

function verifyStandardWebhooks(secret: string, request: SignedRequest): Verification {
  const missing = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].filter(
    (name) => request.headers[name] === undefined,
  );
  if (missing.length > 0)
    return {
      verified: false,
      reason: `Standard Webhooks headers missing: ${missing.join(', ')} (the delivery carries ${arrivedSignature(request.headers)})`,
    };
  if (secret.length === 0) return { verified: false, reason: 'the secret is empty' };
  let reason = '';
  for (const { label, verifier } of standardWebhooksKeys(secret)) {
    try {
      verifier.verify(request.body, { ...request.headers }, { jsonParse: false });
      return { verified: true, how: `Standard Webhooks signature over the raw body, keyed by ${label}` };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      reason ||= error.message;
    }
  }
  return {
    verified: false,
    reason: `Standard Webhooks verification failed: ${reason} (webhook-id ${JSON.stringify(request.headers['webhook-id'])}, webhook-timestamp ${JSON.stringify(request.headers['webhook-timestamp'])})`,
  };
}

export function verifyHmacSha256(
  secret: string,
  request: SignedRequest,
  header: string,
  encoding: 'hex' | 'base64',
): Verification {
  const value = request.headers[header.toLowerCase()];
  if (value === undefined)
    return {
      verified: false,
      reason: `no ${header} header (WEBHOOK_SIGNATURE_HEADER): the delivery carries ${arrivedSignature(request.headers)}`,
    };
  const sent = value.trim().replace(/^sha256=/i, '');
  // Hex case does not matter; base64 is compared as sent.
  const given = Buffer.from(encoding === 'hex' ? sent.toLowerCase() : sent);
  const expected = Buffer.from(createHmac('sha256', secret).update(request.body).digest(encoding));
  if (given.length === expected.length && timingSafeEqual(given, expected))
    return { verified: true, how: `HMAC-SHA256 of the raw body in ${header} (${encoding})` };
  return {
    verified: false,
    reason: `the ${header} header does not hold the HMAC-SHA256 (${encoding}) of the raw body under the webhook's secret`,
  };
}
