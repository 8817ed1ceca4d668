/**
 * A capture server on its own (`npm run capture`, scripts/capture.ts), shared by the shards of a run or
 * by runs on several machines: they reach its control API at CAPTURE_URL with CAPTURE_CONTROL_TOKEN and
 * start none of their own (support/capture/start.ts, `sharedCapture`). Every test still gets its own
 * unguessable inbox, so runs sharing it never see each other's deliveries; the server counts inboxes
 * and deliveries per label (`<run id> shard i/n`), and closes inboxes a killed run left open after an hour.
 * The self tests start it with this same code (selftest/shards.spec.ts).
 */
import { listenCapture, type CaptureListenOptions, type ListeningCapture } from './start.ts';
import type { LabelUsage } from './inbox-store.ts';
import { registerSecret } from '../redaction/redact.ts';

export interface StandaloneOptions extends CaptureListenOptions {
  /** Close once no control request has been made (or held open) for this long; absent: run until closed. */
  readonly exitWhenIdleMs?: number | undefined;
}

export interface StandaloneCapture extends ListeningCapture {
  /** Whether the control token was made here (then it is printed once, or written to a token file). */
  readonly tokenGenerated: boolean;
  /** Resolves once the server has closed: `idle` when it closed itself, `closed` when told to. */
  readonly closed: Promise<'idle' | 'closed'>;
  usage(): LabelUsage[];
}

export async function startStandaloneCapture(options: StandaloneOptions): Promise<StandaloneCapture> {
  const running = await listenCapture(options);
  const { app, control } = running.server;
  // The token never reaches a log of this process either.
  registerSecret(running.endpoint.controlToken);

  let resolveClosed: (how: 'idle' | 'closed') => void = () => undefined;
  const closed = new Promise<'idle' | 'closed'>((resolve) => (resolveClosed = resolve));
  let closing: Promise<void> | undefined;
  const close = (how: 'idle' | 'closed') => {
    if (idleTimer) clearInterval(idleTimer);
    closing ??= app.close().then(() => resolveClosed(how));
    return closing;
  };
  const idleMs = options.exitWhenIdleMs;
  const idleTimer =
    idleMs === undefined
      ? undefined
      : setInterval(
          () => {
            if (control.idleMs() >= idleMs) void close('idle');
          },
          Math.max(50, Math.min(1_000, idleMs / 4)),
        );

  return {
    ...running,
    tokenGenerated: options.controlToken === undefined,
    closed,
    usage: () => running.server.inboxes.usage(),
    close: () => close('closed'),
  };
}

/** What `npm run capture` prints once it listens: where it is, and how runs use it. */
export function describeStandalone(
  capture: StandaloneCapture,
  options: { readonly host: string; readonly tokenFile?: string | undefined },
): string[] {
  const { localUrl, publicUrl, controlToken } = capture.endpoint;
  const lines = [
    `Capture server listening on ${options.host}:${new URL(localUrl).port} (CAPTURE_HOST, CAPTURE_PORT)`,
    `Public URL, where targets deliver: ${publicUrl}${publicUrl === localUrl ? ' (set CAPTURE_PUBLIC_URL to an address the target reaches, e.g. a tunnel)' : ''}`,
    `Health, without the token: ${publicUrl}/health`,
  ];
  if (!capture.tokenGenerated) lines.push('Control token: the CAPTURE_CONTROL_TOKEN it was given (not printed)');
  else if (options.tokenFile) lines.push(`Control token: written to ${options.tokenFile} (not printed)`);
  else lines.push('Control token (a secret: it lets anyone open inboxes here), once, on the next line:');
  // Its own line, so CI can pick it out (grep '^CAPTURE_CONTROL_TOKEN='); the only place it is printed.
  if (capture.tokenGenerated && !options.tokenFile) lines.push(`CAPTURE_CONTROL_TOKEN=${controlToken}`);
  lines.push(
    'Runs and shards use it with (CAPTURE_URL: where they reach it; from another machine, an address it reaches):',
    `  CAPTURE_URL=${localUrl} CAPTURE_PUBLIC_URL=${publicUrl} CAPTURE_CONTROL_TOKEN=${options.tokenFile && capture.tokenGenerated ? `"$(cat ${options.tokenFile})"` : '<the token>'} npx playwright test --project=conformance`,
  );
  return lines;
}

/** One line per label: what the server served each run or shard. */
export function describeUsage(usage: readonly LabelUsage[]): string[] {
  if (usage.length === 0) return ['Served no inbox.'];
  return usage.map(
    (u) =>
      `Served ${u.label || '(no label)'}: ${u.inboxes} inbox(es), ${u.deliveries} deliver${u.deliveries === 1 ? 'y' : 'ies'}`,
  );
}
