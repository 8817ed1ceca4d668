/**
 * A target profile lists what must already exist on a target for the suite to run: the ids the spec
 * lets a request refer to but gives no way to create (brands, categories, media, badges, providers,
 * statuses). Tests take every such id from here; none is hard-coded. It also names the ids that
 * must NOT exist (for the "unknown identifier" tests), since the spec gives no way to ask which do.
 *
 * Sub-categories are listed under the category they sit in, with their child categories: which bodies
 * a target refuses is not shown, so it may refuse a sub-category sent without its category, and a body
 * can only be valid by construction if the profile says which belongs to which.
 *
 * What a status means is never read from its place in the list: a status may say whether it publishes
 * (`{"id": 2, "publishes": false}`); one that does not is discovered by the run's profile check, from
 * `is_published` in the answer to a create with it (support/run/profile-check.ts).
 *
 * The profile's JSON Schema (spec/target-profile.schema.json, for editors: `"$schema"`) is generated
 * from this one (`npm run profile:schema`; selftest/profile.spec.ts fails while it is stale).
 */
import { z } from 'zod';

/** The largest 32-bit id: any id column holds it, and few stores have reached it. */
const LARGEST_32_BIT_ID = 2_147_483_647;

/** How `profile discover` marks what it cannot discover: a string where the value belongs. */
export const PLACEHOLDER_PREFIX = 'FILL IN:';

/** An issue's message for a placeholder left in place, else undefined (zod's own message). */
const placeholder = (issue: z.core.$ZodRawIssue): string | undefined =>
  typeof issue.input === 'string' && issue.input.startsWith(PLACEHOLDER_PREFIX)
    ? `still the placeholder \`profile discover\` left: ${issue.input}`
    : undefined;

/** An id no webhook or product of the target has; 2147483647 when the profile does not name one. */
const UnknownId = (what: string, resource: string) =>
  z
    .int({ error: `${what}: a positive integer id that no ${resource} has` })
    .positive()
    .default(LARGEST_32_BIT_ID)
    .describe(`An id no ${resource} of the target has (default ${LARGEST_32_BIT_ID}).`);

const Id = z.int().positive();

/** An id, or `{"id", "name"}`: the name is for the reader (discover writes it), never sent. */
const Named = z.strictObject({
  id: Id,
  name: z.string().optional().describe('What the target calls it: for the reader, never sent.'),
});
const Entry = z.union([Id, Named], { error: placeholder });

/** A status: an id, or `{"id", "name", "publishes"}` declaring whether a product created with it is published. */
const Status = z.union(
  [
    Id,
    Named.extend({
      publishes: z
        .boolean()
        .optional()
        .describe(
          'Whether a product created with this status is published (`is_published` in the create answer). Absent: the run discovers it.',
        ),
    }),
  ],
  { error: placeholder },
);

const Ids = <T extends z.ZodType>(what: string, entry: T, meaning: string) =>
  z
    .array(entry, {
      error: (issue) => placeholder(issue) ?? `${what}: a list of positive integer ids`,
    })
    .min(1, `${what}: at least one id`)
    .describe(meaning);

const idOf = (entry: number | { id: number }) => (typeof entry === 'number' ? entry : entry.id);

/** The flat lists of earlier profiles could not say which sub-category sits under which category. */
const FORMER_KEYS = ['subCategoryIds', 'childCategoryIds'];
const formerKeys = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' && issue.keys.some((key) => FORMER_KEYS.includes(key))
    ? `${FORMER_KEYS.join(' and ')} are replaced by subCategories: list each sub-category as {"id", "categoryId", "childCategoryIds"}`
    : undefined;

/** A sub-category, the category it sits under, and the child categories under it. */
const SubCategory = z.strictObject({
  id: Id,
  categoryId: Id.describe('The category (one of categoryIds) it sits under.'),
  childCategoryIds: z.array(Id).default([]).describe('The child categories under it.'),
});

