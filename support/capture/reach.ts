/**
 * Whether the target can reach the capture server, and the workers' client of it. Kept apart from the
 * server (support/capture/server.ts, which loads fastify): workers load only this and the client.
 */
import { isLoopback } from '../client/http.ts';
import { CaptureClient } from './client.ts';
import type { CaptureSettings } from './start.ts';

/** What of the run's configuration (support/run/config.ts) says whether and where the target reaches the capture server. */
interface CaptureReach {
  readonly capture: CaptureSettings;
  readonly runId: string | undefined;
  readonly embedded: boolean;
  readonly baseUrl: string | undefined;
}

/**
 * The workers' client, from the config global setup completed. `shard` names this shard in the label
 * its inboxes are opened with (with the run id): a shared capture server counts its use per label.
 */
export function captureClientFor(
  config: CaptureReach,
  shard?: { readonly current: number; readonly total: number } | null,
): CaptureClient {
  const { localUrl, controlToken, publicUrl } = config.capture;
  if (!localUrl || !controlToken) {
    throw new Error(
      'No capture server: run the suite through `npx playwright test` so global setup can start it (support/capture/start.ts).',
    );
  }
  const label = [config.runId, shard ? `shard ${shard.current}/${shard.total}` : undefined].filter(Boolean).join(' ');
  return new CaptureClient({ localUrl, controlToken, publicUrl: publicUrl ?? localUrl }, label || undefined);
}

export const REMOTE_WITHOUT_PUBLIC_URL =
  'The target is not on this machine and CAPTURE_PUBLIC_URL is not set, so it cannot reach the capture server: set CAPTURE_PUBLIC_URL to an address of the capture server the target can reach (a tunnel, say) to run delivery tests.';

/**
 * Why deliveries cannot be observed in this run, or undefined when they can. A target on this machine
 * (the embedded reference, or a BASE_URL on loopback) reaches the capture server on loopback.
 */
export function deliveriesUnobservable(config: CaptureReach): string | undefined {
  if (config.capture.publicUrl || config.embedded) return undefined;
  return config.baseUrl !== undefined && isLoopback(config.baseUrl) ? undefined : REMOTE_WITHOUT_PUBLIC_URL;
}
