/**
 * The anti-SSRF rule of the `divergent-ssrf` reference: a webhook may only point at https on a public
 * host, never at localhost, a loopback, private, link-local or otherwise internal address (what a
 * hosted service does so its deliveries cannot reach its own network). Such a service resolves a name
 * to check its addresses, so it refuses one that does not resolve (`resolves`). The spec shows no such
 * rule, and none against it: a target may refuse such URLs.
 */
import { BlockList, isIP } from 'node:net';

// The divergent-ssrf variant's own rule: which destinations a store refuses is its choice.
// Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) stands for. */
function mappedV4(host: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(host);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1] ?? '0', 16), parseInt(hex[2] ?? '0', 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether `url` is https to a host that is neither local nor internal (a name is taken as public). */
export function isPublicHttps(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const v4 = isIP(host) === 6 ? mappedV4(host) : undefined;
  if (v4) return !internal.check(v4, 'ipv4');
  if (isIP(host) === 4) return !internal.check(host, 'ipv4');
  if (isIP(host) === 6) return !internal.check(host, 'ipv6');
  return true;
}

/**
 * Whether the host of `url` would resolve, as a target that looks destinations up sees it: the
 * reference looks up no name, so it refuses only names under `.invalid`, which never resolve (RFC 6761).
 */
export function resolves(url: string): boolean {
  // Refinements run after a failed URL check too: not a URL, nothing to resolve.
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase();
  return host !== 'invalid' && !host.endsWith('.invalid');
}
