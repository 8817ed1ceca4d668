/**
 * The reference's choices as a catalogue: each choice quotes the spec's own words (checked here against
 * spec/store-api.md), docs/variants.md's table is the catalogue's, the variants are named sets of it, and
 * REFERENCE_CHOICES picks, draws and refuses sets as documented. The behaviour of each choice added
 * beside the variants' is proven in process (app.inject, no child runs), each against the base
 * without it, so that a suite passing against a draw holds a target to none of them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HTTPMethods } from 'fastify';
import { expect, SELFTEST_TOKEN, test as base } from './fixtures.ts';
import type { ReferenceServer } from '../reference/app.ts';
import { Catalogue } from '../reference/variants/catalogue/index.ts';
import {
  EmbeddedTargets,
  ReferenceChoiceNames,
  ReferenceVariants,
  referenceChoicesOf,
  type ReferenceChoiceName,
  type ReferenceVariant,
} from '../support/contract/embedded-targets.ts';
import { Operations } from '../support/contract/operations.ts';
import { ConfigError, parseConfig, PROJECT_ROOT } from '../support/run/config.ts';
import { catalogueTable, TABLE_BEGIN, TABLE_END } from './support/choices-table.ts';

const { registerWebhook, createBookingProduct, createServiceProduct } = Operations;
const LIST = '/products';
const patchPath = (id: number) => Operations.updateServiceProduct.path.replace('{identifier}', String(id));
const putPath = (id: number) => Operations.updateWebhook.path.replace('{identifier}', String(id));

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** A reference making some choices, called in process. */
class Reference {
  constructor(readonly server: ReferenceServer) {}

  async call(method: HTTPMethods, url: string, body?: unknown): Promise<Answer> {
    const response = await this.server.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${SELFTEST_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
  }

  service = (extra: Record<string, unknown> = {}) => this.call('POST', createServiceProduct.path, service(extra));
  booking = (extra: Record<string, unknown> = {}) => this.call('POST', createBookingProduct.path, service(extra));
  patch = (id: number, body: Record<string, unknown>) => this.call('PATCH', patchPath(id), body);
  register = (extra: Record<string, unknown>) => this.call('POST', registerWebhook.path, webhook(extra));

  /** The names the list shows, newest first. */
  async listed(): Promise<string[]> {
    const list = await this.call('GET', `${LIST}?per_page=100`);
    const products = (list.body.data as { products: { name: { en: string } }[] }).products;
    return products.map((p) => p.name.en);
  }
}

const service = (extra: Record<string, unknown>) => ({ name_ar: 'منتج', name_en: 'Product', price: 50, ...extra });
const webhook = (extra: Record<string, unknown>) => ({
  name: 'choices',
  url: 'https://hooks.example.com/a',
  method_type: 'POST',
  events: ['product.created'],
  status: 1,
  ...extra,
});
const dataOf = (answer: Answer) => answer.body.data as Record<string, unknown>;
const idOf = (answer: Answer) => dataOf(answer).id as number;

type Open = (choices: readonly ReferenceChoiceName[], variant?: ReferenceVariant) => Promise<Reference>;

/** `open(choices)`: the standard base making these choices and no other; closed when the test ends. */
const test = base.extend<{ open: Open }>({
  open: async ({ servers }, use) => {
    await use(async (choiceNames, variant = 'standard') => {
      const server = servers.built({ variant, choiceNames });
      await server.app.ready();
      return new Reference(server);
    });
  },
});

test('every choice quotes the spec exactly, says what it does, and has its entry', () => {
  const spec = readFileSync(path.join(PROJECT_ROOT, 'spec/store-api.md'), 'utf8');
  for (const name of ReferenceChoiceNames) {
    const entry = Catalogue[name];
    expect(entry, name).toBeDefined();
    expect(name, 'a kebab-case name').toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const quote of entry.spec) expect(spec.includes(quote), `${name} quotes ${JSON.stringify(quote)}`).toBe(true);
    expect(entry.does.split('\n'), `${name}: one line`).toHaveLength(1);
  }
  expect(Object.keys(Catalogue).sort()).toEqual([...ReferenceChoiceNames].sort());
});

test("docs/variants.md's table of choices is the catalogue's", () => {
  const docs = readFileSync(path.join(PROJECT_ROOT, 'docs/variants.md'), 'utf8');
  const begin = docs.indexOf(TABLE_BEGIN);
  const end = docs.indexOf(TABLE_END);
  expect(begin, `docs/variants.md marks its table with ${TABLE_BEGIN}`).toBeGreaterThan(0);
  const table = docs.slice(begin + TABLE_BEGIN.length, end).trim();
  expect(table, 'the table as the catalogue writes it (paste it between the markers)').toBe(catalogueTable().trim());
});

