/**
 * Looking through a JSON value at any depth: where a secret hides under an unexpected key, where a
 * delivery names its event or its product. Returns paths (`data.webhook.events[0].id`), never values,
 * so a message built from them cannot leak what it found.
 */

/** Every path under `root` (named `rootName`) whose key or string value `found` accepts. */
export function pathsWhere(root: unknown, found: (key: string, value: unknown) => boolean, rootName = '$'): string[] {
  const out: string[] = [];
  const visit = (value: unknown, path: string, key: string) => {
    if (found(key, value)) out.push(path);
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${path}[${i}]`, String(i)));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`, k);
    }
  };
  visit(root, rootName, '');
  return out;
}

const ID_KEYS = new Set(['id', 'identifier', 'product_id', 'productid']);

/** Whether a key names an id (`id`, `identifier`, `product_id`): where a product's id is looked for. */
const isIdKey = (key: string): boolean => ID_KEYS.has(key.toLowerCase());

/**
 * Objects a product carries that have ids of their own (its brand, categories, tags, images, options…):
 * another product's brand may have this product's id, so an id under them names no product.
 */
const OWN_ID_HOLDERS = /(^|_)(brand|badge|status|categor|tag|image|media|gallery|option|provider|related)/i;

/**
 * Paths where an id-like key (`id`, `identifier`, `product_id`) holds `id`, as a number or a numeric
 * string, outside the objects in OWN_ID_HOLDERS: places that name the product itself.
 */
export function pathsNamingId(root: unknown, id: number, rootName = 'body'): string[] {
  return pathsWhere(root, (key, value) => isIdKey(key) && (value === id || value === String(id)), rootName).filter(
    (path) =>
      !path
        .split('.')
        .slice(1, -1)
        .some((key) => OWN_ID_HOLDERS.test(key)),
  );
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Where a payload holds the product: the shallowest object under `root` whose id key holds `id`
 * (breadth first), with its path (`data`, `data.product`; empty for the root itself).
 */
export function productObject(root: unknown, id: number): { path: string; value: Record<string, unknown> } | undefined {
  let level: { path: string; value: unknown }[] = [{ path: '', value: root }];
  while (level.length > 0) {
    const next: typeof level = [];
    for (const { path, value } of level) {
      if (isObject(value) && Object.entries(value).some(([k, v]) => isIdKey(k) && (v === id || v === String(id))))
        return { path, value };
      if (Array.isArray(value)) value.forEach((item, i) => next.push({ path: `${path}[${i}]`, value: item }));
      else if (isObject(value))
        for (const [k, v] of Object.entries(value)) next.push({ path: path ? `${path}.${k}` : k, value: v });
    }
    level = next;
  }
  return undefined;
}
