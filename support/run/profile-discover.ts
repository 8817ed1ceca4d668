/**
 * `profile discover`: a target profile written from what the documented operations show,
 * reading only (it creates nothing on the target):
 * - where List Products answers (`/products`, the spec's table, or `/api/core/v1/products`, its links);
 * - brand and category ids, with their names, and tag names, from the products the list shows;
 * - what no documented operation shows (media, badges, providers, statuses, sub-categories) is left as
 *   a marked placeholder (`FILL IN: …`) saying where to find it. The profile check of each run then
 *   asks the target about every entry, and discovers which status publishes (`is_published`).
 */
import path from 'node:path';
import { targetHeaders } from '../client/headers.ts';
import { httpRequest } from '../client/http.ts';
import { PLACEHOLDER_PREFIX, PROFILE_SCHEMA_FILE, type TargetProfileFile } from '../contract/profile.ts';
import { PROJECT_ROOT } from './config.ts';
import { SetupError } from './errors.ts';
import { asArray, asRecord, parseJson } from './json.ts';

export interface DiscoverTarget {
  readonly baseUrl: string;
  readonly token: string | undefined;
  readonly acceptLanguage: string;
  readonly timeoutMs: number;
  /** PRODUCT_LIST_PATH: tried first. */
  readonly productListPath: string;
}

export interface Discovery {
  /** The profile as its file will hold it (placeholders where nothing could be discovered). */
  readonly profile: Record<string, unknown>;
  /** Where List Products answered. */
  readonly listPath: string;
  /** Products read, pages read. */
  readonly products: number;
  readonly pages: number;
  /** What the reader should know, one line each. */
  readonly notes: readonly string[];
}

/** The two paths the spec gives the list: its endpoint table's, and its pagination links'. */
const LIST_PATHS = ['/products', '/api/core/v1/products'];
/** Pages read at most, at the target's own page size (its largest is not shown): enough to see the brands, categories and tags of a store in use. */
const MAX_PAGES = 30;

/** Why nothing could be discovered: the list answers at neither path. */
class DiscoverError extends SetupError {
  constructor(message: string) {
    super('DiscoverError', message);
  }
}

const WHERE = {
  mediaIds: `${PLACEHOLDER_PREFIX} ids of uploaded media: Upload Media answers them, no documented operation lists them (your store's media library)`,
  badgeIds: `${PLACEHOLDER_PREFIX} badge ids: no documented operation lists them (your store's admin)`,
  providerIds: `${PLACEHOLDER_PREFIX} booking provider ids: no documented operation lists them (your store's admin)`,
  statusIds: `${PLACEHOLDER_PREFIX} product status ids: no documented operation lists them (your store's admin); each run discovers which publishes, or declare it as {"id": 1, "publishes": true}`,
  subCategories: `${PLACEHOLDER_PREFIX} sub-categories as [{"id", "categoryId", "childCategoryIds"}], or [] when your store has none: the list does not say which category is a sub-category of which`,
  brandIds: `${PLACEHOLDER_PREFIX} brand ids (at least two): the product list showed fewer`,
  categoryIds: `${PLACEHOLDER_PREFIX} top-level category ids (at least two): the product list showed fewer`,
} as const;

export async function discoverProfile(target: DiscoverTarget, schemaRef: string): Promise<Discovery> {
  const paths = [target.productListPath, ...LIST_PATHS.filter((p) => p !== target.productListPath)];
  const tried: string[] = [];
  for (const listPath of paths) {
    const first = await listPage(target, listPath, 1);
    if ('failure' in first) {
      tried.push(`GET ${listPath} ${first.failure}`);
      continue;
    }
    return read(target, listPath, first.page, schemaRef);
  }
  throw new DiscoverError(
    `List Products answers at neither path the spec gives: ${tried.join('; ')}. Check BASE_URL (and PRODUCT_LIST_PATH).`,
  );
}

interface Page {
  readonly products: readonly Record<string, unknown>[];
  readonly lastPage: number | undefined;
}

