/**
 * Which delivery headers carry a signature, by the common webhook conventions' names (Standard
 * Webhooks, Svix, GitHub, Shopify, Stripe…): what the observation tests report, and what a signature
 * scheme that does not match the deliveries is named by.
 */

/** A header name that carries a signature. */
export const SIGNATURE_HEADER =
  /^(?:webhook-signature|svix-signature|x-(?:[a-z0-9-]+-)?(?:signature|signature-256|hmac|hmac-sha256|sig))$/;

/** The three headers of Standard Webhooks. */
export const STANDARD_WEBHOOKS_HEADERS = ['webhook-signature', 'webhook-id', 'webhook-timestamp'] as const;

/**
 * The signature headers a delivery carries, as a phrase: "`webhook-signature`, `webhook-id`,
 * `webhook-timestamp` (Standard Webhooks)", "`x-store-signature`", or "no signature header".
 */
export function arrivedSignature(headers: Readonly<Record<string, string>>): string {
  const names = Object.keys(headers).map((name) => name.toLowerCase());
  if (STANDARD_WEBHOOKS_HEADERS.every((name) => names.includes(name)))
    return `${STANDARD_WEBHOOKS_HEADERS.map((name) => `\`${name}\``).join(', ')} (Standard Webhooks)`;
  const signatures = names.filter((name) => SIGNATURE_HEADER.test(name)).sort();
  return signatures.length === 0 ? 'no signature header' : signatures.map((name) => `\`${name}\``).join(', ');
}
