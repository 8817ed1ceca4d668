/**
 * Products the list tests make for themselves. Other tests create products at the same time, so a
 * list test counts only what it made: every set shares a tag named for this test alone, and the test
 * filters the list by that tag's id (`tag_ids[]`). Products of a set are created in parallel.
 */
import { z } from 'zod';
import { expect, test, type Make } from '../../../fixtures/index.ts';
import type { BookingProductBody, CommonProductBody, ServiceProductBody } from '../../../support/api/bodies.ts';
import type { StoreApi } from '../../../support/api/store-api.ts';
import { Tag } from '../../../support/schemas/index.ts';

/** One product to make: its label (how assertion messages name it), its type, and what to change in the built body. */
export type Draft =
  | { readonly label: string; readonly kind?: 'booking'; readonly body?: Partial<BookingProductBody> }
  | { readonly label: string; readonly kind: 'service'; readonly body?: Partial<ServiceProductBody> };

export interface MadeProduct {
  readonly id: number;
  readonly label: string;
  readonly kind: 'booking' | 'service';
  /** The body it was created with. */
  readonly body: CommonProductBody;
  /** Whether its create response said `is_published: true`. */
  readonly published: boolean;
}

export interface ProductSet {
  readonly tagName: string;
  /** The id the target gave the set's tag: filter with `{ 'tag_ids[]': [tagId] }`. */
  readonly tagId: number;
  readonly products: readonly MadeProduct[];
}

/**
 * What a create response must carry for a list test to go on: the id, and the tags as objects. Read
 * leniently on purpose: the create shape is judged by the create specs, not by every list test.
 */
const Created = z.object({ data: z.object({ id: z.int(), tags: z.array(Tag), is_published: z.unknown().optional() }) });

/** Creates the drafts in parallel, all tagged with one new tag, and returns them with the tag's id. */
export async function makeProductSet(api: StoreApi, make: Make, drafts: readonly Draft[]): Promise<ProductSet> {
  const tagName = make.name('list tag');
  return test.step(
    `create ${drafts.length} product(s) tagged ${JSON.stringify(tagName)}`,
    async () => {
      const made = await Promise.all(
        drafts.map(async (draft) => {
          const tags = [tagName];
          const created =
            draft.kind === 'service'
              ? await api.createServiceProduct(make.service({ ...draft.body, tags }))
              : await api.createBookingProduct(make.booking({ ...draft.body, tags }));
          expect(created, `create the ${draft.label} product for the list test`).toHaveStatus(201);
          expect(created, `create response of the ${draft.label} product`).toMatchSchema(Created);
          const { data } = Created.parse(created.json());
          const body = JSON.parse(created.request.body ?? '{}') as CommonProductBody;
          return {
            product: {
              id: data.id,
              label: draft.label,
              kind: draft.kind ?? 'booking',
              body,
              published: data.is_published === true,
            },
            tags: data.tags,
          };
        }),
      );
      const tagId = made[0]?.tags.find((t) => t.tag_name === tagName)?.id;
      expect(
        tagId,
        `the create response carries the tag ${JSON.stringify(tagName)} as a Tag object with an id`,
      ).toBeDefined();
      return { tagName, tagId: tagId ?? 0, products: made.map((m) => m.product) };
    },
    { box: true },
  );
}

/** `count` default products, labelled `#1`, `#2`...: for the pagination tests, where only the count matters. */
export function drafts(count: number, body: Partial<CommonProductBody> = {}): Draft[] {
  return Array.from({ length: count }, (_, i) => ({ label: `#${i + 1}`, body }));
}

/** A single word no other product has: a search token any search (substring or whole word) finds. */
export function uniqueWord(make: Make): string {
  return `w${make.context.faker.string.alphanumeric({ length: 14, casing: 'lower' })}`;
}

/** The labels of these ids, sorted; an id this set did not make shows as `other product #id`. */
export function labelsOf(set: ProductSet, ids: readonly number[]): string[] {
  const byId = new Map(set.products.map((p) => [p.id, p.label]));
  return ids.map((id) => byId.get(id) ?? `other product #${id}`).sort();
}

/** The labels of all the set's products, sorted. */
export function allLabels(set: ProductSet): string[] {
  return set.products.map((p) => p.label).sort();
}
