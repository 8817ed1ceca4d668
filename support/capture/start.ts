/**
 * The capture server of a run (per shard), or the one it shares. Global setup either starts one in the
 * runner process (CAPTURE_HOST, loopback unless configured; CAPTURE_PORT, a free port) or, with
 * CAPTURE_URL, uses one started elsewhere (`npm run capture`, support/capture/standalone.ts) and starts
 * none. Either way the target is told CAPTURE_PUBLIC_URL when set (a tunnel or a host it can reach), and
 * the workers learn where the control API is through `captureEnvironment`.
 */
import { randomBytes } from 'node:crypto';
import type { CaptureEndpoint } from './client.ts';
import type { CaptureLimits } from './protocol.ts';
import { buildCaptureServer, type CaptureServer } from './server.ts';

/** Where the run's capture server is, or is to be started: the configuration's `capture` (support/run/config.ts). */
export interface CaptureSettings {
  /**
   * The address the target is told: CAPTURE_PUBLIC_URL, else CAPTURE_URL unless it is loopback (a
   * remote target cannot reach that). Undefined: the local address, for a target on this machine.
   */
  readonly publicUrl: string | undefined;
  readonly host: string;
  readonly port: number;
  /** CAPTURE_URL: a shared capture server; the run starts none of its own. */
  readonly url: string | undefined;
  /** Set once global setup has started (or found) the capture server. */
  readonly localUrl: string | undefined;
  readonly controlToken: string | undefined;
}

export interface RunningCapture {
  readonly endpoint: CaptureEndpoint;
  close(): Promise<void>;
}

export interface ListeningCapture extends RunningCapture {
  readonly server: CaptureServer;
}

export interface CaptureListenOptions {
  readonly host: string;
  readonly port: number;
  /** The address the target is told; the local one when absent. */
  readonly publicUrl?: string | undefined;
  /** The control API's token; a new 128-bit one when absent. */
  readonly controlToken?: string | undefined;
  readonly limits?: Partial<CaptureLimits>;
}

/** A new control token: 128 random bits, hex (URL-safe: it is a path segment). */
const newControlToken = (): string => randomBytes(16).toString('hex');

/** Builds a capture server and listens; `close()` ends held waits and frees the port. */
export async function listenCapture(options: CaptureListenOptions): Promise<ListeningCapture> {
  const controlToken = options.controlToken ?? newControlToken();
  const server = buildCaptureServer({ controlToken, ...(options.limits ? { limits: options.limits } : {}) });
  await server.app.listen({ host: options.host, port: options.port });
  const address = server.app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error(`capture server: unexpected listen address ${String(address)}`);
  const localUrl = `http://${loopbackFor(options.host)}:${address.port}`;
  return {
    endpoint: { localUrl, publicUrl: options.publicUrl ?? localUrl, controlToken },
    server,
    close: () => server.app.close(),
  };
}

/** The run's own capture server, where the config says. */
export function startCaptureServer(config: { readonly capture: CaptureSettings }): Promise<ListeningCapture> {
  return listenCapture({ host: config.capture.host, port: config.capture.port, publicUrl: config.capture.publicUrl });
}

/**
 * The capture server CAPTURE_URL names (started by `npm run capture`, shared by shards or machines),
 * or undefined when the run should start its own. Nothing to start or close: it outlives the run.
 */
export function sharedCapture(config: { readonly capture: CaptureSettings }): RunningCapture | undefined {
  const { url, controlToken, publicUrl } = config.capture;
  if (url === undefined || controlToken === undefined) return undefined;
  return { endpoint: { localUrl: url, publicUrl: publicUrl ?? url, controlToken }, close: async () => {} };
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
