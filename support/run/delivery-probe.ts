/**
 * The delivery probe: before any test, global setup registers one webhook at an inbox of the run's
 * capture server (subscribed to product.created), lets the profile check create its products, and
 * waits for the first delivery. Two mistakes of setting show there, before any test could blame the
 * store for them (NO VERDICT, naming the setting):
 * - CAPTURE_PUBLIC_URL the target cannot reach: the capture server answers there from this machine, but
 *   nothing the target sent arrived (a tunnel to the wrong port, a firewall, an address only this
 *   machine knows). Only judged when the target is told an address other than the local one;
 * - a signature scheme that does not match the headers that arrive: named by what arrived ("deliveries
 *   carry `webhook-signature`, `webhook-id`, `webhook-timestamp` (Standard Webhooks), but
 *   `WEBHOOK_SIGNATURE_SCHEME=hmac-sha256`"), or an HMAC header or encoding other than the one set.
 * The first delivery's arrival also tells how late deliveries come (global setup raises the workers when
 * they lag). The embedded reference is timed only: the run starts it, signing as the run is configured.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { PreflightError } from './preflight.ts';
import { recordCreation } from './created-resources.ts';
import { targetHeaders } from '../client/headers.ts';
import { httpRequest } from '../client/http.ts';
import { truncate } from '../client/exchange.ts';
import { Operations } from '../contract/operations.ts';
import type { CaptureClient, Inbox } from '../capture/client.ts';
import { deliveryMatching, type Delivery } from '../capture/delivery.ts';
import { arrivedSignature, SIGNATURE_HEADER, STANDARD_WEBHOOKS_HEADERS } from '../capture/signature/headers.ts';
import { verifyHmacSha256, verifySignature } from '../capture/signature/verify.ts';
import { registerSecret } from '../redaction/redact.ts';
import { asRecord, parseJson } from './json.ts';

export interface ProbeTarget {
  readonly baseUrl: string;
  readonly token: string | undefined;
  readonly runId: string;
  readonly createdResourcesFile: string;
}

export interface DeliveryProbe {
  readonly inbox: Inbox;
  /** What the registration answered as plain_secret, else the secret it sent. */
  readonly secret: string;
  /** The target is told an address other than the capture server's local one: whether it reaches it is in question. */
  readonly remoteAddress: boolean;
}

/** A delivery that carries a body: a GET a store sends to check a url at registration is not one. */
const withBody = deliveryMatching('a delivery with a body (product.created)', (d) => d.body.length > 0);

/**
 * Registers the probe's webhook; a note instead when it cannot (the delivery tests then say more).
 * Called before the profile check creates its products: their product.created deliveries are the probe's.
 */
