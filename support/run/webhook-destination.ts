/**
 * Safety on a shared target: every webhook the suite registers points either at an inbox of its own
 * capture server or at a parked address: by default one that can never be reached (a host under
 * `.invalid`, which RFC 2606 reserves so that it never resolves), or under PARKED_WEBHOOK_URL, a
 * destination the tester chose for a target that refuses names it cannot resolve. So a staging store
 * never sends its events anywhere else because of us. The API client checks each body that carries a webhook `url` before sending it
 * (the operations with `webhookUrlInBody` in support/contract/operations.ts). A `url` that is not a
 * deliverable http(s) URL passes: that is a negative test sending an invalid value, which the target
 * must refuse.
 */
import type { Config } from './config.ts';
import { INBOX_PREFIX } from '../capture/protocol.ts';
import { Operations, type OperationContract, type OperationId } from '../contract/operations.ts';

export class ForeignWebhookDestinationError extends Error {
  override name = 'ForeignWebhookDestinationError';
}

/** The reserved top-level domain of parked destinations. */
const PARKED_TLD = 'invalid';

/** The default parked destination: https, on a public-looking name, unreachable by construction. */
const DEFAULT_PARKED_BASE = `https://webhooks.conformance.${PARKED_TLD}`;

/**
 * A webhook destination for tests that register webhooks but wait for no delivery: under `base`
 * (PARKED_WEBHOOK_URL), else https on a public name, at a path of `token` (the webhook's own) (so a target that refuses loopback or plain-http
 * destinations takes it) that never resolves.
 */
export function parkedWebhookUrl(runId: string, token: string, base = DEFAULT_PARKED_BASE): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(runId)}/${encodeURIComponent(token)}`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Inboxes are `<capture URL>/in/<32 hex digits>`, on the public or the local address of the server. */
function isCaptureInbox(url: string, config: Config): boolean {
  const bases = [config.capture.publicUrl, config.capture.localUrl].filter((b): b is string => !!b);
  return bases.some((base) => new RegExp(`^${escapeRegExp(base)}${INBOX_PREFIX}/[0-9a-f]{32}(?:[/?#]|$)`).test(url));
}

/** Throws before sending a body whose webhook `url` is a real destination outside the capture server. */
export function assertOwnWebhookDestination(operation: OperationId, body: unknown, config: Config): void {
  const contract: OperationContract = Operations[operation];
  if (!contract.webhookUrlInBody) return;
  const url = body !== null && typeof body === 'object' ? (body as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || !isDeliverable(url) || isParked(url, config) || isCaptureInbox(url, config)) return;
  const inbox = `${config.capture.publicUrl ?? config.capture.localUrl ?? '<capture server>'}${INBOX_PREFIX}/<inbox id>`;
  throw new ForeignWebhookDestinationError(
    `Refusing to send a webhook url of ${url}: the suite registers webhooks only at inboxes of its own capture server (${inbox}) ` +
      `or at parked addresses (under .${PARKED_TLD} or PARKED_WEBHOOK_URL), so the target never delivers store events elsewhere. ` +
      `Open an inbox (the inbox fixture) or use make.webhook(), which parks it.`,
  );
}

/** Under `.invalid`, or under the tester's PARKED_WEBHOOK_URL. */
export function isParked(url: string, config: Pick<Config, 'parkedWebhookUrl'>): boolean {
  if (new URL(url).hostname.split('.').at(-1) === PARKED_TLD) return true;
  const base = config.parkedWebhookUrl?.replace(/\/+$/, '');
  return base !== undefined && (url === base || url.startsWith(`${base}/`));
}

function isDeliverable(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
  } catch {
    return false;
  }
}
