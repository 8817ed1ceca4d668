/**
 * A stand-in for a remote target: a fresh reference (in this process, signing deliveries with
 * standard-webhooks, its default) behind a proxy that holds every request `delayMs` before passing it on.
 * The suite is pointed at the proxy (BASE_URL, API_TOKEN, TARGET_PROFILE); the reference sends its
 * deliveries straight to the run's capture server, not through the proxy. The proxy keeps each request's
 * method and the bytes of its body and of its answer's (what the floor replays).
 */
import { randomBytes } from 'node:crypto';
import { Agent, createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildReference } from '../../reference/app.ts';
import type { ReferenceChoiceName } from '../../support/contract/embedded-targets.ts';
import { REFERENCE_PROFILE } from '../../support/run/config.ts';
import type { FloorRequest } from './floor-project.ts';
import { closeOnExit, reported, runConformance, type PlaywrightRun, type RunReport } from './harness.ts';

interface RemoteTarget {
  /** The environment that points the suite at the proxy. */
  readonly env: Readonly<Record<string, string>>;
  /** The requests the proxy has passed on so far (the suite's, preflight's and teardown's), in order, by shape. */
  requests(): readonly FloorRequest[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);
const endToEnd = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

async function startRemoteTarget(
  delayMs: number,
  choiceNames: readonly ReferenceChoiceName[] | undefined,
): Promise<RemoteTarget> {
  const token = `bench-${randomBytes(16).toString('hex')}`;
  const { app } = buildReference({ token, ...(choiceNames === undefined ? {} : { choiceNames }) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const upstream = app.server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true });
  const requests: FloorRequest[] = [];
  const proxy = createServer((req, res) => {
    const shape = { method: req.method ?? 'GET', sent: 0, received: 0 };
    requests.push(shape);
    setTimeout(() => {
      const out = forward(
        {
          host: '127.0.0.1',
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: endToEnd(req.headers),
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.on('data', (chunk: Buffer) => (shape.received += chunk.length));
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.on('data', (chunk: Buffer) => (shape.sent += chunk.length));
      req.pipe(out);
    }, delayMs);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const close = closeOnExit(async () => {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
    agent.destroy();
    await app.close();
  });
  return {
    env: {
      BASE_URL: `http://127.0.0.1:${port}`,
      API_TOKEN: token,
      TARGET_PROFILE: REFERENCE_PROFILE,
      WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks',
    },
    requests: () => requests,
    close,
  };
}

/**
 * One run of the suite against a fresh remote stand-in with `delayMs`, at `workers` (undefined: the
 * config's default), with `env` besides, the reference making `choiceNames` (undefined: the standard's).
 * The run's processes are the suite's alone: the target is this one.
 */
export async function runAgainstRemote(
  delayMs: number,
  workers: number | undefined,
  env: Readonly<Record<string, string>> = {},
  choiceNames?: readonly ReferenceChoiceName[],
): Promise<{ run: PlaywrightRun; report: RunReport; requests: readonly FloorRequest[] }> {
  const target = await startRemoteTarget(delayMs, choiceNames);
  try {
    const run = await runConformance({
      ...env,
      ...target.env,
      WORKERS: workers === undefined ? undefined : String(workers),
    });
    return {
      run,
      report: reported(run, `the run through the proxy (${delayMs} ms, ${workers ?? 'default'} workers)`),
      requests: target.requests(),
    };
  } finally {
    await target.close();
  }
}
