/**
 * The Product that Create Booking Product, Create Service Product and Update Service Product answer
 * with: the same resource, so the same checks, run against each of the three (one test() per check,
 * so a failure points at its line). Each check reads only the fields it is about; a field of the wrong
 * type leaves it to the shape test. On an update, a value that comes back as sent also rests on the
 * PATCH applying it (update-service.applies-changes), so those checks cite that reading too.
 */
import { z } from 'zod';
import {
  cites,
  expect,
  notApplicable,
  requireSuccess,
  Statuses,
  test,
  type ApiResponse,
  dataOf,
  field,
  inAnswer,
  readData,
  concurrently,
} from '../../fixtures/index.ts';
import {
  LANGUAGES,
  productFields,
  textOf,
  tagNames,
  type Omitted,
  type ProductAnswering,
  type ProductSteps,
} from '../../fixtures/products.ts';
import type { ClauseId } from '../../support/contract/clauses.ts';
import type { Instance } from '../../support/contract/instances.ts';
import { Operations } from '../../support/contract/operations.ts';
import { publishingStatusId } from '../../support/contract/profile.ts';
import { AbsoluteUrl, BilingualText, Timestamp } from '../../support/contract/schemas/common.ts';
import { ProductShape, Tag } from '../../support/contract/schemas/product.ts';

const sorted = <T>(items: readonly T[]) => [...items].sort();

/** `data.tags` exactly as answered: their form is what the tag checks judge. */
const answeredTags = (response: ApiResponse): unknown =>
  readData(response, z.object({ tags: z.unknown() }), 'product.shape', 'data.tags').tags;

/**
 * Body fields that shape the answer and that a client may be able to leave out (which are required is
 * not shown), grouped so that what belongs together goes together.
 */
const OPTIONAL_GROUPS = [
  ['sale_price'],
  ['image_id'],
  ['brand_id'],
  ['badge_id'],
  ['tags'],
  ['category', 'sub_category', 'child_category'],
  ['summery_ar', 'summery_en'],
  ['description_ar', 'description_en'],
  ['product_options'],
  ['product_gallery'],
] as const;
const BOOKING_ONLY_GROUPS = [['min_purchase', 'max_purchase']] as const;

/**
 * The answers the target gives to bodies leaving out optional fields, once it took the full body: to
 * the body without every group, or, when it refuses that, to each body without one group (those it took).
 */
async function answersWithout(operation: ProductAnswering, products: ProductSteps) {
  const groups: readonly (readonly string[])[] = [
    ...OPTIONAL_GROUPS,
    ...(operation === 'createBookingProduct' ? BOOKING_ONLY_GROUPS : []),
  ];
  const omitting = (left: readonly string[]) =>
    products.answerAfterBaseline(operation, `leaving out ${left.join(', ')}`, {}, left as Omitted);
  const all = groups.flat();
  const { response } = await omitting(all);
  if (response.succeeded) return [{ left: all, response }];
  const each = await concurrently(
    groups.map(async (left) => ({
      left: [...left],
      response: (await products.answer(operation, {}, left as Omitted)).response,
    })),
  );
  return each.filter(({ response: answer }) => answer.succeeded);
}

