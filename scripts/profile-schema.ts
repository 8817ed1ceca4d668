/**
 * Writes spec/target-profile.schema.json, the JSON Schema of a target profile (for editors: `"$schema"`),
 * from the zod schema a run loads profiles with (support/contract/profile.ts). Run it after changing that
 * file: selftest/profile.spec.ts fails while the committed schema is stale.
 *
 *   npm run profile:schema
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../support/run/config.ts';
import { PROFILE_SCHEMA_FILE, profileJsonSchemaText } from '../support/contract/profile.ts';

writeFileSync(path.join(PROJECT_ROOT, PROFILE_SCHEMA_FILE), profileJsonSchemaText());
console.log(`Wrote ${PROFILE_SCHEMA_FILE}`);
