/**
 * What a created product (booking or service) answers with, one check per row: both create specs run
 * every row against their own operation. A row changes only what it is about in an otherwise valid body.
 */
import { expect } from '../../../fixtures/index.ts';
import { checkboxOption, radioOption, textOption, type BuildContext } from '../../../fixtures/builders/products.ts';
import type { CommonProductBody } from '../../../support/api/bodies.ts';
import type { ApiResponse } from '../../../support/api/response.ts';
import type { ClauseId } from '../../../support/contract/clauses.ts';
import { field, inAnswer, productFields } from './response-fields.ts';

export interface CreatedProductCheck {
  /** Reads as a sentence after the operation's name: "Create Booking Product answers with …". */
  readonly title: string;
  readonly clauses: readonly [ClauseId, ...ClauseId[]];
  /** Fields this check sets in the valid body. */
  readonly change?: (ctx: BuildContext) => Partial<CommonProductBody>;
  /** Fields this check leaves out of the valid body. */
  readonly omit?: readonly (keyof CommonProductBody)[];
  /** What the answer must show; a row without it checks only that the body is accepted (2xx). */
  readonly verify?: (response: ApiResponse, sent: CommonProductBody) => void;
}

/** The valid body with the check's change applied. */
export function bodyFor<B extends CommonProductBody>(valid: B, check: CreatedProductCheck, ctx: BuildContext): B {
  const body: B = { ...valid, ...check.change?.(ctx) };
  for (const key of check.omit ?? []) delete body[key];
  return body;
}

const sorted = <T>(items: readonly T[]) => [...items].sort();

export const createdProductChecks: readonly CreatedProductCheck[] = [
  {
    title: 'answers with identifier equal to id',
    clauses: ['product.identifier-equals-id'],
    verify: (response) => field(response, 'data.identifier').toBe(productFields(response, 'id').id),
  },
  {
    title: 'maps name_ar and name_en to name.ar and name.en',
    clauses: ['product.bilingual-mapping', 'conventions.bilingual'],
    verify: (response, sent) => field(response, 'data.name').toMatchObject({ ar: sent.name_ar, en: sent.name_en }),
  },
  {
    title: 'maps summery_ar and summery_en, spelled so, to summary.ar and summary.en',
    clauses: ['product.bilingual-mapping', 'conventions.bilingual'],
    verify: (response, sent) =>
      field(response, 'data.summary').toMatchObject({ ar: sent.summery_ar, en: sent.summery_en }),
  },
  {
    title: 'answers with the HTML of description_ar and description_en unchanged in description',
    clauses: ['product.bilingual-mapping', 'product.description-html'],
    verify: (response, sent) =>
      field(response, 'data.description').toMatchObject({ ar: sent.description_ar, en: sent.description_en }),
  },
  {
    title: 'answers with the price sent, cents included',
    clauses: ['product.echo'],
    verify: (response, sent) => field(response, 'data.price').toBe(sent.price),
  },
  {
    title: 'answers with the sale_price sent',
    clauses: ['product.echo'],
    verify: (response, sent) => field(response, 'data.sale_price').toBe(sent.sale_price),
  },
  {
    title: 'answers with is_refundable true when true is sent',
    clauses: ['product.echo'],
    change: () => ({ is_refundable: true }),
    verify: (response) => field(response, 'data.is_refundable').toBe(true),
  },
  {
    title: 'answers with is_refundable false when false is sent',
    clauses: ['product.echo'],
    change: () => ({ is_refundable: false }),
    verify: (response) => field(response, 'data.is_refundable').toBe(false),
  },
  {
    title: 'answers with the min_purchase sent',
    clauses: ['product.echo'],
    // Above 1, the most likely default, so a target that ignores the field shows up.
    change: ({ faker }) => {
      const min = faker.number.int({ min: 2, max: 5 });
      return { min_purchase: min, max_purchase: min + faker.number.int({ min: 1, max: 10 }) };
    },
    verify: (response, sent) => field(response, 'data.min_purchase').toBe(sent.min_purchase),
  },
  {
    title: 'answers with the max_purchase sent',
    clauses: ['product.echo'],
    verify: (response, sent) => field(response, 'data.max_purchase').toBe(sent.max_purchase),
  },
  {
    title: 'answers with is_published as a boolean',
    clauses: ['product.is-published'],
    verify: (response) => productFields(response, 'is_published'),
  },
  {
    title: 'answers with ratings null',
    clauses: ['product.ratings-null'],
    verify: (response) => field(response, 'data.ratings').toBeNull(),
  },
  {
    title: 'answers with created_at and updated_at in the form YYYY-MM-DD HH:MM:SS',
    clauses: ['conventions.timestamps'],
    verify: (response) => productFields(response, 'created_at', 'updated_at'),
  },
  {
    title: 'answers with the tag names sent as Tag objects with the same names',
    clauses: ['product.tags-as-objects'],
    verify: (response, sent) => {
      const { tags } = productFields(response, 'tags');
      expect(sorted(tags.map((tag) => tag.tag_name)), inAnswer(response, 'data.tags[].tag_name')).toEqual(
        sorted(sent.tags ?? []),
      );
    },
  },
  {
    title: 'answers with a Category object for each category id sent',
    clauses: ['product.categories'],
    // Every category of the profile (at least two), so a target that keeps only one shows up.
    change: ({ profile }) => ({ category: [...profile.categoryIds] }),
    verify: (response, sent) => {
      const { categories } = productFields(response, 'categories');
      // Contains, not equals: a target may list the sub-categories sent alongside.
      expect(
        categories.map((category) => category.id),
        inAnswer(response, 'data.categories[].id'),
      ).toEqual(expect.arrayContaining(sent.category ?? []));
    },
  },
  {
    title: 'answers with the Brand of the brand_id sent',
    clauses: ['product.brand'],
    verify: (response, sent) => {
      productFields(response, 'brand');
      field(response, 'data.brand.id').toBe(sent.brand_id);
    },
  },
  {
    title: 'answers with image as an absolute URL for an image_id of the target',
    clauses: ['conventions.image-absolute-url'],
    verify: (response) => productFields(response, 'image'),
  },
  {
    title: 'answers with an absolute placeholder image URL when no image_id is sent',
    clauses: ['conventions.image-placeholder', 'conventions.image-absolute-url', 'product.image-optional'],
    // The placeholder's address is the target's own: only its form is checked.
    omit: ['image_id'],
    verify: (response) => productFields(response, 'image'),
  },
  {
    title: 'accepts a text option whose options is null',
    clauses: ['product-option.text-null'],
    change: () => ({ product_options: [textOption()] }),
  },
  {
    title: 'accepts radio and checkbox options whose subTitle is empty strings',
    clauses: ['product-option.empty-subtitle'],
    change: ({ faker }) => ({
      product_options: [radioOption(faker), checkboxOption(faker)].map((option) => ({
        ...option,
        subTitle: { ar: '', en: '' },
      })),
    }),
  },
  {
    title: 'accepts a product_gallery that repeats a media id',
    clauses: ['product.gallery-repeats'],
    change: ({ profile, faker }) => {
      const media = faker.helpers.arrayElement(profile.mediaIds);
      return { product_gallery: [media, media] };
    },
  },
];
