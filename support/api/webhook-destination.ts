/**
 * Safety on a shared target: every webhook the suite registers points at an inbox of its own capture
 * server, so a staging store never sends its events anywhere else because of us. The API client
 * checks each Register/Update Webhook body before sending it. A `url` that is not a deliverable
 * http(s) URL passes: that is a negative test sending an invalid value, which the target must refuse.
 */
import type { Config } from '../config.ts';
import { INBOX_PREFIX } from '../capture/protocol.ts';
import type { OperationId } from '../contract/operations.ts';

export class ForeignWebhookDestinationError extends Error {
  override name = 'ForeignWebhookDestinationError';
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Inboxes are `<capture URL>/in/<32 hex digits>`, on the public or the local address of the server. */
export function isCaptureInbox(url: string, config: Config): boolean {
  const bases = [config.capture.publicUrl, config.capture.localUrl].filter((b): b is string => !!b);
  return bases.some((base) => new RegExp(`^${escapeRegExp(base)}${INBOX_PREFIX}/[0-9a-f]{32}(?:[/?#]|$)`).test(url));
}

/** Throws before sending a webhook body whose `url` is a real destination outside the capture server. */
export function assertOwnWebhookDestination(
  operation: OperationId,
  body: string | Buffer | undefined,
  config: Config,
): void {
  if ((operation !== 'registerWebhook' && operation !== 'updateWebhook') || body === undefined) return;
  const url = urlOf(body);
  if (url === undefined || !isDeliverable(url) || isCaptureInbox(url, config)) return;
  const inbox = `${config.capture.publicUrl ?? config.capture.localUrl ?? '<capture server>'}${INBOX_PREFIX}/<inbox id>`;
  throw new ForeignWebhookDestinationError(
    `Refusing to send a webhook url of ${url}: the suite registers webhooks only at inboxes of its own capture server (${inbox}), ` +
      `so the target never delivers store events elsewhere. Open an inbox (capture fixture) and use its url.`,
  );
}

function urlOf(body: string | Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString()) as unknown;
    const url = parsed !== null && typeof parsed === 'object' ? (parsed as { url?: unknown }).url : undefined;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

function isDeliverable(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
  } catch {
    return false;
  }
}
