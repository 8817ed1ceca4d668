/**
 * The suite's own files and their manifest. The package ships the files `package.json`'s `files` names,
 * and `suite-manifest.json`, written when it is packed (`npm pack` runs `prepack`, scripts/suite-manifest.ts):
 * each file's sha256, and a digest of them all. A run records the digest of the files as it finds them and
 * whether they differ from the manifest; a verifier accepts a bundle only when that digest is its own
 * pristine copy's (support/report/certification/verify.ts). Git plays no part: an installed package has none.
 *
 * The digest is a sha256 over `<sha256>  <path>\n` lines sorted by path (sha256sum's format), so any file
 * changed, added or removed changes it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from '../run/config.ts';

export const SUITE_MANIFEST_FILE = 'suite-manifest.json';
/** How many changed files a run names; the count says the rest. */
const CHANGED_SHOWN = 20;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

export const SuiteManifest = z.strictObject({
  name: z.string(),
  version: z.string(),
  digest: Sha256.describe('sha256 of the files below, as sha256sum lines sorted by path.'),
  files: z.array(z.strictObject({ path: z.string(), sha256: Sha256 })),
});
export type SuiteManifest = z.infer<typeof SuiteManifest>;

export interface SuiteState {
  readonly name: string;
  readonly version: string;
  /** The digest of the files as they are now. */
  readonly digest: string;
  /** Whether they differ from the manifest; unknown without one (a clone that was never packed). */
  readonly modified: boolean | 'unknown';
  /** What differs: `path (changed)`, `(added)` or `(removed)`; the first CHANGED_SHOWN, then a count. */
  readonly changed: readonly string[];
  /** The manifest's digest, when there is a manifest. */
  readonly manifestDigest: string | undefined;
}

interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly files?: readonly string[];
}

const readPackageJson = (root: string) =>
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson;

/** What npm never packs, wherever it is (npm-packlist's defaults): editor and VCS leftovers. */
const NEVER_PACKED = /^(\.git|\.svn|\.hg|CVS|node_modules|\.DS_Store|\._.*|\..*\.swp|npm-debug\.log|\.npmrc|.*\.orig)$/;

function walk(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !NEVER_PACKED.test(entry.name))
    .flatMap((entry) => {
      const child = path.posix.join(relative, entry.name);
      return entry.isDirectory() ? walk(root, child) : entry.isFile() ? [child] : [];
    });
}

/** The package's own files, relative and sorted: package.json and what its `files` names (not the manifest). */
export function suiteFiles(root = PROJECT_ROOT): string[] {
  const listed = readPackageJson(root).files ?? [];
  const files = new Set(['package.json', ...listed.flatMap((entry) => walk(root, entry.replace(/\/+$/, '')))]);
  files.delete(SUITE_MANIFEST_FILE);
  return [...files].sort();
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function digestOf(files: readonly { readonly path: string; readonly sha256: string }[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return sha256(sorted.map((f) => `${f.sha256}  ${f.path}\n`).join(''));
}

/** The manifest of the files as they are now: what `prepack` writes. */
export function suiteManifest(root = PROJECT_ROOT): SuiteManifest {
  const { name, version } = readPackageJson(root);
  const files = suiteFiles(root).map((file) => ({ path: file, sha256: sha256(readFileSync(path.join(root, file))) }));
  return { name, version, digest: digestOf(files), files };
}

/** The shipped manifest; undefined when there is none; throws when it is not one. */
function readSuiteManifest(root = PROJECT_ROOT): SuiteManifest | undefined {
  const file = path.join(root, SUITE_MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const parsed = SuiteManifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a suite manifest:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The suite as it is now, compared with its manifest. */
export function suiteState(root = PROJECT_ROOT): SuiteState {
  const now = suiteManifest(root);
  let shipped: SuiteManifest | undefined;
  try {
    shipped = readSuiteManifest(root);
  } catch {
    // A manifest that cannot be read was changed: every file counts as unverified.
    return {
      ...stateOf(now),
      modified: true,
      changed: [`${SUITE_MANIFEST_FILE} (changed)`],
      manifestDigest: undefined,
    };
  }
  if (!shipped) return { ...stateOf(now), modified: 'unknown', changed: [], manifestDigest: undefined };
  const before = new Map(shipped.files.map((f) => [f.path, f.sha256]));
  const after = new Map(now.files.map((f) => [f.path, f.sha256]));
  const changed = [
    ...now.files.filter((f) => before.has(f.path) && before.get(f.path) !== f.sha256).map((f) => `${f.path} (changed)`),
    ...now.files.filter((f) => !before.has(f.path)).map((f) => `${f.path} (added)`),
    ...shipped.files.filter((f) => !after.has(f.path)).map((f) => `${f.path} (removed)`),
  ];
  const shown =
    changed.length > CHANGED_SHOWN
      ? [...changed.slice(0, CHANGED_SHOWN), `… and ${changed.length - CHANGED_SHOWN} more`]
      : changed;
  return {
    ...stateOf(now),
    modified: changed.length > 0 || shipped.digest !== now.digest,
    changed: shown,
    manifestDigest: shipped.digest,
  };
}

const stateOf = (manifest: SuiteManifest) => ({
  name: manifest.name,
  version: manifest.version,
  digest: manifest.digest,
});
