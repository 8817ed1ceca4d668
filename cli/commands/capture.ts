/**
 * `store-api-conformance capture`: a capture server on its own, for the shards of a run or runs on several
 * machines to share (support/capture/standalone.ts). It listens on CAPTURE_HOST:CAPTURE_PORT, tells targets
 * CAPTURE_PUBLIC_URL (or its own address), and prints how runs use it. Its control token is a secret: made
 * and printed once, written to `--token-file` instead, or taken from CAPTURE_CONTROL_TOKEN and never printed.
 */
import { writeFileSync } from 'node:fs';
import { UsageError, type Command } from '../command.ts';

/** Options that set a variable, as `run`'s do. */
const VARIABLES = { host: 'CAPTURE_HOST', port: 'CAPTURE_PORT', 'public-url': 'CAPTURE_PUBLIC_URL' } as const;

export const capture: Command = {
  name: 'capture',
  summary: 'Serve a capture server on its own, for shards or machines that share one (CAPTURE_URL).',
  usage: '[options]',
  details: [
    'Its control token is a secret: printed once when it makes one, written to --token-file instead, or',
    'taken from CAPTURE_CONTROL_TOKEN (a CI secret, say) and then never printed.',
  ],
  options: {
    host: {
      type: 'string',
      value: '<host>',
      description: 'CAPTURE_HOST: where it listens (0.0.0.0 lets a remote target in)',
    },
    port: { type: 'string', value: '<port>', description: 'CAPTURE_PORT: the port it listens on' },
    'public-url': { type: 'string', value: '<url>', description: 'CAPTURE_PUBLIC_URL: its address as targets see it' },
    'token-file': {
      type: 'string',
      value: '<file>',
      description: 'write the control token it makes there (mode 600), not to the terminal',
    },
    'exit-when-idle': {
      type: 'string',
      value: '<seconds>',
      description: 'close once its control API was unused that long (CI)',
    },
  },
  positionals: { min: 0, max: 0 },
  run: async ({ values }) => {
    const idle = values['exit-when-idle'];
    const idleSeconds = typeof idle === 'string' ? Number(idle) : undefined;
    if (idleSeconds !== undefined && !(Number.isFinite(idleSeconds) && idleSeconds > 0))
      throw new UsageError(`--exit-when-idle: a number of seconds above 0 (got ${JSON.stringify(idle)})`);
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const [option, variable] of Object.entries(VARIABLES)) {
      const value = values[option];
      if (typeof value === 'string') env[variable] = value;
    }
    const [{ z }, { describeStandalone, describeUsage, startStandaloneCapture }, { EnvSchema, readEnvironment }] =
      await Promise.all([
        import('zod'),
        import('../../support/capture/standalone.ts'),
        import('../../support/run/config.ts'),
      ]);
    const CaptureEnv = EnvSchema.pick({
      CAPTURE_HOST: true,
      CAPTURE_PORT: true,
      CAPTURE_PUBLIC_URL: true,
      CAPTURE_CONTROL_TOKEN: true,
    });
    const parsed = CaptureEnv.safeParse(readEnvironment(env));
    // The issues name the variable and the rule, never the value (CAPTURE_CONTROL_TOKEN is a secret).
    if (!parsed.success) {
      console.error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
      return 2;
    }
    const config = parsed.data;
    const server = await startStandaloneCapture({
      host: config.CAPTURE_HOST,
      port: config.CAPTURE_PORT,
      publicUrl: config.CAPTURE_PUBLIC_URL,
      controlToken: config.CAPTURE_CONTROL_TOKEN,
      exitWhenIdleMs: idleSeconds === undefined ? undefined : idleSeconds * 1_000,
    });
    const tokenFile = typeof values['token-file'] === 'string' ? values['token-file'] : undefined;
    if (tokenFile && server.tokenGenerated)
      writeFileSync(tokenFile, `${server.endpoint.controlToken}\n`, { mode: 0o600 });
    for (const line of describeStandalone(server, { host: config.CAPTURE_HOST, tokenFile })) console.log(line);
    if (idleSeconds !== undefined) console.log(`Closes once its control API has been unused for ${idleSeconds} s.`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close());
    const how = await server.closed;
    if (how === 'idle') console.log(`Control API unused for ${idleSeconds} s: closed.`);
    for (const line of describeUsage(server.usage())) console.log(line);
    return 0;
  },
};
