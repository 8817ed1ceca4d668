// Each test's level tag (@stated or @assumed) and clause annotations come from checks(): @stated only when every clause it cites is stated (support/contract/clauses.ts).
import { z } from 'zod';
import { checks, expect, expectShape, test } from '../../fixtures/index.ts';
import { Envelope, EventCatalogueEntry } from '../../support/schemas/index.ts';
import { EventCatalogue } from '../../support/contract/events.ts';
import { JSON_CONTENT_TYPE, registered } from './steps.ts';

const CatalogueResponse = Envelope(z.array(EventCatalogueEntry));
const specCatalogue = EventCatalogue.map(({ value, label }) => ({ value, label }));

test.describe('Webhook Events', () => {
  test(
    'answers 200 with the envelope and a list of catalogue entries',
    checks('webhookEvents', 'webhook-events.ok', 'conventions.envelope', 'events.entry-shape'),
    async ({ api }) => {
      const response = await api.webhookEvents();
      expect(response).toHaveStatus(200);
      expect(response).toMatchSchema(CatalogueResponse);
    },
  );

  test(
    'answers with Content-Type application/json',
    checks('webhookEvents', 'conventions.json-body'),
    async ({ api }) => {
      const response = await api.webhookEvents();
      expect(response).toHaveStatus(200);
      expect(response.contentType, `Content-Type of ${response.describe()}`).toMatch(JSON_CONTENT_TYPE);
    },
  );

  test(
    "lists exactly the 20 catalogue entries, in the spec's order",
    checks('webhookEvents', 'events.catalogue'),
    async ({ api }) => {
      const response = await api.webhookEvents();
      expect(response).toHaveStatus(200);
      const { data } = expectShape(response, CatalogueResponse);
      expect(
        data.map(({ value, label }) => ({ value, label })),
        'catalogue entries (value, label), in order',
      ).toEqual(specCatalogue);
    },
  );

  test(
    'is unchanged after webhooks are registered',
    checks('webhookEvents', 'events.catalogue'),
    async ({ api, make, inbox }) => {
      await registered(
        api,
        make.webhook(inbox.url, { events: ['order.created', 'brand.updated', 'category.created'] }),
      );
      const response = await api.webhookEvents();
      expect(response).toHaveStatus(200);
      const { data } = expectShape(response, CatalogueResponse);
      expect(
        data.map(({ value, label }) => ({ value, label })),
        'catalogue entries (value, label), in order, after a registration',
      ).toEqual(specCatalogue);
    },
  );
});
