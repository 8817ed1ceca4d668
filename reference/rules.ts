/**
 * What a product body that fits its schema may still be refused for: ids that name nothing in the store,
 * and the rules its choices hold bodies to (tags it has, unique slugs and skus, fields beside a date
 * range, and rules between two fields). On an update, a rule between two fields reads the stored value
 * of the one the body does not send.
 */
import type { ProductBody } from './product-bodies.ts';
import type { CategoryRecord } from './seed.ts';
import type { ProductRecord, Store } from './store.ts';
import type { FieldErrors, ReferenceChoices } from './variants/index.ts';

// What a body that fits its schema is still refused for is each store's own (docs/variants.md, `bodies`): a
// store that refuses less, or under other conditions, is as conformant; one that refuses the suite's own
// bodies fails the success answers through any of its rules.
// Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."

/**
 * Ids a product body refers to must exist (an unknown brand, category or sub-category is a validation
 * error), and under a `checked` hierarchy each sub-category and child category must sit under one sent with it.
 */
function referenceErrors(body: ProductBody, store: Store, { bodies }: ReferenceChoices): FieldErrors {
  const errors: FieldErrors = {};
  const check = (
    field: string,
    values: readonly number[] | undefined,
    exists: (id: number) => boolean,
    problem = 'unknown id(s)',
  ) => {
    const missing = (values ?? []).filter((v) => !exists(v));
    if (missing.length > 0) errors[field] = [`${problem}: ${missing.join(', ')}`];
  };
  const one = (id: number | undefined) => (id === undefined ? undefined : [id]);
  if (bodies.categoryHierarchy === 'checked') {
    const under = (level: CategoryRecord['level'], parents: readonly number[] | undefined) => (id: number) => {
      const category = store.categories.get(id);
      return category?.level === level && category.parent !== undefined && (parents ?? []).includes(category.parent);
    };
    check('sub_category', body.sub_category, under('sub', body.category), 'not a sub-category of a category sent');
    check(
      'child_category',
      body.child_category,
      under('child', body.sub_category),
      'not a child category of a sub-category sent',
    );
  } else {
    check('sub_category', body.sub_category, (v) => store.categories.has(v));
    check('child_category', body.child_category, (v) => store.categories.has(v));
  }
  check('brand_id', one(body.brand_id), (v) => store.brands.has(v));
  check('category', body.category, (v) => store.categories.has(v));
  check('image_id', one(body.image_id), (v) => store.media.has(v));
  check('product_gallery', body.product_gallery, (v) => store.media.has(v));
  check('status_id', one(body.status_id), (v) => store.statuses.has(v));
  check('badge_id', one(body.badge_id), (v) => store.badges.has(v));
  check('providers', body.providers, (v) => store.providers.has(v));
  return errors;
}

/** Tag names no tag has (when only existing tags are taken), a slug or sku another product has (when unique), the fields a date range requires. */
function storeRuleErrors(
  body: ProductBody,
  store: Store,
  { bodies }: ReferenceChoices,
  self?: ProductRecord,
): FieldErrors {
  const errors: FieldErrors = {};
  if (bodies.tags === 'existing-only') {
    const unknown = (body.tags ?? []).filter((name) => store.tagIdOf(name) === undefined);
    if (unknown.length > 0)
      errors.tags = [`no tag has the name(s) ${unknown.map((n) => JSON.stringify(n)).join(', ')}`];
  }
  if (bodies.uniqueSlugAndSku) {
    const others = [...store.products.values()].filter((product) => product.id !== self?.id);
    if (body.sku !== undefined && others.some((product) => product.sku === body.sku))
      errors.sku = ['has already been taken'];
    if (body.slug !== undefined && others.some((product) => product.extra.slug === body.slug))
      errors.slug = ['has already been taken'];
  }
  if (body.is_enable_date_range === true)
    for (const field of bodies.dateRangeRequires)
      if ((body as Record<string, unknown>)[field] === undefined)
        errors[field] = ['is required when is_enable_date_range is true'];
  return errors;
}

/** The value of a field after the write: the body's, else the stored product's. */
const after = <T>(sent: T | undefined, stored: T | undefined): T | undefined => sent ?? stored;
const storedText = (self: ProductRecord | undefined, field: string) =>
  typeof self?.extra[field] === 'string' ? self.extra[field] : undefined;

/** The rules between two fields the choices hold bodies to, each checked when the body sends one of the two. */
function fieldRuleErrors(body: ProductBody, { bodies }: ReferenceChoices, self?: ProductRecord): FieldErrors {
  const errors: FieldErrors = {};
  const either = (a: unknown, b: unknown) => a !== undefined || b !== undefined;
  if (bodies.salePriceAtMostPrice && either(body.sale_price, body.price)) {
    const [sale, price] = [after(body.sale_price, self?.sale_price), after(body.price, self?.price)];
    if (sale !== undefined && price !== undefined && sale > price) errors.sale_price = ['must not be more than price'];
  }
  if (bodies.minPurchaseAtMostMax && either(body.min_purchase, body.max_purchase)) {
    const [least, most] = [
      after(body.min_purchase, self?.min_purchase),
      after(body.max_purchase, self?.max_purchase ?? undefined),
    ];
    if (least !== undefined && most !== undefined && most < least)
      errors.max_purchase = ['must not be less than min_purchase'];
  }
  if (bodies.releaseNotAfterUpdate && either(body.release_date, body.update_date)) {
    const release = after(body.release_date, storedText(self, 'release_date'));
    const update = after(body.update_date, storedText(self, 'update_date'));
    if (release !== undefined && update !== undefined && release > update)
      errors.release_date = ['must not be after update_date'];
  }
  if (bodies.providersWhenRequired && body.provider_required === true && (body.providers ?? []).length === 0)
    errors.providers = ['at least one is required when provider_required is true'];
  if (bodies.videoFieldsTogether) {
    if (body.video_id !== undefined && body.video_source === undefined)
      errors.video_source = ['is required with video_id'];
    if (body.video_source !== undefined && body.video_id === undefined)
      errors.video_id = ['is required with video_source'];
  }
  return errors;
}

/** Everything a body that fits its schema is refused for; `self` is the product an update changes. */
export function productRuleErrors(
  body: ProductBody,
  store: Store,
  choices: ReferenceChoices,
  self?: ProductRecord,
): FieldErrors {
  return {
    ...referenceErrors(body, store, choices),
    ...storeRuleErrors(body, store, choices, self),
    ...fieldRuleErrors(body, choices, self),
  };
}
