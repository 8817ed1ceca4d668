/**
 * A target profile lists what must already exist on a target for the suite to run: the ids the spec
 * lets a request refer to but gives no way to create (brands, categories, media, badges, providers,
 * statuses). Tests take every such id from here; none is hard-coded. It also names the ids that
 * must NOT exist (for the "unknown identifier" tests), since the spec gives no way to ask which do.
 *
 * Sub-categories are listed under the category they sit in, with their child categories: which bodies
 * a target refuses is not shown, so it may refuse a sub-category sent without its category, and a body
 * can only be valid by construction if the profile says which belongs to which.
 */
import { z } from 'zod';

/** The largest 32-bit id: any id column holds it, and few stores have reached it. */
const LARGEST_32_BIT_ID = 2_147_483_647;

/** An id no webhook or product of the target has; 2147483647 when the profile does not name one. */
const UnknownId = (what: string, resource: string) =>
  z
    .int({ error: `${what}: a positive integer id that no ${resource} has` })
    .positive()
    .default(LARGEST_32_BIT_ID);

const Id = z.int().positive();

const Ids = (what: string) =>
  z.array(Id, { error: `${what}: a list of positive integer ids` }).min(1, `${what}: at least one id`);

/** The flat lists of earlier profiles could not say which sub-category sits under which category. */
const FORMER_KEYS = ['subCategoryIds', 'childCategoryIds'];
const formerKeys = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' && issue.keys.some((key) => FORMER_KEYS.includes(key))
    ? `${FORMER_KEYS.join(' and ')} are replaced by subCategories: list each sub-category as {"id", "categoryId", "childCategoryIds"}`
    : undefined;

/** A sub-category, the category it sits under, and the child categories under it. */
const SubCategory = z.strictObject({
  id: Id,
  categoryId: Id,
  childCategoryIds: z.array(Id).default([]),
});

export const TargetProfile = z
  .strictObject(
    {
      description: z.string().optional(),
      brandIds: Ids('brandIds').min(
        2,
        'brandIds: at least two brands (filters need one brand to keep and one to drop)',
      ),
      categoryIds: Ids('categoryIds').min(
        2,
        'categoryIds: at least two categories (filters need one to keep and one to drop)',
      ),
      /** Optional: without any, product bodies send no `sub_category` or `child_category`. */
      subCategories: z
        .array(SubCategory, {
          error:
            'subCategories: a list of {id, categoryId, childCategoryIds} (the category it sits under, the child categories under it)',
        })
        .default([]),
      mediaIds: Ids('mediaIds'),
      badgeIds: Ids('badgeIds'),
      providerIds: Ids('providerIds'),
      statusIds: Ids('statusIds'),
      /**
       * Optional: names of tags the target has. Product bodies then send these, for a target that takes
       * only the names of existing tags (whether an unknown name creates a tag is not shown); without
       * them, bodies send names of their own, for a target that creates tags from names.
       */
      tagNames: z
        .array(z.string().trim().min(1), { error: 'tagNames: a list of the names of tags the target has' })
        .min(2, 'tagNames: at least two tag names (filters need one to keep and one to drop)')
        .refine((names) => new Set(names).size === names.length, 'tagNames: each name once')
        .optional(),
      /** A webhook id the target does not have (Update Webhook of an unknown id). Optional: default 2147483647. */
      unknownWebhookId: UnknownId('unknownWebhookId', 'webhook'),
      /** A product id the target does not have (Update Service Product of an unknown id). Optional: default 2147483647. */
      unknownProductId: UnknownId('unknownProductId', 'product'),
    },
    { error: formerKeys },
  )
  .superRefine((profile, ctx) => {
    profile.subCategories.forEach((sub, i) => {
      if (!profile.categoryIds.includes(sub.categoryId))
        ctx.addIssue({
          code: 'custom',
          path: ['subCategories', i, 'categoryId'],
          message: `subCategories: sub-category ${sub.id} sits under category ${sub.categoryId}, which categoryIds does not list`,
        });
    });
  });
export type TargetProfile = z.infer<typeof TargetProfile>;
