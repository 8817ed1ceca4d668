/**
 * Reference data that the spec lets requests refer to but gives no way to create (brands, categories,
 * media, badges, providers, statuses, and tags where the variant takes only existing ones), and a few products of every type. The ids are those of the variant's target
 * profile (profiles/*.json), which is what a suite run against it is told exists.
 */
import type { TargetProfile } from '../support/contract/profile.ts';

export interface Bilingual {
  ar: string;
  en: string;
}

export interface BrandRecord {
  id: number;
  name: Bilingual;
  description: Bilingual;
}
export interface CategoryRecord {
  id: number;
  name: Bilingual;
  description: Bilingual;
  level: 'category' | 'sub' | 'child';
  /** The category a sub-category sits under, the sub-category a child category sits under. */
  parent?: number;
}

/** The ids of a target profile the reference seeds. */
export type SeedIds = Pick<
  TargetProfile,
  'brandIds' | 'categoryIds' | 'subCategories' | 'mediaIds' | 'badgeIds' | 'providerIds' | 'statusIds' | 'tagNames'
>;

/** Brand names, `[ar, en]`, given to the brand ids in turn. */
export type BrandNames = readonly (readonly [ar: string, en: string])[];

export interface SeedData {
  readonly brands: readonly BrandRecord[];
  readonly categories: readonly CategoryRecord[];
  readonly mediaIds: readonly number[];
  readonly badgeIds: readonly number[];
  readonly providerIds: readonly number[];
  readonly statusIds: readonly number[];
  /** Tags the target starts with (a target taking only existing tag names needs some). */
  readonly tagNames: readonly string[];
}

export function seedData(ids: SeedIds, brandNames: BrandNames): SeedData {
  const brands = ids.brandIds.map((id, i) => {
    const [ar, en] = brandNames[i % brandNames.length] ?? ['علامة', 'Brand'];
    return { id, name: { ar, en }, description: { ar: `وصف ${ar}`, en: `About ${en}` } };
  });
  const category = (id: number, level: CategoryRecord['level'], en: string, parent?: number): CategoryRecord => ({
    id,
    level,
    name: { ar: `تصنيف ${id}`, en },
    description: { ar: `وصف ${id}`, en: `${en} products` },
    ...(parent === undefined ? {} : { parent }),
  });
  const categories = [
    ...ids.categoryIds.map((id) => category(id, 'category', `Category ${id}`)),
    ...ids.subCategories.flatMap((sub) => [
      category(sub.id, 'sub', `Sub-category ${sub.id}`, sub.categoryId),
      ...sub.childCategoryIds.map((id) => category(id, 'child', `Child category ${id}`, sub.id)),
    ]),
  ];
  const { mediaIds, badgeIds, providerIds, statusIds, tagNames = [] } = ids;
  return { brands, categories, mediaIds, badgeIds, providerIds, statusIds, tagNames };
}
