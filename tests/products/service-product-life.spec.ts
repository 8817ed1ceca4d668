/**
 * Update Service Product over a product's life: a service product created with the default body, then
 * updated three times, one field group at a time (LIFE, below). Each test
 * walks that life with a product of its own and judges one rule after each update, inside the update's
 * step, so a failure names its step: what the update answers, what it keeps, the product's item in the
 * list, the filters that keep or drop it, the deliveries it causes. Each update sends its field group
 * alone; a target that does not take that (which fields a PATCH needs is not shown) gets the product
 * whole with the group changed, and only the test of what a PATCH keeps is then not applicable.
 * Single updates of a field (categories, brand) and an unknown identifier are in
 * update-service-product.spec.ts; the Product an update answers with is in product-answers.spec.ts.
 */
import { z } from 'zod';
import {
  cites,
  expect,
  notApplicable,
  Statuses,
  test,
  dataOf,
  expectUpdatedNotBeforeCreated,
  field,
  inAnswer,
  readData,
} from '../../fixtures/index.ts';
import {
  ALL_FIELDS,
  answeredAsSent,
  beginLife,
  deliveriesUnobservable,
  DELIVERIES_UNOBSERVABLE,
  describes,
  fieldsOf,
  filteredWith,
  listedAfter,
  productFields,
  tagNames,
  updateDeliveries,
  viewOf,
  type LifeStep,
  type Stage,
} from '../../fixtures/product-life.ts';
import { Timestamp, timestampOrder, WithId } from '../../support/contract/schemas/common.ts';
import { ProductShape } from '../../support/contract/schemas/product.ts';
import type { Instance } from '../../support/contract/instances.ts';

/** A price both prices of the product are under before its prices change, and over after. */
const PRICE_LINE = 200;

/**
 * The life each test walks, after the create: groups a store applies on their own, each consistent in
 * itself and with what the product keeps (the default service body: two tags, dates in order, a price
 * of 149.95 on sale at 129.95).
 */
const LIFE: readonly LifeStep[] = [
  {
    step: 'update its tags alone: one tag it did not carry, for the two it did',
    change: (ctx) => ({ tags: tagNames(ctx, 1, tagNames(ctx)) }),
  },
  {
    step: 'update its dates alone: a later release date, and a later update date after it',
    change: () => ({ release_date: '2025-10-06', update_date: '2026-01-20' }),
  },
  {
    step: `update its prices alone: from under ${PRICE_LINE} to over it, the sale price below the price`,
    change: () => ({ price: 260.5, sale_price: 240.25 }),
  },
];

/** The Product's ids of the tags an answer carries (else: depends on product.shape). */
const tagIdsOf = (stage: Stage) => productFields(stage.response, 'tags').tags.map((tag) => tag.id);

/** Every test of the walk judges a service product at its first update and at the ones after it. */
const LIFE_INSTANCE = { kind: 'service', step: ['updated', 'updated twice'] } as const satisfies Instance;
const DELIVERED_INSTANCE = { ...LIFE_INSTANCE, event: 'product.updated' } as const satisfies Instance;