for (const operation of [
  'createBookingProduct',
  'createServiceProduct',
  'updateServiceProduct',
] as const satisfies ProductAnswering[]) {
  const updating = operation === 'updateServiceProduct';
  /** The instance every test of the operation judges: the kind it makes, and whether it is created or updated. */
  const instance = {
    kind: operation === 'createBookingProduct' ? 'booking' : 'service',
    step: updating ? 'updated' : 'created',
  } as const satisfies Instance;
  /** The clauses of a check on a value sent: on an update, the PATCH must also have applied it. */
  const sentValue = (...clauses: [ClauseId, ...ClauseId[]]) =>
    cites(operation, ...clauses, ...(updating ? (['update-service.applies-changes'] as const) : []));

  test.describe(`${Operations[operation].name} answers`, () => {
    test(
      'with the fields and types of the Product resource',
      cites(operation, 'product.shape').on(instance),
      async ({ products }) => {
        const { response } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        expect(dataOf(response), `data of ${response.describe()}`).toMatchSchema(ProductShape);
      },
    );

    test(
      'with identifier equal to id',
      cites(operation, 'product.identifier-equals-id').on(instance),
      async ({ products }) => {
        const { response } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        const { id, identifier } = productFields(response, 'id', 'identifier');
        expect(identifier, inAnswer(response, 'identifier')).toBe(id);
      },
    );

    test('with ratings null', cites(operation, 'product.ratings-null').on(instance), async ({ products }) => {
      const { response } = await products.sharedAnswer(operation);
      requireSuccess(response, operation);
      field(response, 'ratings').toBeNull();
    });

    test(
      'with is_published, a boolean',
      cites(operation, 'product.is-published').on(instance),
      async ({ products }) => {
        const { response } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        expect(dataOf(response), `data of ${response.describe()}`).toMatchSchema(
          z.object({ is_published: z.boolean() }),
        );
      },
    );

    test(
      'without sku, which list items alone carry',
      cites(operation, 'product.sku-list-only').on(instance),
      async ({ products }) => {
        const { response } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        const data = dataOf(response);
        const keys = data !== null && typeof data === 'object' ? Object.keys(data) : [];
        expect(
          keys.filter((key) => key === 'sku'),
          `keys of data in ${response.describe()} named sku (the spec: sku is present in list items only)`,
        ).toEqual([]);
      },
    );

    // The conventions of a Product answer, under each language: a store localizes its answers by Accept-Language.
    for (const language of LANGUAGES) {
      test(
        `with created_at and updated_at in the form YYYY-MM-DD HH:MM:SS, for Accept-Language: ${language}`,
        cites(operation, 'conventions.timestamps').on({ ...instance, language }),
        async ({ products }) => {
          const { response } = await products.sharedAnswerIn(operation, language);
          requireSuccess(response, operation);
          const timestamps = productFields(response, 'created_at', 'updated_at');
          expect(timestamps, `data timestamps of ${response.describe()}`).toMatchSchema(
            z.object({ created_at: Timestamp, updated_at: Timestamp }),
          );
        },
      );

      test(
        `with image, and the images of its brand and categories, as absolute URLs, for Accept-Language: ${language}`,
        cites(operation, 'conventions.image-absolute-url').on({ ...instance, language }),
        async ({ products }) => {
          const { response } = await products.sharedAnswerIn(operation, language);
          requireSuccess(response, operation);
          const { image, brand, categories } = productFields(response, 'image', 'brand', 'categories');
          const images = {
            image,
            brand: brand && { logo: brand.logo, banner: brand.banner },
            categories: categories.map((c) => ({ image: c.image })),
          };
          const Images = z.object({
            image: AbsoluteUrl,
            brand: z.object({ logo: AbsoluteUrl, banner: AbsoluteUrl }).nullable(),
            categories: z.array(z.object({ image: AbsoluteUrl })),
          });
          expect(images, `image fields of ${response.describe()}`).toMatchSchema(Images);
        },
      );

      test(
        `with name, summary and description, and those of its brand and categories, keyed ar and en, for Accept-Language: ${language}`,
        cites(operation, 'conventions.bilingual').on({ ...instance, language }),
        async ({ products }) => {
          // Both languages under either: the answer is not the one language asked for.
          const { response } = await products.sharedAnswerIn(operation, language);
          requireSuccess(response, operation);
          const Texts = z.looseObject({ name: BilingualText, description: BilingualText });
          const Bilingual = z
            .looseObject({ summary: BilingualText, brand: Texts.nullable(), categories: z.array(Texts) })
            .and(Texts);
          expect(dataOf(response), `human-readable fields of ${response.describe()}`).toMatchSchema(Bilingual);
        },
      );
    }

    test(
      'with name_ar and name_en as name.ar and name.en',
      sentValue('product.bilingual-mapping').on(instance),
      async ({ products }) => {
        const { response, sent } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        expect(productFields(response, 'name').name, inAnswer(response, 'name')).toEqual({
          ar: sent.name_ar,
          en: sent.name_en,
        });
      },
    );

    test(
      'with summery_ar and summery_en, spelled so, as summary.ar and summary.en',
      sentValue('product.bilingual-mapping').on(instance),
      async ({ products }) => {
        const { response, sent } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        expect(productFields(response, 'summary').summary, inAnswer(response, 'summary')).toEqual({
          ar: sent.summery_ar,
          en: sent.summery_en,
        });
      },
    );

    test(
      'with the text of description_ar and description_en as description.ar and description.en',
      sentValue('product.bilingual-mapping').on(instance),
      async ({ products }) => {
        const { response, sent } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        // Their text, whatever markup a target keeps: whether it sanitises HTML is not shown.
        const { description } = productFields(response, 'description');
        expect(
          { ar: textOf(description.ar), en: textOf(description.en) },
          `text of ${inAnswer(response, 'description')}`,
        ).toEqual({ ar: textOf(sent.description_ar ?? ''), en: textOf(sent.description_en ?? '') });
      },
    );

    test(
      'never with a name, summary or description sent in one language under the key of the other',
      cites(operation, 'product.bilingual-mapping').on(instance),
      async ({ products }) => {
        // Judged whether or not an update applies the texts (update-service.applies-changes): a text that
        // comes back at all comes back under its own language.
        const { response, sent } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        const answer = productFields(response, 'name', 'summary', 'description');
        const misplaced = (
          [
            ['name', sent.name_ar, sent.name_en],
            ['summary', sent.summery_ar, sent.summery_en],
            ['description', sent.description_ar, sent.description_en],
          ] as const
        ).flatMap(([key, ar, en]) => [
          ...(ar !== undefined && textOf(answer[key].en) === textOf(ar)
            ? [`${key}.en holds the ${key} sent in _ar`]
            : []),
          ...(en !== undefined && textOf(answer[key].ar) === textOf(en)
            ? [`${key}.ar holds the ${key} sent in _en`]
            : []),
        ]);
        expect(
          misplaced,
          `texts under the other language's key in ${inAnswer(response, '{name, summary, description}')}`,
        ).toEqual([]);
      },
    );

    test(
      'with the fields and types of the Product resource when the body leaves out fields a target may not need',
      cites(operation, 'product.shape').on(instance),
      async ({ products }) => {
        // Which fields are required is not shown: the body without all of them first, else without each
        // group alone. Every answer the target takes must still be a Product.
        const answers = await answersWithout(operation, products);
        if (answers.length === 0)
          notApplicable(`the target refused every body leaving out one of ${OPTIONAL_GROUPS.flat().join(', ')}`);
        for (const { left, response } of answers)
          await test.step(`the answer to a body without ${left.join(', ')}`, async () =>
            expect(
              dataOf(response),
              `data of ${response.describe()}, to a body without ${left.join(', ')}`,
            ).toMatchSchema(ProductShape));
      },
    );

    test(
      'with the HTML of description_ar and description_en unchanged in description',
      sentValue('product.description-html').on(instance),
      async ({ products }) => {
        const { response, sent } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        expect(productFields(response, 'description').description, inAnswer(response, 'description')).toEqual({
          ar: sent.description_ar,
          en: sent.description_en,
        });
      },
    );

    test('with the price sent, cents included', sentValue('product.echo').on(instance), async ({ products }) => {
      const { response, sent } = await products.sharedAnswer(operation);
      requireSuccess(response, operation);
      expect(productFields(response, 'price').price, inAnswer(response, 'price')).toBe(sent.price);
    });

    test('with the sale_price sent', sentValue('product.echo').on(instance), async ({ products }) => {
      const { response, sent } = await products.sharedAnswer(operation);
      requireSuccess(response, operation);
      expect(productFields(response, 'sale_price').sale_price, inAnswer(response, 'sale_price')).toBe(sent.sale_price);
    });

    test(
      'with is_refundable true when true is sent',
      sentValue('product.echo').on({ ...instance, value: 'is_refundable true' }),
      async ({ products }) => {
        const { response } = await products.variantAnswer(operation, 'is_refundable true');
        requireSuccess(response, operation);
        expect(productFields(response, 'is_refundable').is_refundable, inAnswer(response, 'is_refundable')).toBe(true);
      },
    );

    test(
      'with is_refundable false when false is sent',
      sentValue('product.echo').on({ ...instance, value: 'is_refundable false' }),
      async ({ products }) => {
        // The default body sends false (a switch is turned on only by the test about it): the shared answer.
        const { response } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        expect(productFields(response, 'is_refundable').is_refundable, inAnswer(response, 'is_refundable')).toBe(false);
      },
    );

    test(
      'with each tag name sent as a Tag object of that name',
      sentValue('product.tags-as-objects').on(instance),
      async ({ products }) => {
        const { response, sent } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        // Read as answered: the form of the tags is what this test judges.
        const tags = answeredTags(response);
        expect(tags, inAnswer(response, 'tags')).toMatchSchema(z.array(Tag));
        const names = (tags as Tag[]).map((tag) => tag.tag_name);
        // Contains: whether an update replaces the old tags is update-service.applies-changes.
        expect(sorted(names), inAnswer(response, 'tags[].tag_name')).toEqual(expect.arrayContaining(sent.tags ?? []));
      },
    );

    test(
      'with tags as an array of Tag objects, not names',
      cites(operation, 'product.tags-as-objects').on(instance),
      async ({ products }) => {
        // The form alone, whatever names the tags carry (which they are is the test above's): the body sends two
        // tags, and the answer returns them as Tag objects, on an update whether or not it applies them.
        const { response } = await products.sharedAnswer(operation);
        requireSuccess(response, operation);
        expect(answeredTags(response), inAnswer(response, 'tags')).toMatchSchema(z.array(Tag).min(1));
      },
    );

    test(
      'with a Category object for each category id sent',
      sentValue('product.categories').on(instance),
      async ({ products }) => {
        // Every category of the profile (at least two), so a target that keeps only one shows up.
        const { response, sent } = await products.variantAnswer(operation, 'every category of the profile');
        requireSuccess(response, operation);
        const ids = productFields(response, 'categories').categories.map((category) => category.id);
        // Contains, not equals: a target may list the sub-categories sent alongside.
        expect(ids, inAnswer(response, 'categories[].id')).toEqual(expect.arrayContaining(sent.category ?? []));
      },
    );

    test('with the Brand of the brand_id sent', sentValue('product.brand').on(instance), async ({ products }) => {
      const { response, sent } = await products.sharedAnswer(operation);
      requireSuccess(response, operation);
      expect(productFields(response, 'brand').brand?.id, inAnswer(response, 'brand.id')).toBe(sent.brand_id);
    });

    test(
      '2xx to a text option whose options is null',
      cites(operation, 'product-option.text-null').on(instance),
      async ({ products }) => {
        const { response } = await products.variantAnswer(operation, 'a text option whose options is null');
        expect(response, 'a body with a text option whose options is null').toHaveStatus(Statuses.success);
      },
    );

    test(
      '2xx to radio and checkbox options whose subTitle is empty strings',
      cites(operation, 'product-option.empty-subtitle').on(instance),
      async ({ products }) => {
        const { response } = await products.variantAnswer(
          operation,
          'radio and checkbox options whose subTitle is empty strings',
        );
        expect(response, 'a body with options whose subTitle is empty strings').toHaveStatus(Statuses.success);
      },
    );

    test(
      '2xx to a product_gallery that repeats a media id',
      cites(operation, 'product.gallery-repeats').on(instance),
      async ({ products }) => {
        const { response } = await products.variantAnswer(operation, 'a product_gallery that repeats a media id');
        expect(response, 'a body whose product_gallery repeats a media id').toHaveStatus(Statuses.success);
      },
    );

    test(
      `with is_published, a boolean, whichever status of the profile it is ${updating ? 'updated to' : 'created with'}`,
      cites(operation, 'product.is-published').on(instance),
      async ({ products, config }) => {
        // Bodies send a status known to publish ('with is_published, a boolean' judges it); here each other status
        // of the profile, those that do not publish among them (declared, or discovered by the run). An update's
        // product is made with another status than the one it is updated to (unlikeUpdate): a published one.
        const others = config.profile.statusIds.filter((id) => id !== publishingStatusId(config.profile));
        if (others.length === 0)
          notApplicable('the target profile lists one status (statusIds), which the test with the default body judges');
        const answers = await concurrently(others.map((status_id) => products.answer(operation, { status_id })));
        const refused = answers.find(({ response }) => !response.succeeded);
        if (refused) requireSuccess(refused.response, operation);
        const IsPublished = z.looseObject({ is_published: z.boolean() });
        expect(
          answers
            .filter(({ response }) => !IsPublished.safeParse(dataOf(response)).success)
            .map(
              ({ response, sent }) =>
                `${response.describe()}, ${updating ? 'updated to' : 'created with'} status_id ${sent.status_id}`,
            ),
          'answers whose data.is_published is not a boolean',
        ).toEqual([]);
      },
    );

    if (updating) return;

    test(
      'with a single tag name sent as an array of one Tag of that name',
      cites(operation, 'product.tags-as-objects').on(instance),
      async ({ products, make }) => {
        const { response, sent } = await products.answer(operation, { tags: tagNames(make.context, 1) });
        requireSuccess(response, operation);
        const tags = answeredTags(response);
        expect(tags, inAnswer(response, 'tags')).toMatchSchema(z.array(Tag).length(1));
        expect((tags as Tag[])[0]?.tag_name, inAnswer(response, 'tags[0].tag_name')).toBe(sent.tags?.[0]);
      },
    );

    test(
      '2xx to a product without image_id',
      cites(operation, 'product.image-optional').on(instance),
      async ({ products }) => {
        const { response } = await products.sharedAnswerAfterBaseline(operation, 'leaving out image_id', {}, [
          'image_id',
        ]);
        expect(response, 'a body without image_id').toHaveStatus(Statuses.success);
      },
    );

    test(
      'with a placeholder image, an absolute URL, when no image_id is sent',
      cites(operation, 'conventions.image-placeholder').on(instance),
      async ({ products }) => {
        const { response } = await products.sharedAnswerAfterBaseline(operation, 'leaving out image_id', {}, [
          'image_id',
        ]);
        // Whether a product may be made without an image is not shown: a target refusing it has no such product.
        if (!response.succeeded)
          notApplicable(
            `the target refused a product without image_id (${response.status}) and took the same body with one`,
          );
        // The placeholder's address is the target's own: only that it is one, and absolute, is checked.
        expect(dataOf(response), `data.image of ${response.describe()}`).toMatchSchema(
          z.looseObject({ image: AbsoluteUrl }),
        );
      },
    );

    test(
      'with an image of its own, not the placeholder, when an image_id is sent',
      cites(operation, 'product.image-given').on(instance),
      async ({ products }) => {
        const given = await products.sharedAnswer(operation);
        requireSuccess(given.response, operation);
        const without = await products.sharedAnswerAfterBaseline(operation, 'leaving out image_id', {}, ['image_id']);
        if (!without.response.succeeded)
          notApplicable(
            `the target refused a product without image_id (${without.response.status}): it shows no placeholder to tell apart`,
          );
        const imageOf = (response: typeof given.response) =>
          readData(response, z.looseObject({ image: z.unknown() }), 'product.shape', 'data.image').image;
        expect(
          imageOf(given.response),
          `data.image of ${given.response.describe()}, sent image_id ${given.sent.image_id}, against the placeholder of ${without.response.describe()}`,
        ).not.toEqual(imageOf(without.response));
      },
    );
  });
}
