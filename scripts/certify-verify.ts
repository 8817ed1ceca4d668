/**
 * `npm run certify:verify <archive>`: checks a certification bundle (support/report/certification/verify.ts):
 * every file the manifest lists present with its sha256 and nothing else, conformance.json valid against
 * the report's format, the parts agreeing; then prints the verdict and whether the bundle is acceptable
 * (a whole run of the unmodified suite, CONFORMANT). Exits 0 only when it is.
 */
import { readFileSync } from 'node:fs';
import { verifyCertificationBundle } from '../support/report/certification/verify.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run certify:verify <certification-….zip>');
  process.exit(2);
}
let bytes: Buffer;
try {
  bytes = readFileSync(file);
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}
const result = verifyCertificationBundle(bytes);
console.log(`Certification bundle ${file}`);
for (const check of result.checks)
  console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.line.replace(/\n/g, '\n       ')}`);
console.log(`Verdict: ${result.summary ?? result.verdict ?? 'unknown (the bundle could not be read)'}`);
console.log(`Acceptable: ${result.acceptable ? 'yes' : 'no'}`);
process.exit(result.acceptable ? 0 : 1);
