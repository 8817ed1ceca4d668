/**
 * Looking through JSON: where a delivery names its product (support/capture/json-search.ts), and where an
 * answer holds a secret (fixtures/webhooks.ts). Both decide test outcomes, so what they accept is pinned here.
 */
import { expect, test } from './fixtures.ts';
import { pathsNamingId } from '../support/capture/json-search.ts';
import { bodyHoldsSecret, pathsHoldingSecret } from '../fixtures/webhooks.ts';

test('a product is named by an id-like key of its own, not by the id of its brand, categories or tags', () => {
  const delivery = {
    event: 'product.updated',
    data: {
      id: 12,
      brand: { id: 7 },
      categories: [{ id: 7 }],
      tags: [{ id: 7, tag_name: 'x' }],
      options: [{ id: 7 }],
      product_options: [{ id: 7 }],
      product_gallery: [{ id: 7 }],
    },
  };
  expect(pathsNamingId(delivery, 12)).toEqual(['body.data.id']);
  expect(pathsNamingId(delivery, 7), 'ids of what the product carries').toEqual([]);
  expect(pathsNamingId({ product_id: '7' }, 7), 'a numeric string under product_id').toEqual(['body.product_id']);
  expect(pathsNamingId({ events: [{ data: { identifier: 7 } }] }, 7), 'a product in a list of events').toEqual([
    'body.events[0].data.identifier',
  ]);
});

test('a long secret is found inside any value or key; a short one only as a whole value or key', () => {
  const long = 'whsecConformanceAbCdEf0123456789';
  expect(pathsHoldingSecret({ a: { b: `Bearer ${long}` } }, long, 'data')).toEqual(['data.a.b']);
  expect(bodyHoldsSecret(`{"x":"…${long}…"}`, long)).toBe(true);
  expect(bodyHoldsSecret('not json, but it holds ' + long, long)).toBe(true);

  const short = '482913';
  const answer = { data: { created_at: '2026-11-23 05:48:29', url: 'https://e.test/482913/x', id: 482913 } };
  expect(pathsHoldingSecret(answer, short, 'body'), 'a short secret inside other values').toEqual([]);
  expect(bodyHoldsSecret(JSON.stringify(answer), short)).toBe(false);
  expect(bodyHoldsSecret(JSON.stringify({ data: { signing_key: short } }), short)).toBe(true);
  expect(bodyHoldsSecret(JSON.stringify({ data: { [short]: true } }), short), 'as a key').toBe(true);
});
