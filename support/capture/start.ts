/**
 * Starting the capture server once per run (per shard), in the runner process, and telling the
 * workers where it is. The target is told CAPTURE_PUBLIC_URL when set (a tunnel or a host it can
 * reach); the server listens on CAPTURE_HOST (loopback unless configured) and CAPTURE_PORT (a free port).
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { CaptureClient, type CaptureEndpoint } from './client.ts';
import { buildCaptureServer } from './server.ts';

export interface RunningCapture {
  readonly endpoint: CaptureEndpoint;
  close(): Promise<void>;
}

/** Listens where the config says and returns the endpoint; `close()` ends held waits and frees the port. */
export async function startCaptureServer(config: Config): Promise<RunningCapture> {
  const controlToken = randomBytes(16).toString('hex');
  const { app } = buildCaptureServer({ controlToken });
  await app.listen({ host: config.capture.host, port: config.capture.port });
  const address = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error(`capture server: unexpected listen address ${String(address)}`);
  const localUrl = `http://${loopbackFor(config.capture.host)}:${address.port}`;
  return {
    endpoint: { localUrl, publicUrl: config.capture.publicUrl ?? localUrl, controlToken },
    close: () => app.close(),
  };
}

/** The host the workers use to reach a server bound to `host`: a wildcard bind is reached on loopback. */
function loopbackFor(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** The environment global setup hands to the workers (as it does EMBEDDED_REFERENCE_URL). */
export function captureEnvironment(endpoint: CaptureEndpoint): Record<string, string> {
  return { CAPTURE_LOCAL_URL: endpoint.localUrl, CAPTURE_CONTROL_TOKEN: endpoint.controlToken };
}

/** The workers' client, from the config global setup completed. */
export function captureClientFor(config: Config): CaptureClient {
  const { localUrl, controlToken, publicUrl } = config.capture;
  if (!localUrl || !controlToken) {
    throw new Error(
      'No capture server: run the suite through `npx playwright test` so global setup can start it (support/capture/start.ts).',
    );
  }
  return new CaptureClient({ localUrl, controlToken, publicUrl: publicUrl ?? localUrl });
}

export const REMOTE_WITHOUT_PUBLIC_URL =
  'The target is remote and CAPTURE_PUBLIC_URL is not set, so it cannot reach the capture server: set CAPTURE_PUBLIC_URL to an address of the capture server the target can reach (a tunnel, say) to run delivery tests.';

/** Why deliveries cannot be observed in this run, or undefined when they can. */
export function deliveriesUnobservable(config: Config): string | undefined {
  return !config.embedded && !config.capture.publicUrl ? REMOTE_WITHOUT_PUBLIC_URL : undefined;
}
