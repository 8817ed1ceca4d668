/**
 * A target profile lists what must already exist on a target for the suite to run: the ids the spec
 * lets a request refer to but gives no way to create (brands, categories, media, badges, providers,
 * statuses). Tests take every such id from here; none is hard-coded.
 */
import { z } from 'zod';

const Ids = (what: string) => z.array(z.int().positive(), { error: `${what}: a list of positive integer ids` }).min(1, `${what}: at least one id`);

export const TargetProfile = z.strictObject({
  description: z.string().optional(),
  brandIds: Ids('brandIds').min(2, 'brandIds: at least two brands (filters need one brand to keep and one to drop)'),
  categoryIds: Ids('categoryIds').min(2, 'categoryIds: at least two categories (filters need one to keep and one to drop)'),
  subCategoryIds: Ids('subCategoryIds'),
  childCategoryIds: Ids('childCategoryIds'),
  mediaIds: Ids('mediaIds'),
  badgeIds: Ids('badgeIds'),
  providerIds: Ids('providerIds'),
  statusIds: Ids('statusIds'),
});
export type TargetProfile = z.infer<typeof TargetProfile>;
