/** The choices of which product bodies are taken: required fields, references, unique values, rules between fields. */
import { area, set, type AreaEntries } from './entry.ts';
import { SpecWords as W } from './spec-words.ts';

export const productChoices: AreaEntries = area('products', {
  'patch-requires-name-and-price': {
    spec: [W.patchOmitted],
    does: 'Update Service Product requires `name_ar`, `name_en` and `price` (else nothing).',
    change: set('bodies', { patchRequires: ['name_ar', 'name_en', 'price'] }),
  },
  'category-hierarchy-checked': {
    spec: [W.subCategory, W.childCategory, W.conditions422],
    does: 'Each `sub_category` must sit under a `category` sent in the same body, each `child_category` under a `sub_category` sent (`subCategories` of the profile), else 422.',
    change: set('bodies', { categoryHierarchy: 'checked' }),
  },
  'existing-tags-only': {
    spec: [W.tagNames],
    does: 'Only the names of tags the store has are taken (`tagNames` of the profile); others are refused with 422 (else a new name creates a tag).',
    change: set('bodies', { tags: 'existing-only' }),
  },
  'unique-slug-and-sku': {
    spec: [W.slug, W.sku, W.conditions422],
    does: 'A slug or sku another product has is refused with 422 (an update keeps its own).',
    change: set('bodies', { uniqueSlugAndSku: true }),
  },
  'date-range-fields-required': {
    spec: [W.dateRange, W.productRequired],
    does: 'A booking body sending `is_enable_date_range: true` must send `date_range_start` and `date_range_end` too, which it then lists, else 422.',
    change: set('bodies', { dateRangeRequires: ['date_range_start', 'date_range_end'] }),
  },
  'sale-price-at-most-price': {
    spec: [W.money, W.conditions422],
    does: 'A `sale_price` above the `price` is refused with 422; an update sending one of them is checked against the stored other.',
    change: set('bodies', { salePriceAtMostPrice: true }),
  },
  'min-purchase-at-most-max': {
    spec: [W.minPurchase, W.maxPurchase, W.conditions422],
    does: 'A `max_purchase` below the `min_purchase` is refused with 422.',
    change: set('bodies', { minPurchaseAtMostMax: true }),
  },
  'release-date-not-after-update-date': {
    spec: [W.releaseDate, W.updateDate, W.conditions422],
    does: 'A `release_date` after the `update_date` is refused with 422; an update sending one of them is checked against the stored other.',
    change: set('bodies', { releaseNotAfterUpdate: true }),
  },
  'windows-end-after-start': {
    spec: [W.windows, W.conditions422],
    does: 'An availability window that does not end after it starts is refused with 422.',
    change: set('bodies', { windowsEndAfterStart: true }),
  },
  'windows-do-not-overlap': {
    spec: [W.windows, W.conditions422],
    does: 'Windows of one day that overlap are refused with 422 (touching is fine), as is a window that does not end after it starts.',
    change: set('bodies', { windowsDoNotOverlap: true }),
  },
  'providers-when-required': {
    spec: [W.providerRequired, W.providers, W.conditions422],
    does: 'A booking body with `provider_required: true` must send at least one of `providers`, else 422.',
    change: set('bodies', { providersWhenRequired: true }),
  },
  'video-fields-together': {
    spec: [W.videoSource, W.videoId, W.conditions422],
    does: 'A body sending `video_id` must send `video_source`, and the other way round, else 422.',
    change: set('bodies', { videoFieldsTogether: true }),
  },
});