test('each variant is its named set of choices, which REFERENCE_CHOICES unset keeps', () => {
  for (const variant of ReferenceVariants)
    expect(referenceChoicesOf(variant, ''), variant).toEqual(EmbeddedTargets[variant].choices);
  expect(EmbeddedTargets['divergent-ssrf'].choices).toEqual(
    referenceChoicesOf('divergent', 'public-https-destinations'),
  );
});

test('REFERENCE_CHOICES: names on, -names off, none, conflicts won by the name given, and reproducible draws', () => {
  expect(referenceChoicesOf('strict', 'none')).toEqual([]);
  expect(referenceChoicesOf('standard', 'none,oldest-first')).toEqual(['oldest-first']);
  expect(referenceChoicesOf('standard', '-windows-end-after-start')).toEqual(['min-purchase-at-most-max']);
  // The name given wins over the variant's own choice it conflicts with.
  const strict = referenceChoicesOf('strict', 'default-page-size-8');
  expect(strict).toContain('default-page-size-8');
  expect(strict).not.toContain('default-page-size-10');
  const drawn = referenceChoicesOf('standard', 'random:17');
  expect(referenceChoicesOf('standard', 'random:17'), 'the same seed, the same draw').toEqual(drawn);
  expect(referenceChoicesOf('standard', 'random:18'), 'another seed, another draw').not.toEqual(drawn);
  expect(drawn.length, 'about half of the catalogue').toBeGreaterThan(ReferenceChoiceNames.length / 5);
  expect(drawn).not.toContain('public-https-destinations');
  const [first = 'oldest-first'] = drawn;
  expect(referenceChoicesOf('standard', `random:17,-${first}`)).not.toContain(first);
  for (let seed = 0; seed < 200; seed++) {
    const set = referenceChoicesOf('standard', `random:${seed}`);
    expect(set.filter((name) => name.startsWith('default-page-size-')).length, `random:${seed}`).toBeLessThan(2);
    expect(set.filter((name) => name.startsWith('ids-from-')).length, `random:${seed}`).toBeLessThan(2);
  }
});

