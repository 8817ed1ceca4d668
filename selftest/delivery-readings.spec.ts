/**
 * The readings the delivery tests judge payloads with (fixtures/deliveries.ts), on deliveries made
 * here: which event a delivery names, and whether a product.updated payload describes the update. No run:
 * the fault matrix proves the tests fail on the reference's faults; this checks the cases no fault shows.
 */
import { expect, test } from './fixtures.ts';
import { Delivery } from '../support/capture/delivery.ts';
import { namesOnlyAnotherEvent, namingEvent, updateDescribed } from '../fixtures/deliveries.ts';

let seq = 0;
function delivery(body: unknown, headers: Record<string, string> = {}): Delivery {
  return new Delivery({
    seq: seq++,
    method: 'POST',
    url: '/in/x',
    headers,
    bodyBase64: Buffer.from(JSON.stringify(body)).toString('base64'),
    receivedAt: 0,
    answeredWith: 200,
  });
}

const before = { id: 7, name: 'conf-run service abc', sku: 'SKU-A' };
const after = { id: 7, name: 'conf-run renamed service xyz', sku: 'SKU-B' };

test('a delivery names an event in a header or a body string; naming only another event is told apart', () => {
  const updated = delivery({ event: 'product.updated', data: { id: 7 } });
  const inHeader = delivery({ data: { id: 7 } }, { 'x-store-event': 'product.updated' });
  const unnamed = delivery({ data: { id: 7 } });
  const otherProduct = delivery({ event: 'product.updated', data: { id: 8 } });
  const matcher = namingEvent(after, 'product.updated');
  expect([updated, inHeader, unnamed, otherProduct].map((d) => matcher.test(d))).toEqual([true, true, false, false]);
  expect(namesOnlyAnotherEvent(updated, 'product.created')).toBe(true);
  expect(namesOnlyAnotherEvent(updated, 'product.updated')).toBe(false);
  // Naming nothing is no proof of another event: it counts as the same one.
  expect(namesOnlyAnotherEvent(unnamed, 'product.created')).toBe(false);
});

test('product.updated describes the update: the new name anywhere; the old name only where the product sits; else not judged', () => {
  const described = (body: unknown) => updateDescribed(delivery(body), before, after).holds;
  expect(described({ data: { id: 7, name: { ar: 'x', en: after.name } } })).toBe('new');
  expect(described({ data: { product: { id: 7, name: after.name } } })).toBe('new');
  // Both, as a change record: the new values are there.
  expect(described({ data: { id: 7, changes: { name: { from: before.name, to: after.name } } } })).toBe('new');
  expect(described({ data: { id: 7, name: { ar: 'x', en: before.name } } })).toBe('old');
  expect(updateDescribed(delivery({ data: { id: 7, name: { en: before.name } } }), before, after).where).toEqual([
    'body.data.name.en',
  ]);
  // A thin payload (the id alone), or the old name outside the product's object: nothing to judge.
  expect(described({ event: 'product.updated', data: { id: 7 } })).toBe('neither');
  expect(described({ data: { id: 7 }, note: before.name })).toBe('neither');
});
