/** `npm run reference`: the reference server alone, for poking at it by hand. */
import { randomBytes } from 'node:crypto';
import { buildReference } from '../reference/app.ts';
import { parseFaults } from '../reference/faults/index.ts';

// Its own variable, not API_TOKEN: a shell set up for a staging run must not get that token printed here.
const token = process.env.REFERENCE_TOKEN || `ref-${randomBytes(16).toString('hex')}`;
const faults = parseFaults(
  (process.env.REFERENCE_FAULTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const { app } = buildReference({ token, faults, logger: process.env.REFERENCE_LOG === 'true' });
const url = await app.listen({
  host: process.env.REFERENCE_HOST ?? '127.0.0.1',
  port: Number(process.env.REFERENCE_PORT ?? 0),
});

console.log(`Reference server listening at ${url}`);
console.log(`Token: ${token}`);
if (faults.names.length > 0) console.log(`Faults on: ${faults.names.join(', ')}`);
console.log(`Try: curl -s -H "Authorization: Bearer ${token}" ${url}/api/core/v1/webhooks/events`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