async function read(target: DiscoverTarget, listPath: string, first: Page, schemaRef: string): Promise<Discovery> {
  const brands = new Map<number, string | undefined>();
  const categories = new Map<number, string | undefined>();
  const tags = new Set<string>();
  let products = 0;
  let pages = 0;
  for (let page: Page | undefined = first, n = 1; page && n <= MAX_PAGES; n++) {
    pages++;
    for (const product of page.products) {
      products++;
      const brand = asRecord(product.brand);
      if (typeof brand.id === 'number') brands.set(brand.id, nameOf(brand.name));
      for (const category of asArray(product.categories).map(asRecord))
        if (typeof category.id === 'number') categories.set(category.id, nameOf(category.name));
      for (const tag of asArray(product.tags).map(asRecord))
        if (typeof tag.tag_name === 'string' && tag.tag_name.trim() !== '') tags.add(tag.tag_name);
    }
    const done = page.products.length === 0 || (page.lastPage !== undefined && n >= page.lastPage);
    if (done) break;
    const next = await listPage(target, listPath, n + 1);
    page = 'failure' in next ? undefined : next.page;
  }
  const entries = (found: Map<number, string | undefined>) =>
    [...found].sort(([a], [b]) => a - b).map(([id, name]) => (name ? { id, name } : id));
  const notes = [
    `List Products answers at ${listPath}${listPath === target.productListPath ? '' : `: set PRODUCT_LIST_PATH=${listPath}`}.`,
    `Read ${products} products on ${pages} page(s): ${brands.size} brands, ${categories.size} categories, ${tags.size} tag names.`,
  ];
  if (categories.size > 0)
    notes.push(
      'categoryIds lists every category the products carry: move any sub-category or child category among them to subCategories.',
    );
  if (tags.size < 2)
    notes.push(
      'No tagNames: fewer than two tag names showed. A store that creates tags from names needs none; one that takes only the tags it has needs them listed (the profile check says which it is).',
    );
  const profile: Omit<Record<keyof TargetProfileFile, unknown>, 'unknownWebhookId' | 'unknownProductId'> = {
    $schema: schemaRef,
    description: `Written by \`profile discover\` from ${target.baseUrl} on ${new Date().toISOString().slice(0, 10)}. Replace each "${PLACEHOLDER_PREFIX} …" with the ids it asks for, then \`profile check\`.`,
    brandIds: brands.size >= 2 ? entries(brands) : [WHERE.brandIds],
    categoryIds: categories.size >= 2 ? entries(categories) : [WHERE.categoryIds],
    subCategories: WHERE.subCategories,
    mediaIds: [WHERE.mediaIds],
    badgeIds: [WHERE.badgeIds],
    providerIds: [WHERE.providerIds],
    statusIds: [WHERE.statusIds],
    tagNames: tags.size >= 2 ? [...tags].sort() : undefined,
  };
  return {
    profile: Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)),
    listPath,
    products,
    pages,
    notes,
  };
}

async function listPage(
  target: DiscoverTarget,
  listPath: string,
  page: number,
): Promise<{ page: Page } | { failure: string }> {
  const url = `${target.baseUrl}${listPath}?page=${page}`;
  try {
    const response = await httpRequest(url, {
      method: 'GET',
      headers: { ...targetHeaders(target), 'accept-encoding': 'identity' },
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) return { failure: `answered ${response.status}` };
    const data = asRecord(asRecord(parseJson(text)).data);
    if (!Array.isArray(data.products)) return { failure: `answered ${response.status} without data.products` };
    const lastPage = asRecord(data.pagination).last_page;
    return {
      page: { products: data.products.map(asRecord), lastPage: typeof lastPage === 'number' ? lastPage : undefined },
    };
  } catch (error) {
    return { failure: `got no answer (${(error as Error).message})` };
  }
}

/** The English name of a `{ar, en}` name, else the Arabic, else none. */
function nameOf(name: unknown): string | undefined {
  const { en, ar } = asRecord(name);
  if (typeof en === 'string' && en.trim() !== '') return en;
  return typeof ar === 'string' && ar.trim() !== '' ? ar : undefined;
}

/** The `$schema` a profile at `file` gives: the schema's path relative to it. */
export function schemaReference(file: string): string {
  return path
    .relative(path.dirname(path.resolve(file)), path.join(PROJECT_ROOT, PROFILE_SCHEMA_FILE))
    .split(path.sep)
    .join('/');
}

/** Two-space JSON, with each entry of a list on a line of its own: `{ "id": 501, "name": "Almarai" },`. */
export function formatProfile(profile: Record<string, unknown>): string {
  const oneLine = (value: unknown) => JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
  const fields = Object.entries(profile).map(([key, value]) =>
    Array.isArray(value) && value.length > 0
      ? `  ${JSON.stringify(key)}: [\n${value.map((item) => `    ${oneLine(item)}`).join(',\n')}\n  ]`
      : `  ${JSON.stringify(key)}: ${oneLine(value)}`,
  );
  return `{\n${fields.join(',\n')}\n}\n`;
}
