/**
 * A certification bundle (`certification-<run id>.zip`): one archive of what a run wrote, for handing
 * over, in the way OCI conformance results and Sonobuoy's results tarball are submitted. Its
 * `manifest.json` names every other file with its sha256 and says what the run was: the suite (version,
 * the digest of its files, whether they differ from its own manifest), the spec (path, sha256), the target,
 * the verdict, and whether the run was partial: a stated clause not judged (./judged.ts).
 *
 * The hashes make the bundle tamper-evident, not signed: the verifier (./verify.ts) checks that nothing
 * was changed, removed or added since it was made, and that its parts agree with each other.
 */
import { z } from 'zod';
import { RunInfo, Verdict } from '../report-format.ts';

/** Version of the bundle's layout and manifest. Version 2 added `partial` and `unjudged`, and the suite's digest. */
export const BUNDLE_FORMAT_VERSION = 2;

/** What a bundle holds, besides the HTML report's files (under `html/`) and the manifest. */
export const BundleFiles = {
  markdown: 'conformance.md',
  json: 'conformance.json',
  /** The same report as one self-contained page, for a reader with a browser. */
  page: 'conformance.html',
  junit: 'junit.xml',
  html: 'html/index.html',
  /** The run's suite, spec, target and configuration as the report shows them: never a credential. */
  configuration: 'configuration.json',
  /** A copy of the target profile the run used (profiles/<name>.json). */
  targetProfile: 'target-profile.json',
  manifest: 'manifest.json',
} as const;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

const ManifestFile = z.strictObject({
  path: z.string().min(1),
  sha256: Sha256,
  bytes: z.int().nonnegative(),
});
type ManifestFile = z.infer<typeof ManifestFile>;

export const Manifest = z.strictObject({
  bundleFormatVersion: z.literal(BUNDLE_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  verdict: Verdict,
  partial: z
    .boolean()
    .describe('True when a stated clause was not judged (listed in `unjudged`): such a bundle is never acceptable.'),
  unjudged: z
    .array(z.strictObject({ clause: z.string(), why: z.string() }))
    .describe('The stated clauses the run did not judge, and why (skipped by configuration, or not in the run).'),
  runId: z.string().nullable(),
  target: z.string(),
  suite: RunInfo.shape.suite,
  spec: RunInfo.shape.spec,
  targetProfile: z.strictObject({
    source: z.string().describe('The profile file the run read, as configured (TARGET_PROFILE or the default).'),
    file: z.literal(BundleFiles.targetProfile),
  }),
  files: z.array(ManifestFile).describe('Every file of the bundle but the manifest, sorted by path.'),
});
export type Manifest = z.infer<typeof Manifest>;

/** `certification-<run id>.zip`; a run without an id is named by the bundle's time. */
export function bundleName(runId: string | null | undefined, createdAt: Date): string {
  const id = runId ?? `run-${createdAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`;
  return `certification-${id.replace(/[^A-Za-z0-9._-]/g, '_')}.zip`;
}