export const TargetProfile = z
  .strictObject(
    {
      $schema: z.string().optional().describe('The JSON Schema of this file, for editors.'),
      description: z.string().optional(),
      brandIds: Ids('brandIds', Entry, 'Brands the target has (`brand_id`); at least two.').min(
        2,
        'brandIds: at least two brands (filters need one brand to keep and one to drop)',
      ),
      categoryIds: Ids('categoryIds', Entry, 'Top-level categories the target has (`category`); at least two.').min(
        2,
        'categoryIds: at least two categories (filters need one to keep and one to drop)',
      ),
      /** Optional: without any, product bodies send no `sub_category` or `child_category`. */
      subCategories: z
        .array(SubCategory, {
          error: (issue) =>
            placeholder(issue) ??
            'subCategories: a list of {id, categoryId, childCategoryIds} (the category it sits under, the child categories under it)',
        })
        .default([])
        .describe(
          'Sub-categories, each under one of categoryIds, with their child categories; none: bodies send no sub_category or child_category.',
        ),
      mediaIds: Ids('mediaIds', Entry, 'Uploaded media (`image_id`, `product_gallery`, the search images).'),
      badgeIds: Ids('badgeIds', Entry, 'Badges (`badge_id`).'),
      providerIds: Ids('providerIds', Entry, 'Booking providers (`providers`).'),
      statusIds: Ids(
        'statusIds',
        Status,
        'Product statuses (`status_id`): an id, or {"id", "publishes"} saying whether it publishes; the run discovers what is not said.',
      ),
      /**
       * Optional: names of tags the target has. Product bodies then send these, for a target that takes
       * only the names of existing tags (whether an unknown name creates a tag is not shown); without
       * them, bodies send names of their own, for a target that creates tags from names.
       */
      tagNames: z
        .array(z.string().trim().min(1), {
          error: (issue) => placeholder(issue) ?? 'tagNames: a list of the names of tags the target has',
        })
        .min(2, 'tagNames: at least two tag names (filters need one to keep and one to drop)')
        .refine((names) => new Set(names).size === names.length, 'tagNames: each name once')
        .optional()
        .describe(
          'Names of tags the target has, for a target that takes only existing tag names; without them bodies send names of their own.',
        ),
      /** A webhook id the target does not have (Update Webhook of an unknown id). Optional: default 2147483647. */
      unknownWebhookId: UnknownId('unknownWebhookId', 'webhook'),
      /** A product id the target does not have (Update Service Product of an unknown id). Optional: default 2147483647. */
      unknownProductId: UnknownId('unknownProductId', 'product'),
    },
    { error: formerKeys },
  )
  .superRefine((profile, ctx) => {
    const categories = profile.categoryIds.map(idOf);
    profile.subCategories.forEach((sub, i) => {
      if (!categories.includes(sub.categoryId))
        ctx.addIssue({
          code: 'custom',
          path: ['subCategories', i, 'categoryId'],
          message: `subCategories: sub-category ${sub.id} sits under category ${sub.categoryId}, which categoryIds does not list`,
        });
    });
  })
  .transform(({ brandIds, categoryIds, mediaIds, badgeIds, providerIds, statusIds, ...rest }) => ({
    ...rest,
    brandIds: brandIds.map(idOf),
    categoryIds: categoryIds.map(idOf),
    mediaIds: mediaIds.map(idOf),
    badgeIds: badgeIds.map(idOf),
    providerIds: providerIds.map(idOf),
    statusIds: statusIds.map(idOf),
    /** Each status and whether it publishes: declared, or discovered by the run's profile check; undefined when neither. */
    statuses: statusIds.map((s) =>
      typeof s === 'number' ? { id: s, publishes: undefined } : { id: s.id, publishes: s.publishes },
    ),
  }))
  .meta({
    title: 'Target profile of the Store Management API conformance suite',
    description:
      'What must already exist on a target for the suite to run (TARGET_PROFILE): the ids requests refer to that the spec gives no way to create. `profile discover` writes one; `profile check` asks the target about every entry.',
  });
export type TargetProfile = z.infer<typeof TargetProfile>;
/** A profile as its file holds it (before defaults and ids are read out of named entries). */
export type TargetProfileFile = z.input<typeof TargetProfile>;

/** Whether a product created with the status is published, as declared or discovered; undefined when unknown. */
export type StatusMeanings = ReadonlyMap<number, boolean>;

/** The profile with what the run discovered of its statuses where it declares nothing. */
export function withStatusMeanings(profile: TargetProfile, discovered: StatusMeanings): TargetProfile {
  return {
    ...profile,
    statuses: profile.statuses.map((s) => ({ id: s.id, publishes: s.publishes ?? discovered.get(s.id) })),
  };
}

/**
 * The status a product body sends by default: one known to publish (declared, or discovered by the
 * run), so that a product a test creates shows in `is_published=1` whatever the list's order; else one
 * not known to unpublish; else the first.
 */
export function publishingStatusId(profile: TargetProfile): number {
  const known =
    profile.statuses.find((s) => s.publishes === true) ?? profile.statuses.find((s) => s.publishes !== false);
  const id = known?.id ?? profile.statusIds[0];
  if (id === undefined) throw new Error('The target profile lists no status id.');
  return id;
}

/** Where `npm run profile:schema` writes the profile's JSON Schema, relative to the project root. */
export const PROFILE_SCHEMA_FILE = 'spec/target-profile.schema.json';

/** The profile's JSON Schema (draft 2020-12, the file as written), as the text of PROFILE_SCHEMA_FILE. */
export function profileJsonSchemaText(): string {
  const schema = z.toJSONSchema(TargetProfile, { target: 'draft-2020-12', io: 'input' });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
