/**
 * A target profile lists what must already exist on a target for the suite to run: the ids the spec
 * lets a request refer to but gives no way to create (brands, categories, media, badges, providers,
 * statuses). Tests take every such id from here; none is hard-coded. It also names the ids that
 * must NOT exist (for the "unknown identifier" tests), since the spec gives no way to ask which do.
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

const Ids = (what: string) =>
  z.array(z.int().positive(), { error: `${what}: a list of positive integer ids` }).min(1, `${what}: at least one id`);

export const TargetProfile = z.strictObject({
  description: z.string().optional(),
  brandIds: Ids('brandIds').min(2, 'brandIds: at least two brands (filters need one brand to keep and one to drop)'),
  categoryIds: Ids('categoryIds').min(
    2,
    'categoryIds: at least two categories (filters need one to keep and one to drop)',
  ),
  subCategoryIds: Ids('subCategoryIds'),
  childCategoryIds: Ids('childCategoryIds'),
  mediaIds: Ids('mediaIds'),
  badgeIds: Ids('badgeIds'),
  providerIds: Ids('providerIds'),
  statusIds: Ids('statusIds'),
  /** A webhook id the target does not have (Update Webhook of an unknown id). Optional: default 2147483647. */
  unknownWebhookId: UnknownId('unknownWebhookId', 'webhook'),
  /** A product id the target does not have (Update Service Product of an unknown id). Optional: default 2147483647. */
  unknownProductId: UnknownId('unknownProductId', 'product'),
});
export type TargetProfile = z.infer<typeof TargetProfile>;
