/**
 * Reference data that the spec lets requests refer to but gives no way to create. The ids match
 * fixtures/targets/reference.json, the reference's target profile.
 */
import profile from '../fixtures/targets/reference.json' with { type: 'json' };

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
}

const brandNames = [
  ['نايك', 'Nike'],
  ['أديداس', 'Adidas'],
  ['سوني', 'Sony'],
] as const;
export const seedBrands: BrandRecord[] = profile.brandIds.map((id, i) => {
  const [ar, en] = brandNames[i % brandNames.length] ?? ['علامة', 'Brand'];
  return { id, name: { ar, en }, description: { ar: `وصف ${ar}`, en: `About ${en}` } };
});

const category = (id: number, level: CategoryRecord['level'], en: string): CategoryRecord => ({
  id,
  level,
  name: { ar: `تصنيف ${id}`, en },
  description: { ar: `وصف ${id}`, en: `${en} products` },
});

export const seedCategories: CategoryRecord[] = [
  ...profile.categoryIds.map((id) => category(id, 'category', `Category ${id}`)),
  ...profile.subCategoryIds.map((id) => category(id, 'sub', `Sub-category ${id}`)),
  ...profile.childCategoryIds.map((id) => category(id, 'child', `Child category ${id}`)),
];

export const seedMediaIds: readonly number[] = profile.mediaIds;
