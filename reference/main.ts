/** `npm run reference`: the reference server alone, for poking at it by hand. */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { buildReference } from './app.ts';
import { parseFaults } from './faults/index.ts';
import { parseReferenceChoices, referenceChoicesOf, ReferenceVariants } from '../support/contract/embedded-targets.ts';

// Its own variable, not API_TOKEN: a shell set up for a staging run must not get that token printed here.
const token = process.env.REFERENCE_TOKEN || `ref-${randomBytes(16).toString('hex')}`;
const faults = parseFaults(
  (process.env.REFERENCE_FAULTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const variantParsed = z
  .enum(ReferenceVariants)
  .default('standard')
  .safeParse(process.env.REFERENCE_VARIANT || undefined);
if (!variantParsed.success) {
  console.error(`REFERENCE_VARIANT: ${z.prettifyError(variantParsed.error)}`);
  process.exit(2);
}
const variant = variantParsed.data;
const asked = parseReferenceChoices(process.env.REFERENCE_CHOICES ?? '');
if ('problems' in asked) {
  console.error(`REFERENCE_CHOICES: ${asked.problems.join('; ')} (the choices are listed in docs/variants.md)`);
  process.exit(2);
}
const choiceNames = referenceChoicesOf(variant, process.env.REFERENCE_CHOICES ?? '');
const { app, choices } = buildReference({
  token,
  variant,
  choiceNames,
  faults,
  logger: process.env.REFERENCE_LOG === 'true',
});
const url = await app.listen({
  host: process.env.REFERENCE_HOST ?? '127.0.0.1',
  port: Number(process.env.REFERENCE_PORT ?? 0),
});

const { scheme, header, encoding } = choices.deliveries.signature;
console.log(`Reference server (${variant}) listening at ${url}`);
console.log(`Choices: ${choiceNames.join(', ') || 'none'}`);
console.log(`Token: ${token}`);
console.log(`Deliveries signed with ${scheme}${scheme === 'hmac-sha256' ? ` in ${header} (${encoding})` : ''}`);
if (faults.names.length > 0) console.log(`Faults on: ${faults.names.join(', ')}`);
console.log(`Try: curl -s -H "Authorization: Bearer ${token}" ${url}/api/core/v1/webhooks/events`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
