/**
 * A QA engineer's run against a store on loopback: `profile discover` writes the profile from what a
 * standalone reference shows, its undiscoverable entries are filled in from what the reference was
 * seeded with, and the suite runs with that profile and nothing else set for deliveries but the scheme
 * (the header and encoding only for `hmac-sha256`, which reads them). One such run per variant and
 * `npm test` (selftest/harness/shared-run.ts), read by each self test it proves something for:
 * - standard: the creates and updates (bodies of the profile's ids), the filters (by its brands,
 *   categories and tags) and the deliveries (the run's delivery probe among them): profile.spec.ts
 *   (the discovered profile runs CONFORMANT) and capture-config.spec.ts (a target on loopback receives
 *   deliveries with no CAPTURE_PUBLIC_URL);
 * - divergent: the whole suite: profile.spec.ts, divergent-reference.spec.ts (the whole suite against
 *   the divergent reference is CONFORMANT, nothing failing) and capture-config.spec.ts (hmac-sha256
 *   signatures verify with the configured header and encoding).
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedTargets } from '../../support/contract/embedded-targets.ts';
import type { TargetProfileFile } from '../../support/contract/profile.ts';
import { discoverProfile, schemaReference } from '../../support/run/profile-discover.ts';
import { PROJECT_ROOT } from '../../support/run/config.ts';
import { SELFTEST_TOKEN, type TestServers } from '../fixtures.ts';
import { runSuite } from '../harness/suite-run.ts';
import { sharedRun, type SharedRun } from '../harness/shared-run.ts';

export type DiscoveredVariant = 'standard' | 'divergent';

/** What `profile discover` found, for the readers to check. */
export interface DiscoveredFacts {
  readonly profile: Record<string, unknown>;
  readonly notes: readonly string[];
  /** The delivery settings the run was given. */
  readonly signature: Readonly<Record<string, string>>;
}

/** The entries no documented operation shows: filled in from the reference's own profile. */
export const UNDISCOVERABLE = ['subCategories', 'mediaIds', 'badgeIds', 'providerIds', 'statusIds'] as const;

/** What each variant's run judges: a selection where a whole run proves nothing more for its readers. */
const SPECS: Readonly<Record<DiscoveredVariant, readonly string[]>> = {
  standard: [
    'tests/products/create-booking-product.spec.ts',
    'tests/products/create-service-product.spec.ts',
    'tests/products/update-service-product.spec.ts',
    'tests/products/list-products-filters.spec.ts',
    'tests/webhooks/deliveries.spec.ts',
  ],
  divergent: [],
};

/** The variant's own profile: what its reference was seeded with. */
const ownProfile = (variant: DiscoveredVariant) =>
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, EmbeddedTargets[variant].profile), 'utf8')) as TargetProfileFile;

/** A header's name as a vendor's documentation spells it (`X-Store-Signature`): the run matches it whatever its case. */
const documented = (header: string) =>
  header.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/** The discover-then-run of `variant` for this `npm test`: started here if no self test has asked for it yet. */
export function discoveredRun(variant: DiscoveredVariant, servers: TestServers): Promise<SharedRun<DiscoveredFacts>> {
  return sharedRun(`discovered-${variant}`, async (dir) => {
    const { url } = await servers.reference({ variant });
    const file = path.join(dir, 'discovered.json');
    const discovery = await discoverProfile(
      { baseUrl: url, token: SELFTEST_TOKEN, acceptLanguage: 'en', timeoutMs: 5_000, productListPath: '/products' },
      schemaReference(file),
    );
    const seeded = ownProfile(variant);
    const filled = { ...discovery.profile, ...Object.fromEntries(UNDISCOVERABLE.map((key) => [key, seeded[key]])) };
    await writeFile(file, JSON.stringify(filled));
    const { scheme, header, encoding } = EmbeddedTargets[variant].signature;
    const signature = {
      WEBHOOK_SIGNATURE_SCHEME: scheme,
      ...(scheme === 'hmac-sha256'
        ? { WEBHOOK_SIGNATURE_HEADER: documented(header), WEBHOOK_SIGNATURE_ENCODING: encoding }
        : {}),
    };
    const result = await runSuite({
      env: { BASE_URL: url, API_TOKEN: SELFTEST_TOKEN, TARGET_PROFILE: file, ...signature },
      args: SPECS[variant],
      keepReports: dir,
    });
    return { result, facts: { profile: discovery.profile, notes: discovery.notes, signature } };
  });
}
