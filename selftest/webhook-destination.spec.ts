/**
 * Webhooks the suite registers point only at its own capture server: the API client's check
 * (support/run/webhook-destination.ts) refuses any real destination outside the capture server's
 * inboxes, before the request is sent, and lets through the invalid urls negative tests send.
 */
import { expect, test } from './fixtures.ts';
import {
  assertOwnWebhookDestination,
  ForeignWebhookDestinationError,
  parkedWebhookUrl,
} from '../support/run/webhook-destination.ts';
import { parseConfig } from '../support/run/config.ts';

const INBOX = '0123456789abcdef0123456789abcdef';
const ENV = {
  CAPTURE_LOCAL_URL: 'http://127.0.0.1:4321',
  CAPTURE_PUBLIC_URL: 'https://capture.example.test',
  CAPTURE_CONTROL_TOKEN: 'control-token-0123456789',
};
const config = parseConfig(ENV);
const check =
  (url: unknown, operation: 'registerWebhook' | 'updateWebhook' | 'createServiceProduct' = 'registerWebhook') =>
  () =>
    assertOwnWebhookDestination(
      operation,
      { name: 'w', url, method_type: 'POST', events: ['product.created'] },
      config,
    );

test('an inbox of the capture server, on its public or its local address, may be registered', () => {
  expect(check(`https://capture.example.test/in/${INBOX}`)).not.toThrow();
  expect(check(`http://127.0.0.1:4321/in/${INBOX}/deeper?x=1`)).not.toThrow();
  expect(check(`https://capture.example.test/in/${INBOX}`, 'updateWebhook')).not.toThrow();
});

for (const [what, url] of [
  ['another host', `https://hooks.example.com/in/${INBOX}`],
  ['the capture host outside an inbox', 'https://capture.example.test/_control/x/health'],
  ['an inbox id that is not one', 'https://capture.example.test/in/not-an-inbox'],
  ['a host that only starts like the capture host', `https://capture.example.test.evil.example/in/${INBOX}`],
  ['another port of the local host', `http://127.0.0.1:9999/in/${INBOX}`],
] as const) {
  test(`a webhook url on ${what} is refused before anything is sent`, () => {
    expect(check(url)).toThrow(ForeignWebhookDestinationError);
    expect(check(url, 'updateWebhook')).toThrow(/registers webhooks only at inboxes of its own capture server/);
  });
}

test('invalid urls, sent to be refused by the target, pass; so do bodies of other operations', () => {
  for (const url of ['not a url', 'ftp://files.example.com/x', 'javascript:alert(1)', '', 42, null])
    expect(check(url)).not.toThrow();
  expect(check('https://hooks.example.com/x', 'createServiceProduct')).not.toThrow();
  expect(() => assertOwnWebhookDestination('registerWebhook', '{"url": "https://hooks.exa', config)).not.toThrow();
});

test('a parked address (a host under .invalid, which never resolves) may be registered', () => {
  expect(check(parkedWebhookUrl('conf-20261123-0000-abcd', 'abcdefgh001'))).not.toThrow();
  expect(check('https://webhooks.conformance.invalid/x', 'updateWebhook')).not.toThrow();
  expect(check('https://hooks.invalid.example.com/x')).toThrow(ForeignWebhookDestinationError);
});

test('with PARKED_WEBHOOK_URL, addresses under it may be registered, and nothing beside it', () => {
  const parked = parseConfig({ ...ENV, PARKED_WEBHOOK_URL: 'https://sink.vendor.example/hooks/' });
  const under = (url: string) => () =>
    assertOwnWebhookDestination('registerWebhook', { name: 'w', url, events: ['product.created'] }, parked);
  expect(under(parkedWebhookUrl('conf-20261123-0000-abcd', 'abcdefgh001', parked.parkedWebhookUrl))).not.toThrow();
  expect(under('https://sink.vendor.example/hooks')).not.toThrow();
  expect(under('https://sink.vendor.example/hooksmith/x')).toThrow(ForeignWebhookDestinationError);
  expect(under('https://sink.vendor.example/other')).toThrow(ForeignWebhookDestinationError);
});
