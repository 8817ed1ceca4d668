/**
 * Starting the capture server once per run (per shard), in the runner process, and telling the
 * workers where it is. The target is told CAPTURE_PUBLIC_URL when set (a tunnel or a host it can
 * reach); the server listens on CAPTURE_HOST (loopback unless configured) and CAPTURE_PORT (a free port).
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { CaptureEndpoint } from './client.ts';
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
