/**
 * Signing a delivery under each scheme the suite can verify: used by the reference to sign what it
 * sends (following WEBHOOK_SIGNATURE_SCHEME, so every scheme runs end to end) and by the self tests.
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SignatureConfig } from './verify.ts';

export interface SignedMessage {
  readonly id: string;
  readonly timestamp: Date;
  /** The exact bytes that will be sent. */
  readonly body: string | Buffer;
}

/** The headers carrying the signature of `message` under `config`, keyed by `secret` (raw bytes). */
export function signatureHeaders(
  config: SignatureConfig,
  secret: string,
  message: SignedMessage,
): Record<string, string> {
  switch (config.scheme) {
    case 'none':
      return {};
    case 'standard-webhooks':
      return {
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
        'webhook-signature': new Webhook(secret, { format: 'raw' }).sign(message.id, message.timestamp, message.body),
      };
    case 'hmac-sha256':
      return { [config.header]: createHmac('sha256', secret).update(message.body).digest(config.encoding) };
  }
}