export async function startDeliveryProbe(
  config: Config,
  target: ProbeTarget,
  capture: CaptureClient,
): Promise<DeliveryProbe | { readonly note: string }> {
  const inbox = await capture.openInbox();
  const secret = `probe-${randomBytes(24).toString('hex')}`;
  registerSecret(secret);
  const register = Operations.registerWebhook;
  const body = {
    name: `${target.runId} delivery probe`,
    url: inbox.url,
    method_type: 'POST',
    events: ['product.created'],
    secret,
    status: 1,
  };
  let status: number;
  let text: string;
  try {
    const response = await httpRequest(`${target.baseUrl}${register.path}`, {
      method: register.method,
      headers: { ...targetHeaders({ acceptLanguage: config.acceptLanguage, token: target.token }, { jsonBody: true }) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.requestTimeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    return { note: `Delivery probe: Register Webhook got no answer (${(error as Error).message}): not probed.` };
  }
  if (status < 200 || status >= 300)
    return {
      note: `Delivery probe: Register Webhook answered ${status} ${truncate(text, 200)}: deliveries not probed (the delivery tests will say more).`,
    };
  const json = parseJson(text);
  recordCreation(
    'registerWebhook',
    body,
    { status, json },
    { reportFile: target.createdResourcesFile, runId: target.runId, by: '(global setup: delivery probe)' },
  );
  const answered = asRecord(asRecord(json).data).plain_secret;
  if (typeof answered === 'string') registerSecret(answered);
  return {
    inbox,
    secret: typeof answered === 'string' && answered !== '' ? answered : secret,
    remoteAddress: capture.endpoint.publicUrl !== capture.endpoint.localUrl,
  };
}

/**
 * Waits for the probe's first delivery (when the profile check created a product), and throws a
 * PreflightError naming the setting when what arrives (or nothing) shows a mistake of it. Returns notes.
 */
export async function finishDeliveryProbe(
  probe: DeliveryProbe,
  config: Config,
  productsCreated: number,
  arrived: (delivery: Delivery) => void = () => {},
  timeoutMs = config.deliveryTimeoutMs,
): Promise<string[]> {
  try {
    if (productsCreated === 0) return ['Delivery probe: no product was created, so no delivery was awaited.'];
    const delivery = await probe.inbox.waitFor(withBody, { timeoutMs }).catch(() => undefined);
    if (delivery) arrived(delivery);
    // The embedded reference is timed only: the run starts it, signing as the run is configured.
    if (config.embedded) return [];
    if (!delivery) return await nothingArrived(probe, config, productsCreated);
    return signatureMismatch(delivery, probe.secret, config);
  } finally {
    await probe.inbox.close();
  }
}

async function nothingArrived(probe: DeliveryProbe, config: Config, productsCreated: number): Promise<string[]> {
  const requests = await probe.inbox.received().catch(() => []);
  const what = `within ${config.deliveryTimeoutMs} ms of the ${productsCreated} products the profile check created, for a webhook subscribed to product.created at ${probe.inbox.url.replace(/\/in\/.*/, '/…')}`;
  if (requests.length > 0)
    return [
      `Delivery probe: the target reached the capture server (${requests.length} request(s) without a body) but sent no delivery ${what}: the delivery tests will say more.`,
    ];
  if (!probe.remoteAddress) return [`Delivery probe: no delivery arrived ${what}: the delivery tests will say more.`];
  throw new PreflightError(
    `No delivery reached the capture server ${what}. The capture server answers there from this machine, so the target cannot reach that address (a tunnel to another port, a firewall, an address only this machine knows), or sends no deliveries. ` +
      `Check CAPTURE_PUBLIC_URL (the capture server's address as the target sees it); unset it to judge the rest without the delivery tests.`,
  );
}

/** A signature scheme, header or encoding set otherwise than the deliveries show: one line naming what arrived and the setting. */
function signatureMismatch(delivery: Delivery, secret: string, config: Config): string[] {
  const signature = config.signature;
  const arrived = arrivedSignature(delivery.headers);
  const names = Object.keys(delivery.headers);
  const standard = STANDARD_WEBHOOKS_HEADERS.every((name) => names.includes(name));
  const hmacHeaders = names.filter((name) => SIGNATURE_HEADER.test(name) && !name.startsWith('webhook-'));
  const stop = (message: string) => {
    throw new PreflightError(message);
  };
  if (signature === undefined || signature.scheme === 'none') {
    if (arrived === 'no signature header') return [];
    const setting = signature === undefined ? 'WEBHOOK_SIGNATURE_SCHEME is unset' : 'WEBHOOK_SIGNATURE_SCHEME=none';
    return [
      `Delivery probe: deliveries carry ${arrived}, but ${setting}: the signature test is skipped. ${hint(delivery, secret) ?? ''}`.trim(),
    ];
  }
  const setting =
    signature.scheme === 'hmac-sha256'
      ? `\`WEBHOOK_SIGNATURE_SCHEME=hmac-sha256\` (in \`${signature.header}\`, ${signature.encoding})`
      : '`WEBHOOK_SIGNATURE_SCHEME=standard-webhooks`';
  if (signature.scheme === 'standard-webhooks') {
    if (standard || arrived === 'no signature header') return [];
    return stop(
      `Deliveries carry ${arrived}, not Standard Webhooks' ${STANDARD_WEBHOOKS_HEADERS.map((n) => `\`${n}\``).join(', ')}, but ${setting}. ${hint(delivery, secret) ?? 'Set WEBHOOK_SIGNATURE_SCHEME (and WEBHOOK_SIGNATURE_HEADER) to how the target signs.'}`,
    );
  }
  // hmac-sha256
  if (delivery.header(signature.header) !== undefined) {
    if (verifySignature(signature, secret, delivery).verified) return [];
    const other = signature.encoding === 'hex' ? 'base64' : 'hex';
    if (verifyHmacSha256(secret, delivery, signature.header, other).verified)
      return stop(
        `Deliveries carry in \`${signature.header}\` the ${other} HMAC-SHA256 of the body, but \`WEBHOOK_SIGNATURE_ENCODING=${signature.encoding}\`: set WEBHOOK_SIGNATURE_ENCODING=${other}.`,
      );
    return [];
  }
  if (standard || hmacHeaders.length > 0)
    return stop(
      `Deliveries carry ${arrived}, but ${setting}. ${hint(delivery, secret) ?? 'Set WEBHOOK_SIGNATURE_SCHEME (and WEBHOOK_SIGNATURE_HEADER) to how the target signs.'}`,
    );
  return [];
}

/** The setting that verifies the delivery, when one does: what to set instead. */
function hint(delivery: Delivery, secret: string): string | undefined {
  const names = Object.keys(delivery.headers);
  if (STANDARD_WEBHOOKS_HEADERS.every((name) => names.includes(name))) {
    const verified = verifySignature(
      { scheme: 'standard-webhooks', header: 'webhook-signature', encoding: 'hex' },
      secret,
      delivery,
    ).verified;
    return verified ? 'They verify as Standard Webhooks: set WEBHOOK_SIGNATURE_SCHEME=standard-webhooks.' : undefined;
  }
  for (const header of names.filter((name) => SIGNATURE_HEADER.test(name)))
    for (const encoding of ['hex', 'base64'] as const)
      if (verifyHmacSha256(secret, delivery, header, encoding).verified)
        return `\`${header}\` holds the ${encoding} HMAC-SHA256 of the body: set WEBHOOK_SIGNATURE_SCHEME=hmac-sha256, WEBHOOK_SIGNATURE_HEADER=${header} and WEBHOOK_SIGNATURE_ENCODING=${encoding}.`;
  return undefined;
}