test('a bad REFERENCE_CHOICES is bad configuration naming the variable', () => {
  for (const bad of ['no-such-choice', '-no-such-choice', 'random:', 'default-page-size-8,default-page-size-10']) {
    const problem = (() => {
      try {
        parseConfig({ REFERENCE_CHOICES: bad });
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(problem, bad).toBeInstanceOf(ConfigError);
    expect((problem as ConfigError).message, bad).toMatch(/REFERENCE_CHOICES: /);
  }
});

test("an embedded run's profile and signature follow its choices, as a vendor would tell them", () => {
  const plain = parseConfig({});
  expect(plain.profile.tagNames).toBeUndefined();
  const tags = parseConfig({ REFERENCE_CHOICES: 'existing-tags-only' });
  expect(tags.referenceChoices).toContain('existing-tags-only');
  expect(tags.profile.tagNames?.length).toBeGreaterThanOrEqual(2);
  const strict = parseConfig({ REFERENCE_VARIANT: 'strict' });
  expect(strict.profile.tagNames, "the strict profile's own tags").toEqual(['summer', 'winter', 'gift', 'bestseller']);
  expect(parseConfig({ REFERENCE_CHOICES: 'hmac-signature' }).signature).toEqual(EmbeddedTargets.divergent.signature);
  expect(parseConfig({ REFERENCE_VARIANT: 'divergent', REFERENCE_CHOICES: '-hmac-signature' }).signature).toEqual(
    EmbeddedTargets.standard.signature,
  );
  const given = parseConfig({ REFERENCE_CHOICES: 'hmac-signature', WEBHOOK_SIGNATURE_SCHEME: 'none' });
  expect(given.signature?.scheme, 'WEBHOOK_SIGNATURE_SCHEME still wins').toBe('none');
});

test('existing-tags-only on the standard base: the reference has the tags the profile is told of', async ({ open }) => {
  const reference = await open(['existing-tags-only']);
  const [known = ''] = parseConfig({ REFERENCE_CHOICES: 'existing-tags-only' }).profile.tagNames ?? [];
  expect((await reference.service({ tags: [known] })).status).toBe(201);
  expect((await reference.service({ tags: ['not-a-tag'] })).status).toBe(422);
  expect((await (await open([])).service({ tags: ['not-a-tag'] })).status).toBe(201);
});

test('sale-price-at-most-price: a sale price above the price is refused, on update against the stored other', async ({
  open,
}) => {
  const reference = await open(['sale-price-at-most-price']);
  expect((await reference.service({ price: 50, sale_price: 60 })).status).toBe(422);
  const created = await reference.service({ price: 50, sale_price: 40 });
  expect(created.status).toBe(201);
  const id = idOf(created);
  expect((await reference.patch(id, { price: 30 })).status, 'a price below the stored sale price').toBe(422);
  expect((await reference.patch(id, { sale_price: 55 })).status, 'a sale price above the stored price').toBe(422);
  expect((await reference.patch(id, { sale_price: 50 })).status, 'equal').toBe(200);
  expect((await reference.patch(id, { price: 70, sale_price: 60 })).status, 'both, in order').toBe(200);
  expect((await (await open([])).service({ price: 50, sale_price: 60 })).status, 'without the choice').toBe(201);
});

test('min-purchase-at-most-max: a max_purchase below the min_purchase is refused', async ({ open }) => {
  const reference = await open(['min-purchase-at-most-max']);
  expect((await reference.booking({ min_purchase: 5, max_purchase: 2 })).status).toBe(422);
  expect((await reference.booking({ min_purchase: 2, max_purchase: 2 })).status).toBe(201);
  expect((await (await open([])).booking({ min_purchase: 5, max_purchase: 2 })).status, 'without it').toBe(201);
});

test('release-date-not-after-update-date: a release after the update is refused, on update against the stored other', async ({
  open,
}) => {
  const reference = await open(['release-date-not-after-update-date']);
  expect((await reference.service({ release_date: '2026-02-01', update_date: '2026-01-01' })).status).toBe(422);
  const created = await reference.service({ release_date: '2026-01-01', update_date: '2026-01-01' });
  expect(created.status).toBe(201);
  expect((await reference.patch(idOf(created), { release_date: '2026-03-01' })).status).toBe(422);
  expect((await reference.patch(idOf(created), { update_date: '2026-03-01' })).status).toBe(200);
  const without = await open([]);
  expect((await without.service({ release_date: '2026-02-01', update_date: '2026-01-01' })).status).toBe(201);
});

test('windows-end-after-start and windows-do-not-overlap: windows in order, touching but not overlapping', async ({
  open,
}) => {
  const days = (...windows: [string, string][]) => ({
    availability: { monday: windows.map(([start, end]) => ({ start, end })) },
  });
  const backwards = days(['10:00', '09:00']);
  const overlapping = days(['09:00', '11:00'], ['10:00', '12:00']);
  const touching = days(['09:00', '10:00'], ['10:00', '11:00']);
  const ordered = await open(['windows-end-after-start']);
  expect((await ordered.booking(backwards)).status).toBe(422);
  expect((await ordered.booking(overlapping)).status).toBe(201);
  const apart = await open(['windows-do-not-overlap']);
  expect((await apart.booking(overlapping)).status).toBe(422);
  expect((await apart.booking(backwards)).status).toBe(422);
  expect((await apart.booking(touching)).status).toBe(201);
  expect((await apart.booking(days(['09:00', '10:00'], ['08:00', '12:00']))).status, 'one inside another').toBe(422);
  expect((await (await open([])).booking(backwards)).status, 'without either').toBe(201);
});

test('providers-when-required and video-fields-together', async ({ open }) => {
  const reference = await open(['providers-when-required', 'video-fields-together']);
  const [provider] = reference.server.choices.seed.ids.providerIds;
  expect((await reference.booking({ provider_required: true })).status).toBe(422);
  expect((await reference.booking({ provider_required: true, providers: [] })).status).toBe(422);
  expect((await reference.booking({ provider_required: true, providers: [provider] })).status).toBe(201);
  expect((await reference.booking({ provider_required: false })).status).toBe(201);
  expect((await reference.service({ video_id: 'abc' })).status).toBe(422);
  expect((await reference.service({ video_source: 'youtube' })).status).toBe(422);
  expect((await reference.service({ video_id: 'abc', video_source: 'youtube' })).status).toBe(201);
  const without = await open([]);
  expect((await without.booking({ provider_required: true })).status).toBe(201);
  expect((await without.service({ video_id: 'abc' })).status).toBe(201);
});

test('strings-at-most-255: titles too', async ({ open }) => {
  const reference = await open(['strings-at-most-255']);
  for (const field of ['general_title', 'facebook_title', 'twitter_title']) {
    expect((await reference.service({ [field]: 'x'.repeat(256) })).status, field).toBe(422);
    expect((await reference.service({ [field]: 'x'.repeat(255) })).status, field).toBe(201);
  }
  expect((await reference.service({ name_en: 'x'.repeat(256) })).status).toBe(422);
  expect((await (await open([])).service({ general_title: 'x'.repeat(256) })).status, 'without it').toBe(201);
});

test('empty-string-absent: "" is not sent: an optional field is left alone, a required one missing', async ({
  open,
}) => {
  const reference = await open(['empty-string-absent']);
  const created = await reference.service({ sku: 'KEEP-1', summery_en: 'kept' });
  const id = idOf(created);
  const patched = await reference.patch(id, { sku: '', summery_en: '', name_en: 'Renamed' });
  expect(patched.status).toBe(200);
  expect(dataOf(patched).summary).toMatchObject({ en: 'kept' });
  expect(dataOf(patched).name).toMatchObject({ en: 'Renamed' });
  const required = await reference.service({ name_en: '' });
  expect(required.status).toBe(422);
  expect(JSON.stringify(required.body)).toMatch(/name_en/);
  expect((await reference.service({ brand_id: '' })).status, 'an optional id sent as ""').toBe(201);
  expect((await (await open([])).service({ brand_id: '' })).status, 'without it').toBe(422);
});

test('numeric-strings and loose-booleans: "12.5", "3", ids in arrays, "1" and "false"', async ({ open }) => {
  const reference = await open(['numeric-strings', 'loose-booleans']);
  const [category] = reference.server.choices.seed.ids.categoryIds;
  const created = await reference.service({
    price: '12.5',
    sale_price: '3',
    category: [String(category)],
    is_refundable: 'false',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(dataOf(created)).toMatchObject({ price: 12.5, sale_price: 3, is_refundable: false });
  expect((await reference.service({ is_refundable: 1 })).status).toBe(201);
  expect((await reference.service({ price: 'free' })).status, 'not a number').toBe(422);
  expect((await reference.service({ is_refundable: 'yes' })).status, 'not a boolean').toBe(422);
  expect((await reference.register({ status: '1' })).status, 'a webhook status').toBe(201);
  const without = await open([]);
  expect((await without.service({ price: '12.5' })).status).toBe(422);
  expect((await without.service({ is_refundable: 'false' })).status).toBe(422);
});

test('trimmed-strings: every string trimmed before it is validated and stored, the secret as sent', async ({
  open,
}) => {
  const reference = await open(['trimmed-strings']);
  const created = await reference.service({ name_en: '  Padded  ', sku: ' SKU-1 ', tags: [' red '] });
  expect(created.status).toBe(201);
  expect(dataOf(created)).toMatchObject({ name: { ar: 'منتج', en: 'Padded' } });
  expect(dataOf(created).tags).toMatchObject([{ tag_name: 'red' }]);
  expect((await reference.service({ release_date: ' 2026-01-01 ' })).status, 'a date with spaces').toBe(201);
  const secret = `  ${'s'.repeat(32)}  `;
  const registered = await reference.register({ secret, url: '  https://hooks.example.com/t  ' });
  expect(registered.status).toBe(201);
  expect(dataOf(registered).plain_secret).toBe(secret);
  expect((await (await open([])).service({ release_date: ' 2026-01-01 ' })).status, 'without it').toBe(422);
});

test('one-webhook-per-event: an event another webhook has is refused, whatever the url, on register and update', async ({
  open,
}) => {
  const reference = await open(['one-webhook-per-event']);
  const first = await reference.register({ events: ['product.created', 'product.updated'] });
  expect(first.status).toBe(201);
  const other = { url: 'https://elsewhere.example.com/b' };
  expect((await reference.register({ ...other, events: ['product.updated'] })).status).toBe(422);
  const second = await reference.register({ ...other, events: ['order.created'] });
  expect(second.status).toBe(201);
  const secondId = (dataOf(second).webhook as { id: number }).id;
  const put = (events: string[]) => reference.call('PUT', putPath(secondId), webhook({ ...other, events }));
  expect((await put(['order.created', 'product.created'])).status, 'an update to an event the first has').toBe(422);
  expect((await put(['order.created', 'order.updated'])).status, 'its own and a free one').toBe(200);
  const without = await open([]);
  await without.register({});
  expect((await without.register({ ...other })).status, 'without it').toBe(201);
});

test('list-shows-writes-late: a created product is listed only later, an updated one with its old values until then', async ({
  open,
}) => {
  const reference = await open(['list-shows-writes-late']);
  const created = await reference.service({ name_en: 'Late' });
  expect(created.status).toBe(201);
  expect(await reference.listed(), 'at once').not.toContain('Late');
  await expect.poll(() => reference.listed(), { timeout: 3_000 }).toContain('Late');
  expect((await reference.patch(idOf(created), { name_en: 'Later' })).status).toBe(200);
  const now = await reference.listed();
  expect(now, 'the old values, at once').toContain('Late');
  expect(now).not.toContain('Later');
  await expect.poll(() => reference.listed(), { timeout: 3_000 }).toContain('Later');
  expect(await reference.listed()).not.toContain('Late');
  const without = await open([]);
  await without.service({ name_en: 'Now' });
  expect(await without.listed(), 'without it, at once').toContain('Now');
});