test.describe("Update Service Product, over a product's life", () => {
  test(
    'answers each update, the second and third too, with a service Product: data.type is service',
    cites('updateServiceProduct', 'update-service.ok').on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      await life.walk(
        LIFE,
        (now) => {
          expect(now.response, `the answer to "${now.step}"`).toHaveStatus(Statuses.success);
          field(now.response, 'type').toBe('service');
        },
        { refused: 'judge' },
      );
    },
  );

  test(
    'answers each update with the product it updated: data.id is the identifier',
    cites('updateServiceProduct', 'update-service.returns-updated').on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      await life.walk(LIFE, (now) => {
        expect(readData(now.response, WithId, 'product.shape', 'data.id').id, inAnswer(now.response, 'id')).toBe(
          life.id,
        );
      });
    },
  );

  test(
    'answers each update of its life with the fields and types of the Product resource',
    cites('updateServiceProduct', 'product.shape').on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      await life.walk(LIFE, (now) => {
        expect(dataOf(now.response), `data of ${now.response.describe()}`).toMatchSchema(ProductShape);
      });
    },
  );

  test(
    'answers each update with the fields it sent, a list sent replacing the old one',
    cites('updateServiceProduct', 'update-service.applies-changes', 'product.echo').on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      await life.walk(LIFE, (now) => {
        // What the step's own group shows in the answer: its tags, its prices (the dates are no field of a
        // Product: what that step keeps is the next test's).
        const { sent, answered } = answeredAsSent(now);
        expect(answered, `${inAnswer(now.response, '…')}: what "${now.step}" sent`).toEqual(sent);
      });
    },
  );

  test(
    'keeps, at each update, the fields it is not sent as the write before left them',
    cites('updateServiceProduct', 'update-service.omitted-kept').on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      await life.walk(LIFE, (now, before) => {
        if (now.refusedAlone)
          notApplicable(
            `the target answered ${now.refusedAlone.status} to "${now.step}" sent alone (${now.refusedAlone.describe()}): which fields a PATCH needs is not shown`,
          );
        const kept = ALL_FIELDS.filter((f) => !fieldsOf(now.change).includes(f));
        expect(
          viewOf(now.response, kept),
          `${inAnswer(now.response, '…')}: the fields "${now.step}" did not send, against the answer to "${before.step}"`,
        ).toEqual(viewOf(before.response, kept));
      });
    },
  );

  test(
    'keeps created_at, at each update, as the create answered it',
    cites('updateServiceProduct', 'update-service.created-at-kept').on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      const Created = z.object({ created_at: Timestamp });
      const { created_at } = readData(life.created.response, Created, 'conventions.timestamps', 'data.created_at');
      await life.walk(LIFE, (now) => {
        expect(
          readData(now.response, Created, 'conventions.timestamps', 'data.created_at').created_at,
          `${inAnswer(now.response, 'created_at')}, against the create's ${created_at}`,
        ).toBe(created_at);
      });
    },
  );

  test(
    'answers each update with updated_at not before created_at, nor before the updated_at of the write before it',
    cites('updateServiceProduct', 'update-service.updated-at-order').on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      const Updated = z.object({ updated_at: Timestamp });
      await life.walk(LIFE, (now, before) => {
        expectUpdatedNotBeforeCreated(now.response);
        const previous = readData(before.response, Updated, 'conventions.timestamps', 'data.updated_at').updated_at;
        const updated = readData(now.response, Updated, 'conventions.timestamps', 'data.updated_at').updated_at;
        expect(
          timestampOrder(updated, previous),
          `${inAnswer(now.response, 'updated_at')} ${updated}, against the updated_at ${previous} of "${before.step}"`,
        ).toBeGreaterThanOrEqual(0);
      });
    },
  );

  test(
    'is shown by the list, after each update, as the update left it',
    cites('updateServiceProduct', 'list-products.item-matches-product').on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      await life.walk(LIFE, async (now) => {
        const { shown, categories, expected, where } = await listedAfter(api, life, now);
        expect(shown, `${where}: name, prices, brand and tags as the answer to the update, and its sku`).toEqual(
          expected,
        );
        // Contains, not equals: a target may list more categories (product.categories).
        expect(categories, `${where}: categories[].id`).toEqual(expect.arrayContaining(now.state.category ?? []));
      });
    },
  );

  test(
    'is kept by tag_ids[] of a tag it carries, and dropped by tag_ids[] of the tags it no longer carries, after each update',
    cites(
      'updateServiceProduct',
      'list-products.filter-tags',
      'list-products.filter-sku',
      'list-products.filter-combined',
    ).on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      await life.walk(LIFE, async (now, _before, earlier) => {
        const [carried] = tagIdsOf(now);
        if (carried === undefined) notApplicable(`the answer to "${now.step}" carries no tag`);
        const lost = [...new Set(earlier.flatMap(tagIdsOf))].filter((id) => !tagIdsOf(now).includes(id));
        const kept = await filteredWith(api, life, { 'tag_ids[]': [carried] }, 'kept');
        expect(kept.listed, `product ${life.id} listed by ${kept.page.response.describe()}`).toBe(true);
        if (lost.length === 0) return;
        const dropped = await filteredWith(api, life, { 'tag_ids[]': lost }, 'dropped');
        expect(dropped.listed, `product ${life.id} listed by ${dropped.page.response.describe()}`).toBe(false);
      });
    },
  );

  test(
    `is kept by the price bound its prices are on the side of, and dropped by the other, after each update (the line: ${PRICE_LINE})`,
    cites(
      'updateServiceProduct',
      'list-products.filter-price',
      'list-products.filter-sku',
      'list-products.filter-combined',
    ).on(LIFE_INSTANCE),
    async ({ api, make }) => {
      const life = await beginLife(api, make);
      await life.walk(LIFE, async (now) => {
        // Price and sale price alike: which of the two a target compares does not matter.
        const { price, sale_price } = productFields(now.response, 'price', 'sale_price');
        const over = price > PRICE_LINE && sale_price > PRICE_LINE;
        const under = price < PRICE_LINE && sale_price < PRICE_LINE;
        if (!over && !under)
          notApplicable(
            `the answer to "${now.step}" has price ${price} and sale_price ${sale_price} about ${PRICE_LINE}`,
          );
        const [keeping, dropping] = over
          ? [{ min_price: PRICE_LINE }, { max_price: PRICE_LINE }]
          : [{ max_price: PRICE_LINE }, { min_price: PRICE_LINE }];
        const kept = await filteredWith(api, life, keeping, 'kept');
        expect(kept.listed, `product ${life.id} listed by ${kept.page.response.describe()}`).toBe(true);
        const dropped = await filteredWith(api, life, dropping, 'dropped');
        expect(dropped.listed, `product ${life.id} listed by ${dropped.page.response.describe()}`).toBe(false);
      });
    },
  );

  test.describe('notifies', () => {
    test.skip(({ config }) => deliveriesUnobservable(config) !== undefined, DELIVERIES_UNOBSERVABLE);

    test(
      'a webhook subscribed to product.updated of each update, about the product',
      cites('updateServiceProduct', 'webhook.delivery-destination').on(DELIVERED_INSTANCE),
      async ({ api, make, deliveries, inbox }) => {
        const life = await beginLife(api, make);
        await deliveries.registerAt(inbox, { events: ['product.updated'] });
        const deliveryOf = updateDeliveries(inbox, life, 'fail');
        await life.walk(LIFE, async (now) => {
          await deliveryOf(now);
        });
      },
    );

    test(
      'a webhook subscribed to product.updated of each update with the values the update sent',
      cites('updateServiceProduct', 'webhook.delivery-update-values').on(DELIVERED_INSTANCE),
      async ({ api, make, deliveries, inbox }) => {
        const life = await beginLife(api, make);
        await deliveries.registerAt(inbox, { events: ['product.updated'] });
        const deliveryOf = updateDeliveries(inbox, life, 'depend');
        const judged: string[] = [];
        await life.walk(LIFE, async (now, before) => {
          const delivery = await deliveryOf(now);
          const said = describes(delivery, life, now, before);
          // A payload holding none of the values, old or new, says nothing of them (payload shapes are not shown).
          if (said.holds === 'neither') return;
          judged.push(now.step);
          expect(
            said.holds,
            `${delivery.describe()}: it lacks ${said.missing.join(', ')}, sent by "${now.step}", and holds the values they replaced at ${said.where.join(', ')}`,
          ).toBe('new');
        });
        if (judged.length === 0)
          notApplicable(
            `no delivery of product ${life.id}'s updates holds a value an update sent or replaced (payload shapes are not shown)`,
          );
      },
    );
  });
});
