/**
 * The divergent reference makes, wherever the spec is silent, other choices than the standard one; each
 * is proven here against both, in process (app.inject, no child runs). A conformance suite that passes
 * against both relies on none of them. Also: the standard's status_id 2 unpublishes, the anti-SSRF rule
 * of divergent-ssrf, and how the config picks the embedded variant's profile and signature.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, SELFTEST_TOKEN, test as base, type TestServers } from './fixtures.ts';
import type { HTTPMethods } from 'fastify';
import type { ReferenceOptions, ReferenceServer } from '../reference/app.ts';
import { EmbeddedTargets, type ReferenceVariant } from '../reference/variants/index.ts';
import { ConfigError, parseConfig, PROJECT_ROOT } from '../support/run/config.ts';
import { Operations } from '../support/contract/operations.ts';
import { verifyHmacSha256 } from '../support/capture/signature/verify.ts';

const TOKEN = SELFTEST_TOKEN;
const ARABIC = /[\u0600-\u06FF]/;
const { registerWebhook, updateWebhook, webhookEvents, createBookingProduct, createServiceProduct } = Operations;
const LIST = '/products';
const patchPath = (id: number | string) => Operations.updateServiceProduct.path.replace('{identifier}', String(id));
const putPath = (id: number | string) => updateWebhook.path.replace('{identifier}', String(id));

interface Call {
  readonly token?: string | null;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** The value at a dotted path of an answer (`data.webhook.id`, `data.products.0.type`), or undefined. */
function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (v, key) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined),
      value,
    );
}
const listAt = (value: unknown, path: string): unknown[] => {
  const list = at(value, path);
  return Array.isArray(list) ? (list as unknown[]) : [];
};
function numberAt(value: unknown, path: string): number {
  const n = at(value, path);
  if (typeof n !== 'number') throw new Error(`${path} is not a number in ${JSON.stringify(value)}`);
  return n;
}
function stringAt(value: unknown, path: string): string {
  const text = at(value, path);
  if (typeof text !== 'string') throw new Error(`${path} is not a string in ${JSON.stringify(value)}`);
  return text;
}
/** The `id`s of the items of the list at `path`. */
const idsAt = (value: unknown, path: string): number[] => listAt(value, path).map((item) => numberAt(item, 'id'));

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A reference of one variant, called in process; the token is sent unless `token: null`. */
class Reference {
  constructor(readonly server: ReferenceServer) {}

