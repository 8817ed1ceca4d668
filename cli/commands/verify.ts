/**
 * `store-api-conformance verify <bundle.zip>`: checks a certification bundle as a certifying body does
 * (support/report/certification/verify.ts), against this copy of the suite: prints each check, the
 * verdict, and whether the bundle is acceptable. Exit code: 0 acceptable, 1 not, 2 not readable.
 */
import { readFileSync } from 'node:fs';
import type { Command } from '../command.ts';

export const verify: Command = {
  name: 'verify',
  summary: 'Check a certification bundle: intact, consistent, made by this release unmodified, every clause judged.',
  usage: '<certification-….zip>',
  details: [
    'Verify with a pristine install of the release the bundle names: it accepts only bundles that release made.',
    'Exit code: 0 acceptable, 1 not acceptable (the checks say why), 2 the file cannot be read.',
  ],
  options: {},
  positionals: { min: 1, max: 1 },
  run: async ({ positionals }) => {
    const file = positionals[0] ?? '';
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      console.error(`Cannot read ${file}: ${(error as Error).message}`);
      return 2;
    }
    const { verifyCertificationBundle } = await import('../../support/report/certification/verify.ts');
    const result = await verifyCertificationBundle(bytes);
    console.log(`Certification bundle ${file}`);
    for (const check of result.checks)
      console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.line.replace(/\n/g, '\n       ')}`);
    console.log(`Verdict: ${result.summary ?? result.verdict ?? 'unknown (the bundle could not be read)'}`);
    console.log(`Acceptable: ${result.acceptable ? 'yes' : result.partial ? 'no (partial)' : 'no'}`);
    return result.acceptable ? 0 : 1;
  },
};
