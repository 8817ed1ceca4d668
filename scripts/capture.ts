/**
 * `npm run capture`: a capture server on its own, for the shards of a run or runs on several machines
 * to share (support/capture/standalone.ts). It listens on CAPTURE_HOST:CAPTURE_PORT, tells targets
 * CAPTURE_PUBLIC_URL (or its own address), and prints how runs use it. Its control token is a secret:
 *
 *   npm run capture                                  # prints the new token once: CAPTURE_CONTROL_TOKEN=…
 *   npm run capture -- --token-file capture.token    # writes it there (mode 600) and prints nothing of it
 *   CAPTURE_CONTROL_TOKEN=… npm run capture          # takes it (from a CI secret, say) and prints nothing of it
 *   npm run capture -- --exit-when-idle 300          # closes once its control API was unused for 300 s (CI)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EnvSchema, readEnvironment } from '../support/run/config.ts';
import { describeStandalone, describeUsage, startStandaloneCapture } from '../support/capture/standalone.ts';

const USAGE = 'usage: npm run capture [-- --token-file <path>] [--exit-when-idle <seconds>]';

const CaptureEnv = EnvSchema.pick({
  CAPTURE_HOST: true,
  CAPTURE_PORT: true,
  CAPTURE_PUBLIC_URL: true,
  CAPTURE_CONTROL_TOKEN: true,
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let args: { 'token-file'?: string | undefined; 'exit-when-idle'?: string | undefined };
try {
  args = parseArgs({
    options: { 'token-file': { type: 'string' }, 'exit-when-idle': { type: 'string' } },
    allowPositionals: false,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const idleSeconds = args['exit-when-idle'] === undefined ? undefined : Number(args['exit-when-idle']);
if (idleSeconds !== undefined && !(Number.isFinite(idleSeconds) && idleSeconds > 0))
  fail(`--exit-when-idle: a number of seconds above 0 (got ${JSON.stringify(args['exit-when-idle'])})\n${USAGE}`);

const parsed = CaptureEnv.safeParse(readEnvironment());
// The issues name the variable and the rule, never the value (CAPTURE_CONTROL_TOKEN is a secret).
if (!parsed.success) fail(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
const env = parsed.data;

const capture = await startStandaloneCapture({
  host: env.CAPTURE_HOST,
  port: env.CAPTURE_PORT,
  publicUrl: env.CAPTURE_PUBLIC_URL,
  controlToken: env.CAPTURE_CONTROL_TOKEN,
  exitWhenIdleMs: idleSeconds === undefined ? undefined : idleSeconds * 1_000,
});
const tokenFile = args['token-file'];
if (tokenFile && capture.tokenGenerated)
  writeFileSync(tokenFile, `${capture.endpoint.controlToken}\n`, { mode: 0o600 });
for (const line of describeStandalone(capture, { host: env.CAPTURE_HOST, tokenFile })) console.log(line);
if (idleSeconds !== undefined) console.log(`Closes once its control API has been unused for ${idleSeconds} s.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void capture.close());
const how = await capture.closed;
if (how === 'idle') console.log(`Control API unused for ${idleSeconds} s: closed.`);
for (const line of describeUsage(capture.usage())) console.log(line);