  async call(method: HTTPMethods, url: string, { token = TOKEN, body, headers = {} }: Call = {}) {
    const response = await this.server.app.inject({
      method,
      url,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.statusCode, headers: response.headers, body: parse(response.body) };
  }

  /** Creates `count` service products; answers their ids, in creation order. */
  async createServices(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const created = await this.call('POST', createServiceProduct.path, { body: service(`bulk ${i}`) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(numberAt(created.body, 'data.id'));
    }
    return ids;
  }

  get seed() {
    return this.server.choices.seed.ids;
  }
}

const service = (name: string, extra: Record<string, unknown> = {}) => ({
  name_ar: `منتج ${name}`,
  name_en: `Product ${name}`,
  price: 42.5,
  ...extra,
});
const webhook = (url: string, extra: Record<string, unknown> = {}) => ({
  name: 'variants',
  url,
  method_type: 'POST',
  events: ['product.created'],
  status: 1,
  ...extra,
});

type Open = (variant: ReferenceVariant, options?: Partial<ReferenceOptions>) => Promise<Reference>;

/** `open(variant)` builds a reference (ready for `inject`); every one opened is closed when the test ends. */
const test = base.extend<{ open: Open }>({
  open: async ({ servers }, use) => {
    await use(async (variant, options = {}) => {
      const server = servers.built({ variant, ...options });
      await server.app.ready();
      return new Reference(server);
    });
  },
});

test('divergent ids start at 7340001 and step by 7 (products, webhooks, registered events, tags); standard at 1', async ({
  open,
}) => {
  const divergent = await open('divergent');
  const seeded = [...divergent.server.store.products.keys()];
  expect(seeded).toEqual(seeded.map((_, i) => 7_340_001 + 7 * i));
  const first = await divergent.call('POST', registerWebhook.path, {
    body: webhook('https://hooks.example.com/a', { events: ['order.created', 'order.updated'] }),
  });
  const second = await divergent.call('POST', registerWebhook.path, { body: webhook('https://hooks.example.com/b') });
  expect(at(first.body, 'data.webhook.id')).toBe(7_340_001);
  expect(idsAt(first.body, 'data.webhook.events')).toEqual([7_340_001, 7_340_008]);
  expect(at(second.body, 'data.webhook.id')).toBe(7_340_008);
  const product = await divergent.call('POST', createServiceProduct.path, { body: service('ids', { tags: ['a'] }) });
  expect(at(product.body, 'data.id')).toBe(7_340_001 + 7 * seeded.length);
  expect(at(product.body, 'data.tags.0.id')).toBe(7_340_001);

  const standard = await open('standard');
  const registered = await standard.call('POST', registerWebhook.path, {
    body: webhook('https://hooks.example.com/a'),
  });
  expect(at(registered.body, 'data.webhook.id')).toBe(1);
});

test("the divergent profile's unknown ids name nothing there; an unknown id is 422 (standard: 404)", async ({
  open,
}) => {
  const divergent = await open('divergent');
  const { unknownWebhookId, unknownProductId } = parseConfig({ REFERENCE_VARIANT: 'divergent' }).profile;
  await divergent.createServices(3);
  await divergent.call('POST', registerWebhook.path, { body: webhook('https://hooks.example.com/a') });
  expect(divergent.server.store.webhooks.has(unknownWebhookId)).toBe(false);
  expect(divergent.server.store.products.has(unknownProductId)).toBe(false);
  const put = await divergent.call('PUT', putPath(unknownWebhookId), { body: webhook('https://hooks.example.com/a') });
  const patch = await divergent.call('PATCH', patchPath(unknownProductId), { body: service('x') });
  expect([put.status, patch.status]).toEqual([422, 422]);
  expect(at(put.body, 'error.code')).toBe('unknown_identifier');

  const standard = await open('standard');
  const unknown = 2_147_483_647;
  const standardPut = await standard.call('PUT', putPath(unknown), { body: webhook('https://hooks.example.com/a') });
  const standardPatch = await standard.call('PATCH', patchPath(unknown), { body: service('x') });
  expect([standardPut.status, standardPatch.status]).toEqual([404, 404]);
});

test('divergent pages hold 8 by default and refuse more than 20 (standard: 15, and at most 100, silently capped)', async ({
  open,
}) => {
  const divergent = await open('divergent');
  await divergent.createServices(25);
  const byDefault = await divergent.call('GET', LIST);
  expect(at(byDefault.body, 'data.pagination.per_page')).toBe(8);
  expect(listAt(byDefault.body, 'data.products')).toHaveLength(8);
  expect(listAt((await divergent.call('GET', `${LIST}?per_page=20`)).body, 'data.products')).toHaveLength(20);
  expect((await divergent.call('GET', `${LIST}?per_page=21`)).status).toBe(422);

  const standard = await open('standard');
  await standard.createServices(16);
  expect(at((await standard.call('GET', LIST)).body, 'data.pagination.per_page')).toBe(15);
  const capped = await standard.call('GET', `${LIST}?per_page=101`);
  expect(capped.status).toBe(200);
  const total = numberAt(capped.body, 'data.pagination.total');
  expect(at(capped.body, 'data.pagination')).toMatchObject({ per_page: 100, last_page: Math.ceil(total / 100) });
});

test('a page past the last is refused with 404 by the divergent reference (standard: an empty page)', async ({
  open,
}) => {
  const divergent = await open('divergent');
  const last = numberAt((await divergent.call('GET', LIST)).body, 'data.pagination.last_page');
  const past = await divergent.call('GET', `${LIST}?page=${last + 1}`);
  expect(past.status).toBe(404);
  expect(at(past.body, 'error.code')).toBe('page_out_of_range');

  const standard = await open('standard');
  const empty = await standard.call('GET', `${LIST}?page=99`);
  expect(empty.status).toBe(200);
  expect(at(empty.body, 'data.products')).toEqual([]);
});

test('the divergent list is oldest first (standard: newest first)', async ({ open }) => {
  for (const [variant, direction] of [
    ['divergent', 1],
    ['standard', -1],
  ] as const) {
    const reference = await open(variant);
    await reference.createServices(3);
    const ids = idsAt((await reference.call('GET', `${LIST}?per_page=20`)).body, 'data.products');
    expect(ids.length, variant).toBeGreaterThan(5);
    expect(ids, variant).toEqual([...ids].sort((a, b) => direction * (a - b)));
  }
});

test('a missing or wrong token is 403 from the divergent reference (standard: 401 with a Bearer challenge)', async ({
  open,
}) => {
  const divergent = await open('divergent');
  for (const token of [null, 'wrong-token']) {
    const refused = await divergent.call('GET', webhookEvents.path, { token });
    expect(refused.status).toBe(403);
    expect(refused.headers['www-authenticate']).toBeUndefined();
    expect(at(refused.body, 'error.code')).toBe('forbidden');
  }
  const standard = await open('standard');
  const refused = await standard.call('GET', webhookEvents.path, { token: null });
  expect(refused.status).toBe(401);
  expect(refused.headers['www-authenticate']).toBe('Bearer');
});

test('divergent messages are Arabic, in envelopes and in {error: {code, message, fields}} bodies', async ({ open }) => {
  const divergent = await open('divergent');
  const ok = await divergent.call('GET', webhookEvents.path);
  expect(at(ok.body, 'status')).toBe('success');
  expect(stringAt(ok.body, 'message')).toMatch(ARABIC);
  const invalid = await divergent.call('POST', createServiceProduct.path, { body: { name_en: 'x', price: 'free' } });
  expect(invalid.status).toBe(422);
  expect(at(invalid.body, 'error')).toMatchObject({
    code: 'validation_failed',
    message: expect.stringMatching(ARABIC),
  });
  const fields = at(invalid.body, 'error.fields');
  expect(Object.keys(fields ?? {})).toEqual(expect.arrayContaining(['name_ar', 'price']));
  for (const messages of Object.values(fields ?? {})) expect(messages).toEqual([expect.stringMatching(ARABIC)]);
  const malformed = await divergent.call('POST', createServiceProduct.path, { body: '{"name_en":' });
  expect(malformed.status).toBe(400);
  expect(at(malformed.body, 'error')).toMatchObject({ code: 'malformed_json', message: expect.stringMatching(ARABIC) });

  const standard = await open('standard');
  expect(stringAt((await standard.call('GET', webhookEvents.path)).body, 'message')).not.toMatch(ARABIC);
});

test('a divergent body over the size limit is 413 with its own error body', async ({ open }) => {
  const divergent = await open('divergent', { bodyLimit: 1024 });
  const large = await divergent.call('POST', createServiceProduct.path, { body: service('x'.repeat(4096)) });
  expect(large.status).toBe(413);
  expect(at(large.body, 'error.code')).toBe('payload_too_large');
});

test('every divergent object carries extra fields, none of them secret', async ({ open }) => {
  const divergent = await open('divergent');
  const secret = 'a-custom-secret-of-forty-characters-long!';
  const registered = await divergent.call('POST', registerWebhook.path, {
    body: webhook('https://hooks.example.com/a', { secret }),
  });
  expect(at(registered.body, 'meta.request_id')).toEqual(expect.any(String));
  expect(at(registered.body, 'data.webhook.deliveries_count')).toBe(0);
  expect(at(registered.body, 'data.webhook.events.0.created_at')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  expect(JSON.stringify(at(registered.body, 'data.webhook'))).not.toContain(secret);

  const [brand] = divergent.seed.brandIds;
  const [category] = divergent.seed.categoryIds;
  const created = await divergent.call('POST', createServiceProduct.path, {
    body: service('extras', { slug: 'my-slug', brand_id: brand, category: [category], tags: ['Red Shoes'] }),
  });
  expect(created.status).toBe(201);
  expect(at(created.body, 'data')).toMatchObject({ slug: 'my-slug', currency: 'SAR' });
  expect(at(created.body, 'data.brand.slug')).toEqual(expect.any(String));
  expect(at(created.body, 'data.categories.0.slug')).toEqual(expect.any(String));
  expect(at(created.body, 'data.tags.0')).toMatchObject({ tag_name: 'Red Shoes', slug: 'red-shoes' });

  const events = await divergent.call('GET', webhookEvents.path);
  expect(at(events.body, 'data.0')).toEqual({ value: 'order.created', label: 'Order Created', group: 'order' });

  const list = await divergent.call('GET', `${LIST}?per_page=2&page=2`);
  expect(at(list.body, 'data.pagination')).toMatchObject({
    from: 3,
    to: 4,
    path: expect.stringMatching(/\/api\/core\/v1\/products$/),
  });
});

test('the divergent List Products needs the token (standard: it does not)', async ({ open }) => {
  const divergent = await open('divergent');
  expect((await divergent.call('GET', LIST, { token: null })).status).toBe(403);
  expect((await divergent.call('GET', '/api/core/v1/products', { token: null })).status).toBe(403);
  expect((await divergent.call('GET', LIST)).status).toBe(200);
  const standard = await open('standard');
  expect((await standard.call('GET', LIST, { token: null })).status).toBe(200);
});

test('fields not listed for an operation are ignored by the divergent reference, refused by the standard', async ({
  open,
}) => {
  const unlisted = [
    { url: createServiceProduct.path, body: service('unlisted', { colour: 'red' }) },
    // min_purchase and max_purchase are listed for Create Booking Product only.
    { url: createServiceProduct.path, body: service('unlisted', { min_purchase: 2, max_purchase: 5 }) },
    { url: registerWebhook.path, body: webhook('https://hooks.example.com/a', { retries: 3 }) },
  ];
  const divergent = await open('divergent');
  const standard = await open('standard');
  for (const { url, body } of unlisted) {
    const ignored = await divergent.call('POST', url, { body });
    expect(ignored.status, JSON.stringify(body)).toBe(201);
    expect(JSON.stringify(at(ignored.body, 'data'))).not.toMatch(/colour|retries/);
    expect((await standard.call('POST', url, { body })).status, JSON.stringify(body)).toBe(422);
  }
  const booking = await standard.call('POST', createBookingProduct.path, {
    body: service('booking', { min_purchase: 2, max_purchase: 5 }),
  });
  expect(booking.status).toBe(201);
  expect(at(booking.body, 'data')).toMatchObject({ min_purchase: 2, max_purchase: 5 });
  const [id = 0] = await standard.createServices(1);
  expect((await standard.call('PATCH', patchPath(id), { body: { min_purchase: 2 } })).status).toBe(422);
});

test('a divergent sub-category must sit under a category sent, a child category under a sub-category sent (standard: not checked)', async ({
  open,
}) => {
  const tree = (category: number[], sub_category: number[], child_category: number[] = []) =>
    service('tree', { category, sub_category, child_category });
  /** The first two sub-categories of the reference's profile, and a Create Service Product call. */
  const treeOf = (reference: Reference) => {
    const [sub, other] = reference.seed.subCategories;
    if (sub === undefined || other === undefined) throw new Error('the profile lists two sub-categories');
    const create = (body: object) => reference.call('POST', createServiceProduct.path, { body });
    return { sub, other, create };
  };
  const divergent = treeOf(await open('divergent'));
  const { sub, other } = divergent;
  const consistent = await divergent.create(tree([sub.categoryId], [sub.id], sub.childCategoryIds));
  expect(consistent.status, JSON.stringify(consistent.body)).toBe(201);
  const misplaced = [
    { body: tree([other.categoryId], [sub.id]), field: 'sub_category' },
    { body: tree([sub.categoryId, other.categoryId], [sub.id], other.childCategoryIds), field: 'child_category' },
  ];
  for (const { body, field } of misplaced) {
    const refused = await divergent.create(body);
    expect(refused.status, JSON.stringify(body)).toBe(422);
    expect(Object.keys(at(refused.body, 'error.fields') ?? {})).toEqual([field]);
  }
  const standard = treeOf(await open('standard'));
  const taken = await standard.create(
    tree([standard.other.categoryId], [standard.sub.id], standard.other.childCategoryIds),
  );
  expect(taken.status, JSON.stringify(taken.body)).toBe(201);
});

test('the divergent PATCH requires name_ar, name_en and price (standard: nothing)', async ({ open }) => {
  const divergent = await open('divergent');
  const [id = 0] = await divergent.createServices(1);
  const partial = await divergent.call('PATCH', patchPath(id), { body: { name_en: 'Renamed' } });
  expect(partial.status).toBe(422);
  expect(Object.keys(at(partial.body, 'error.fields') ?? {}).sort()).toEqual(['name_ar', 'price']);
  expect((await divergent.call('PATCH', patchPath(id), { body: service('whole') })).status).toBe(200);

  const standard = await open('standard');
  const [standardId = 0] = await standard.createServices(1);
  expect((await standard.call('PATCH', patchPath(standardId), { body: { name_en: 'Renamed' } })).status).toBe(200);
});

test('method_type: only POST for the divergent reference (standard: POST, PUT, PATCH); status 0 or 1 for both, 1 only for the strict', async ({
  open,
}) => {
  const register = async (reference: Reference, extra: Record<string, unknown>) =>
    (await reference.call('POST', registerWebhook.path, { body: webhook('https://hooks.example.com/a', extra) }))
      .status;
  const divergent = await open('divergent');
  const standard = await open('standard');
  expect(await register(divergent, { method_type: 'PUT' })).toBe(422);
  expect(await register(standard, { method_type: 'PUT' })).toBe(201);
  for (const reference of [divergent, standard]) {
    expect(await register(reference, { status: 0 })).toBe(201);
    expect(await register(reference, { status: 2 })).toBe(422);
  }
  // The strict takes one webhook per url and event: each at a url of its own.
  const strict = await open('strict');
  const registerAt = async (url: string, status: number) =>
    (await strict.call('POST', registerWebhook.path, { body: webhook(url, { status }) })).status;
  expect(await registerAt('https://hooks.example.com/on', 1)).toBe(201);
  expect(await registerAt('https://hooks.example.com/off', 0)).toBe(422);
});

test('divergent list labels are English unless Accept-Language is Arabic (standard: always Arabic)', async ({
  open,
}) => {
  const labels = async (reference: Reference, language: string) => {
    const list = await reference.call('GET', `${LIST}?per_page=20`, { headers: { 'accept-language': language } });
    return new Set(listAt(list.body, 'data.products').map((p) => at(p, 'type')));
  };
  const arabic = new Set(['مادي', 'رقمي', 'حجز', 'خدمة']);
  const divergent = await open('divergent');
  expect(await labels(divergent, 'en')).toEqual(new Set(['Physical', 'Digital', 'Booking', 'Service']));
  expect(await labels(divergent, 'ar-SA,ar;q=0.9')).toEqual(arabic);
  const standard = await open('standard');
  expect(await labels(standard, 'en')).toEqual(arabic);
});

/** A local HTTP server recording every request (headers and raw body), answering each with `status`. */
async function inbox(servers: TestServers, status: number) {
  const received: { method: string; headers: Record<string, string>; body: Buffer }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      received.push({ method: request.method ?? '', headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  servers.onClose(() => new Promise<void>((done) => server.close(() => done())));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Resolves once `count` requests have arrived; rejects, saying how many did, after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 5_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${count} deliveries never arrived (${received.length} did)`);
        await new Promise((wait) => setTimeout(wait, 20));
      }
    },
  };
}

test('divergent deliveries carry sha256=<base64 HMAC-SHA256> in x-store-signature, keyed by a 64-hex generated secret', async ({
  open,
  servers,
}) => {
  const destination = await inbox(servers, 200);
  const divergent = await open('divergent');
  const registered = await divergent.call('POST', registerWebhook.path, { body: webhook(destination.url) });
  const secret = stringAt(registered.body, 'data.plain_secret');
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  const arrived = destination.waitFor(1);
  await divergent.createServices(1);
  await arrived;
  const [delivery = { method: '', headers: {}, body: Buffer.alloc(0) }] = destination.received;
  expect(delivery.headers['x-store-signature']).toMatch(/^sha256=[A-Za-z0-9+/]+=*$/);
  expect(delivery.headers['webhook-signature']).toBeUndefined();
  expect(verifyHmacSha256(secret, delivery, 'x-store-signature', 'base64')).toMatchObject({ verified: true });
});

test('a refused divergent delivery is not retried (standard: retried with backoff)', async ({ open, servers }) => {
  for (const [variant, attempts] of [
    ['standard', 4],
    ['divergent', 1],
  ] as const) {
    const destination = await inbox(servers, 503);
    const reference = await open(variant, { deliveries: { firstRetryDelayMs: 20 } });
    await reference.call('POST', registerWebhook.path, { body: webhook(destination.url) });
    const arrived = destination.waitFor(attempts);
    await reference.createServices(1);
    await arrived;
    // Past the standard's whole backoff (20 + 80 + 320 ms): no attempt beyond the variant's.
    await new Promise((wait) => setTimeout(wait, 800));
    expect(destination.received, variant).toHaveLength(attempts);
  }
});

test('divergent-ssrf refuses webhook URLs that are not https to a public host, on register and update', async ({
  open,
}) => {
  const internal = [
    'http://hooks.example.com/a',
    'https://localhost/a',
    'https://api.localhost/a',
    'https://127.0.0.1/a',
    'https://2130706433/a',
    'https://10.1.2.3/a',
    'https://172.20.0.1/a',
    'https://192.168.1.10/a',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/a',
    'https://0.0.0.0/a',
    'https://[::1]/a',
    'https://[::ffff:127.0.0.1]/a',
    'https://[fd00::1]/a',
    'https://[fe80::1]/a',
  ];
  const ssrf = await open('divergent-ssrf');
  const kept = await ssrf.call('POST', registerWebhook.path, { body: webhook('https://hooks.example.com/a') });
  expect(kept.status).toBe(201);
  const id = numberAt(kept.body, 'data.webhook.id');
  for (const url of internal) {
    expect((await ssrf.call('POST', registerWebhook.path, { body: webhook(url) })).status, url).toBe(422);
    expect((await ssrf.call('PUT', putPath(id), { body: webhook(url) })).status, url).toBe(422);
  }
  for (const url of ['https://93.184.215.14/a', 'https://[2606:4700::1111]/a'])
    expect((await ssrf.call('POST', registerWebhook.path, { body: webhook(url) })).status, url).toBe(201);
  const divergent = await open('divergent');
  const local = await divergent.call('POST', registerWebhook.path, { body: webhook('http://127.0.0.1:9/a') });
  expect(local.status).toBe(201);
});

test('standard: status_id 2 makes a product unpublished, 1 or none published; is_published=1 drops it', async ({
  open,
}) => {
  const standard = await open('standard');
  const create = async (extra: Record<string, unknown>) => {
    const created = await standard.call('POST', createServiceProduct.path, { body: service('status', extra) });
    return { id: numberAt(created.body, 'data.id'), published: at(created.body, 'data.is_published') };
  };
  const [hidden, shown, plain] = [await create({ status_id: 2 }), await create({ status_id: 1 }), await create({})];
  expect([hidden.published, shown.published, plain.published]).toEqual([false, true, true]);
  const unknown = await standard.call('POST', createServiceProduct.path, { body: service('x', { status_id: 3 }) });
  expect(unknown.status).toBe(422);
  const published = idsAt((await standard.call('GET', `${LIST}?is_published=1&per_page=100`)).body, 'data.products');
  expect(published).toEqual(expect.arrayContaining([shown.id, plain.id]));
  expect(published).not.toContain(hidden.id);
  const republished = await standard.call('PATCH', patchPath(hidden.id), { body: { status_id: 1 } });
  expect(at(republished.body, 'data.is_published')).toBe(true);
});

test('an embedded run picks the variant profile and verifies the way it signs; WEBHOOK_SIGNATURE_* still wins', () => {
  const standard = parseConfig({});
  expect(standard.referenceVariant).toBe('standard');
  expect(standard.profilePath).toBe(path.join(PROJECT_ROOT, EmbeddedTargets.standard.profile));
  expect(standard.signature).toEqual({ scheme: 'standard-webhooks', header: 'x-signature', encoding: 'hex' });

  const divergent = parseConfig({ REFERENCE_VARIANT: 'divergent' });
  expect(divergent.profilePath).toBe(path.join(PROJECT_ROOT, 'profiles/divergent.json'));
  expect(divergent.profile.statusIds).toEqual([4, 5, 6]);
  expect(divergent.signature).toEqual({ scheme: 'hmac-sha256', header: 'x-store-signature', encoding: 'base64' });
  expect(parseConfig({ REFERENCE_VARIANT: 'divergent-ssrf' }).signature).toEqual(divergent.signature);

  const hex = parseConfig({ REFERENCE_VARIANT: 'divergent', WEBHOOK_SIGNATURE_ENCODING: 'hex' });
  expect(hex.signature).toEqual({ scheme: 'hmac-sha256', header: 'x-store-signature', encoding: 'hex' });
  const standardWebhooks = parseConfig({
    REFERENCE_VARIANT: 'divergent',
    WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks',
  });
  expect(standardWebhooks.signature).toEqual({ scheme: 'standard-webhooks', header: 'x-signature', encoding: 'hex' });
  const ownProfile = parseConfig({ REFERENCE_VARIANT: 'divergent', TARGET_PROFILE: EmbeddedTargets.standard.profile });
  expect(ownProfile.profile.statusIds).toEqual([1, 2]);
  expect(() => parseConfig({ REFERENCE_VARIANT: 'lenient' })).toThrow(ConfigError);
});

test('strict takes only the tags it has, a slug or sku once, a url once per event, a secret only at registration, dates beside a date range, pages of at least 5 (standard: none of these)', async ({
  open,
}) => {
  const strict = await open('strict');
  const [known = ''] = strict.seed.tagNames ?? [];
  const create = (reference: Reference, extra: Record<string, unknown>) =>
    reference.call('POST', createServiceProduct.path, { body: service('strict', extra) });
  expect((await create(strict, { tags: ['not-a-tag'] })).status, 'an unknown tag name').toBe(422);
  const tagged = await create(strict, { tags: [known], sku: 'STRICT-1', slug: 'strict-1' });
  expect(tagged.status, JSON.stringify(tagged.body)).toBe(201);
  expect(at(tagged.body, 'data.tags.0.tag_name')).toBe(known);
  expect((await create(strict, { sku: 'STRICT-1' })).status, 'a sku taken').toBe(422);
  expect((await create(strict, { slug: 'strict-1' })).status, 'a slug taken').toBe(422);
  const id = numberAt(tagged.body, 'data.id');
  const own = await strict.call('PATCH', patchPath(id), {
    body: service('again', { sku: 'STRICT-1', slug: 'strict-1' }),
  });
  expect(own.status, 'an update keeps its own sku and slug').toBe(200);

  const booking = (extra: Record<string, unknown>) =>
    strict.call('POST', createBookingProduct.path, {
      body: service('range', { is_enable_date_range: true, ...extra }),
    });
  expect((await booking({})).status, 'a date range without its dates').toBe(422);
  expect((await booking({ date_range_start: '2026-01-01', date_range_end: '2026-02-01' })).status).toBe(201);

  const registered = await strict.call('POST', registerWebhook.path, { body: webhook('https://hooks.example.com/s') });
  expect(registered.status).toBe(201);
  const again = await strict.call('POST', registerWebhook.path, { body: webhook('https://hooks.example.com/s') });
  expect(again.status, 'the same url for the same event').toBe(422);
  const otherEvent = webhook('https://hooks.example.com/s', { events: ['product.updated'] });
  expect((await strict.call('POST', registerWebhook.path, { body: otherEvent })).status, 'another event').toBe(201);
  const webhookId = numberAt(registered.body, 'data.webhook.id');
  const withSecret = webhook('https://hooks.example.com/s', { secret: 'x'.repeat(32) });
  expect((await strict.call('PUT', putPath(webhookId), { body: withSecret })).status, 'a secret on update').toBe(422);
  expect((await strict.call('PUT', putPath(webhookId), { body: webhook('https://hooks.example.com/s') })).status).toBe(
    200,
  );

  const page = await strict.call('GET', `${LIST}?per_page=2`);
  expect(at(page.body, 'data.pagination.per_page'), 'a page size below 5 answered at 5').toBe(5);

  const standard = await open('standard');
  expect((await create(standard, { tags: ['not-a-tag'] })).status).toBe(201);
  expect((await create(standard, { sku: 'SEED-SERVICE' })).status).toBe(201);
  const first = await standard.call('POST', registerWebhook.path, { body: webhook('https://hooks.example.com/s') });
  expect(
    (await standard.call('POST', registerWebhook.path, { body: webhook('https://hooks.example.com/s') })).status,
  ).toBe(201);
  const standardId = numberAt(first.body, 'data.webhook.id');
  expect((await standard.call('PUT', putPath(standardId), { body: withSecret })).status).toBe(200);
  expect((await standard.call('GET', `${LIST}?per_page=0`)).status, 'standard: below its least, refused').toBe(422);
});

test('strict takes secrets of letters and digits only (standard and divergent: any characters)', async ({ open }) => {
  const symbols = `whsec+/=-_.~!${'a'.repeat(32)}==`;
  for (const variant of ['strict', 'standard', 'divergent'] as const) {
    const reference = await open(variant);
    const answers = [];
    for (const secret of ['a'.repeat(32), symbols]) {
      const url = `https://hooks.example.com/${variant}/${secret.length}`;
      answers.push((await reference.call('POST', registerWebhook.path, { body: webhook(url, { secret }) })).status);
    }
    expect(answers, `${variant}: 32 letters, then symbols`).toEqual(variant === 'strict' ? [201, 422] : [201, 201]);
  }
});

test('every variant refuses badge and provider ids it does not have', async ({ open }) => {
  for (const variant of ['standard', 'divergent', 'strict'] as const) {
    const reference = await open(variant);
    const [badge = 0] = reference.seed.badgeIds;
    const [provider = 0] = reference.seed.providerIds;
    const booking = (extra: Record<string, unknown>) =>
      reference.call('POST', createBookingProduct.path, { body: service(`refs ${variant}`, extra) });
    expect((await booking({ badge_id: badge, providers: [provider] })).status, `${variant}: ids it has`).toBe(201);
    expect((await booking({ badge_id: 999_991 })).status, `${variant}: a badge it has not`).toBe(422);
    expect((await booking({ providers: [provider, 999_992] })).status, `${variant}: a provider it has not`).toBe(422);
  }
});

test('strict sends a url a GET before it answers the registration (standard: nothing until an event)', async ({
  open,
  servers,
}) => {
  for (const [variant, checks] of [
    ['strict', ['GET']],
    ['standard', []],
  ] as const) {
    const destination = await inbox(servers, 200);
    const reference = await open(variant);
    const registered = await reference.call('POST', registerWebhook.path, { body: webhook(destination.url) });
    expect(registered.status, variant).toBe(201);
    expect(
      destination.received.map((r) => r.method),
      `${variant}: requests at the url when the registration was answered`,
    ).toEqual(checks);
  }
});
