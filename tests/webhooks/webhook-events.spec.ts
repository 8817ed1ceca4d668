/** Webhook Events beyond its status, envelope and body format (tests/conventions/success-answers.spec.ts). */
import { z } from 'zod';
import { Integer } from '../../support/contract/schemas/common.ts';
import {
  cites,
  dependsOn,
  expect,
  notApplicable,
  requireSuccess,
  test,
  type StoreApi,
  readSuccess,
  asSetUp,
} from '../../fixtures/index.ts';
import { OWN_EVENTS, registerWebhook } from '../../fixtures/webhooks.ts';
import { EventCatalogue } from '../../support/contract/events.ts';
import { EventCatalogueEntry } from '../../support/contract/schemas/webhook.ts';

const specCatalogue = EventCatalogue.map(({ value, label }) => ({ value, label }));

/** An answer whose data is a webhook, read by what marks one: an integer id, a url and events. */
const AnsweredWebhook = z.object({
  data: z.looseObject({ id: Integer, url: z.string(), events: z.array(z.unknown()) }),
});

/**
 * The catalogue as answered, read leniently: `data` an array (webhook-events.ok), entries `{value, label}`
 * (events.entry-shape). Asked for in English whatever ACCEPT_LANGUAGE says: the spec gives the labels in
 * English, and a target may localize display labels by `Accept-Language` as it does the list's type labels.
 */
async function catalogue(api: StoreApi) {
  const response = await api.webhookEvents({ headers: { 'accept-language': 'en' } });
  const data = readSuccess(response, 'webhookEvents', z.array(z.unknown()), 'webhook-events.ok', 'data as an array');
  const entries = z.array(EventCatalogueEntry).safeParse(data);
  if (!entries.success)
    dependsOn('events.entry-shape', `the entries of ${response.describe()} are not { value, label }`);
  return { response, entries: entries.data.map(({ value, label }) => ({ value, label })) };
}

test.describe('Webhook Events', () => {
  test('answers data as an array', cites('webhookEvents', 'webhook-events.ok'), async ({ api }) => {
    const response = await api.webhookEvents();
    requireSuccess(response, 'webhookEvents');
    expect(response).toMatchSchema(z.object({ data: z.array(z.unknown()) }));
  });

  test(
    'answers entries { value, label }, both strings',
    cites('webhookEvents', 'events.entry-shape'),
    async ({ api }) => {
      const response = await api.webhookEvents();
      const data = readSuccess(
        response,
        'webhookEvents',
        z.array(z.unknown()),
        'webhook-events.ok',
        'data as an array',
      );
      expect(data, `data of ${response.describe()}`).toMatchSchema(z.array(EventCatalogueEntry).min(1));
    },
  );

  test(
    "lists exactly the 20 catalogue entries, in the spec's order",
    cites('webhookEvents', 'events.catalogue'),
    async ({ api }) => {
      const { entries } = await catalogue(api);
      expect(entries, 'catalogue entries (value, label), in order').toEqual(specCatalogue);
    },
  );

  test(
    'is unchanged after webhooks are registered',
    cites('webhookEvents', 'events.catalogue'),
    async ({ api, make }) => {
      // An event of its own: whether webhooks may share one is a reading (webhook.shared-events).
      await registerWebhook(api, make.webhook({ events: [OWN_EVENTS.catalogueRegister] }));
      const { entries } = await catalogue(api);
      expect(entries, 'catalogue entries (value, label), in order, after a registration').toEqual(specCatalogue);
    },
  );

  test('is unchanged after webhooks are updated', cites('webhookEvents', 'events.catalogue'), async ({ api, make }) => {
    const events = [OWN_EVENTS.catalogueUpdate];
    const { id } = await registerWebhook(api, make.webhook({ events }));
    const updated = await asSetUp(() => api.updateWebhook(id, make.webhook({ events })));
    requireSuccess(updated, 'updateWebhook');
    const { entries } = await catalogue(api);
    expect(entries, 'catalogue entries (value, label), in order, after an update').toEqual(specCatalogue);
  });

  test(
    'is the catalogue, not a webhook: a PUT to /webhooks/events leaves it as it was',
    cites('webhookEvents', 'webhook-events.not-an-identifier'),
    async ({ api, make }) => {
      // Whatever the PUT answers (refusing it is update-webhook.unknown-id's reading), the catalogue must not
      // change: a refused PUT must not have written either. Compared as a set with what it was just before,
      // so an incomplete or reordered catalogue (events.catalogue, judged above) does not fail this test.
      const values = ({ entries }: Awaited<ReturnType<typeof catalogue>>) =>
        entries.map((e) => `${e.value}: ${e.label}`).sort();
      // A webhook of this test's own exists, so a target that takes `events` for an identifier has one to
      // find. Its answer is not read: the catalogue is judged whether or not registration works.
      await api.registerWebhook(make.webhook());
      const before = values(await catalogue(api));
      // Events no other test sends there: a target that writes what such a PUT sends shows a change even
      // when another test's PUT changed the catalogue just before this one read it.
      await api.send('updateWebhook', {
        identifier: 'events',
        body: make.webhook({ events: ['brand.deleted', 'category.deleted'] }),
      });
      expect(
        values(await catalogue(api)),
        'catalogue entries after a PUT to /webhooks/events, against those just before',
      ).toEqual(before);
    },
  );

  test(
    'is the catalogue, not a webhook: a PUT to /webhooks/events that the target takes answers no webhook',
    cites('webhookEvents', 'webhook-events.not-an-identifier'),
    async ({ api, make }) => {
      // A webhook of this test's own exists, so a target that takes `events` for an identifier has one to find.
      await registerWebhook(api, make.webhook());
      const put = await api.send('updateWebhook', {
        identifier: 'events',
        body: make.webhook({ events: ['order.created'] }),
      });
      if (!put.succeeded)
        notApplicable(
          `the target refused the PUT to /webhooks/events (${put.describe()}), so it answered no webhook to look for ` +
            '(that the catalogue stays as it was is judged whatever the PUT answers, by the test before)',
        );
      // A success that answers a webhook took `events` for a webhook's identifier.
      const answered = AnsweredWebhook.safeParse(put.jsonOrUndefined());
      expect(
        answered.success ? `a webhook (id ${String(answered.data.data.id)})` : 'no webhook',
        `what ${put.describe()} answered in data`,
      ).toBe('no webhook');
    },
  );
});
