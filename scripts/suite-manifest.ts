/**
 * `npm pack`'s prepack and postpack (support/report/suite-manifest.ts): `write` puts suite-manifest.json,
 * the sha256 of every file the package ships and their digest, at the root, so the tarball carries it;
 * `remove` takes it away again, so a clone never holds a manifest of files it has since changed.
 *
 *   npm pack    # runs both
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { SUITE_MANIFEST_FILE, suiteManifest } from '../support/report/suite-manifest.ts';

const file = path.join(PROJECT_ROOT, SUITE_MANIFEST_FILE);
const action = process.argv[2];
if (action === 'write') {
  const manifest = suiteManifest();
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  // On stderr: `npm pack --json` prints its JSON on stdout.
  console.error(
    `Wrote ${SUITE_MANIFEST_FILE}: ${manifest.files.length} files of ${manifest.name} ${manifest.version}, sha256 ${manifest.digest}`,
  );
} else if (action === 'remove') {
  rmSync(file, { force: true });
} else {
  console.error('usage: tsx scripts/suite-manifest.ts write|remove');
  process.exit(2);
}
