/**
 * What a conformance report says about the run itself: the suite (version, the digest of its files and
 * whether they differ from its manifest: ./suite-manifest.ts), the spec it checks
 * (path and sha256, so a reader knows which text the verdict is against), the target (without
 * credentials) and the configuration that can explain a skip. Computed when playwright.config.ts is
 * loaded and carried in the config's `metadata`, so it survives sharding: blob reports keep it, and
 * `merge-reports` hands it to the conformance reporter of the merged run.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, readEnvironment, workingDirectory } from '../run/config.ts';
import type { RunInfo } from './report-format.ts';
import { readVariable, variablesWhere } from '../contract/variables.ts';
import { suiteState } from './suite-manifest.ts';

/** The spec this suite checks, shipped with it (a copy of ../shared/spec/store-api.md; selftest/spec-copy.spec.ts keeps them equal). */
export const DEFAULT_SPEC_FILE = readVariable('SPEC_FILE', {});
/** Where the run info sits in the Playwright config's `metadata`. */
export const RUN_INFO_METADATA_KEY = 'conformance';

/** Variables shown in the report: what a skip's reason may name, and what a reader needs to re-run. */
const SHOWN_VARIABLES = variablesWhere((v) => v.shown === true);

/** A URL as it may be shown: no user, password, query or fragment (any of which can carry a credential). */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(not a valid URL)';
  }
}

export function collectRunInfo(
  env: Record<string, string | undefined> = safeEnvironment(),
  root = PROJECT_ROOT,
): RunInfo {
  const specFile = readVariable('SPEC_FILE', env);
  // The spec shipped with the suite, unless the user names one of their own.
  const specPath = path.resolve(env.SPEC_FILE?.trim() ? workingDirectory() : root, specFile);
  const configuration: Record<string, string> = {};
  for (const name of SHOWN_VARIABLES) {
    const value = env[name]?.trim();
    if (value) configuration[name] = name.endsWith('_URL') ? withoutCredentials(value) : value;
  }
  const faults = env.REFERENCE_FAULTS?.trim();
  const variant = env.REFERENCE_VARIANT?.trim();
  const reference = `the embedded reference implementation${variant && variant !== 'standard' ? ` (${variant})` : ''}`;
  return {
    suite: suiteOf(root),
    spec: {
      path: specFile,
      sha256: isFile(specPath)
        ? createHash('sha256').update(readFileSync(specPath)).digest('hex')
        : `unknown (${specFile} not found)`,
    },
    target: env.BASE_URL?.trim()
      ? withoutCredentials(env.BASE_URL.trim())
      : `${reference}${faults ? ` with faults ${faults}` : ''}`,
    configuration,
    runId: env.RUN_ID?.trim() || undefined,
  };
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The environment as the suite reads it (dotenv under the process environment); a bad ENV_FILE is reported by global setup. */
export function safeEnvironment(): Record<string, string | undefined> {
  try {
    return readEnvironment();
  } catch {
    return { ...process.env };
  }
}

function suiteOf(root: string): RunInfo['suite'] {
  const { name, version, digest, modified, changed } = suiteState(root);
  return { name, version, digest, modified, changed: [...changed] };
}
