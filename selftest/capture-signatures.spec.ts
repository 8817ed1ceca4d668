/**
 * The delivery signature verifiers (support/capture/signature/): a correctly signed body verifies; changing
 * exactly one thing (a byte, the secret, a header, the JSON's whitespace, the clock) fails, with a
 * reason that never shows the secret.
 */
import { createHmac } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { signatureHeaders } from '../support/capture/signature/sign.ts';
import { verifySignature, type SignatureConfig } from '../support/capture/signature/verify.ts';

const SECRET = 'whsec-selftest-0123456789abcdefghijklmnop';
const BODY = Buffer.from('{"event":"product.created","data":{"id":7,"name":"é"}}');
const standard: SignatureConfig = { scheme: 'standard-webhooks', header: 'x-signature', encoding: 'hex' };
const hmacHex: SignatureConfig = { scheme: 'hmac-sha256', header: 'x-signature', encoding: 'hex' };
const hmacBase64: SignatureConfig = { scheme: 'hmac-sha256', header: 'x-store-signature', encoding: 'base64' };

const signed = (config: SignatureConfig, body: Buffer | string = BODY, timestamp = new Date()) => ({
  headers: signatureHeaders(config, SECRET, { id: 'msg_1', timestamp, body }),
  body: Buffer.from(body),
});

for (const config of [standard, hmacHex, hmacBase64]) {
  const name = `${config.scheme}${config.scheme === 'hmac-sha256' ? ` (${config.header}, ${config.encoding})` : ''}`;

  test.describe(name, () => {
    test('verifies a correctly signed raw body', () => {
      expect(verifySignature(config, SECRET, signed(config))).toMatchObject({ verified: true });
    });

    test('fails when one byte of the body changes', () => {
      const request = signed(config);
      const body = Buffer.from(request.body);
      body[10] = body[10]! ^ 1;
      expect(verifySignature(config, SECRET, { ...request, body })).toMatchObject({ verified: false });
    });

    test('fails under another secret, without showing either', () => {
      const result = verifySignature(config, `${SECRET}x`, signed(config));
      expect(result).toMatchObject({ verified: false });
      expect(JSON.stringify(result)).not.toContain(SECRET);
    });

    test('fails when the body was re-serialised before signing', () => {
      const pretty = JSON.stringify(JSON.parse(BODY.toString()), null, 2);
      const request = { headers: signed(config, pretty).headers, body: BODY };
      expect(verifySignature(config, SECRET, request)).toMatchObject({ verified: false });
    });

    test('fails when the signature headers are missing', () => {
      expect(verifySignature(config, SECRET, { headers: {}, body: BODY })).toMatchObject({ verified: false });
    });
  });
}

test.describe('standard-webhooks specifics', () => {
  test('fails for a timestamp over 5 minutes old, passes for one just inside', () => {
    const now = Date.now();
    expect(verifySignature(standard, SECRET, signed(standard, BODY, new Date(now - 6 * 60_000)))).toMatchObject({
      verified: false,
      reason: expect.stringContaining('too old'),
    });
    expect(verifySignature(standard, SECRET, signed(standard, BODY, new Date(now - 4 * 60_000)))).toMatchObject({
      verified: true,
    });
  });

  test('accepts one valid signature among several (key rotation)', () => {
    const request = signed(standard);
    const headers = { ...request.headers, 'webhook-signature': `v1,AAAA ${request.headers['webhook-signature']}` };
    expect(verifySignature(standard, SECRET, { ...request, headers })).toMatchObject({ verified: true });
  });

  test('verifies a whsec_ secret keyed by its base64 bytes, as the Standard Webhooks libraries do', () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', key).update(`msg_2.${timestamp}.${BODY.toString()}`).digest('base64');
    const headers = {
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${signature}`,
    };
    expect(verifySignature(standard, secret, { headers, body: BODY })).toMatchObject({ verified: true });
  });
});

test.describe('hmac-sha256 specifics', () => {
  test('accepts a sha256= prefix and upper-case hex', () => {
    const hex = createHmac('sha256', SECRET).update(BODY).digest('hex').toUpperCase();
    expect(verifySignature(hmacHex, SECRET, { headers: { 'x-signature': `sha256=${hex}` }, body: BODY })).toMatchObject(
      { verified: true },
    );
  });

  test('reads the configured header only', () => {
    const request = signed(hmacHex);
    expect(verifySignature(hmacBase64, SECRET, request)).toMatchObject({
      verified: false,
      reason: expect.stringContaining('x-store-signature'),
    });
  });
});
