/**
 * `npm run bench:delivery-latency` (npx tsx scripts/bench-delivery-latency.ts [count]): how fast a test's
 * wait for a delivery wakes up. Laid out as a run is: a "runner" child process holds the capture
 * server and the reference (which sends real, signed deliveries); this process plays a worker that
 * opens an inbox, registers a webhook there, creates products and waits for each delivery.
 *
 * Wake-up delay = when the worker's wait resolved - when the capture server had the delivery. The two
 * processes' clocks are aligned first (the offset from the fastest of 50 ping-pongs). Prints the
 * median, p95 and maximum over `count` deliveries (default 100, after 5 warm-ups). The bar is a
 * median under 20 ms. Not a timed unit test: timings on a shared machine are evidence, not a verdict.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildReference } from '../../reference/app.ts';
import { CaptureClient, type Inbox } from '../../support/capture/client.ts';
import { deliveryMatching } from '../../support/capture/delivery.ts';
import { epochNow } from '../../support/capture/protocol.ts';
import { buildCaptureServer } from '../../support/capture/server.ts';

const WARM_UP = 5;
const BAR_MS = 20;

interface Ready {
  readonly kind: 'ready';
  readonly captureUrl: string;
  readonly controlToken: string;
  readonly referenceUrl: string;
  readonly apiToken: string;
}
interface Pong {
  readonly kind: 'pong';
  readonly at: number;
}

/** The runner's side: the capture server and the reference, on free ports, until told to stop. */
async function serve(): Promise<void> {
  const controlToken = randomBytes(16).toString('hex');
  const apiToken = `bench-${randomBytes(16).toString('hex')}`;
  const capture = buildCaptureServer({ controlToken });
  const reference = buildReference({ token: apiToken });
  const captureUrl = await capture.app.listen({ host: '127.0.0.1', port: 0 });
  const referenceUrl = await reference.app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (message: { kind: string }) => {
    if (message.kind === 'ping') process.send?.({ kind: 'pong', at: epochNow() } satisfies Pong);
    if (message.kind === 'stop')
      void Promise.all([capture.app.close(), reference.app.close()]).then(() => process.exit(0));
  });
  process.send?.({ kind: 'ready', captureUrl, controlToken, referenceUrl, apiToken } satisfies Ready);
}

function next<T extends { kind: string }>(child: ChildProcess, kind: T['kind']): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: T) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
  });
}

/** The child's clock minus ours, from the ping-pong with the shortest round trip. */
async function clockOffset(child: ChildProcess): Promise<{ offset: number; rtt: number }> {
  let best = { offset: 0, rtt: Infinity };
  for (let i = 0; i < 50; i++) {
    const sent = epochNow();
    const pong = next<Pong>(child, 'pong');
    child.send({ kind: 'ping' });
    const { at } = await pong;
    const back = epochNow();
    if (back - sent < best.rtt) best = { offset: at - (sent + back) / 2, rtt: back - sent };
  }
  return best;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function bench(count: number): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: process.execArgv, stdio: 'inherit' });
  try {
    const ready = await next<Ready>(child, 'ready');
    const clock = await clockOffset(child);
    const client = new CaptureClient({
      localUrl: ready.captureUrl,
      publicUrl: ready.captureUrl,
      controlToken: ready.controlToken,
    });
    const inbox = await client.openInbox();
    const api = referenceApi(ready);
    await api('/api/core/v1/webhooks', {
      name: 'latency bench',
      url: inbox.url,
      method_type: 'POST',
      events: ['product.created'],
      status: 1,
    });
    const measured = await measure(inbox, api, count, clock.offset);
    await inbox.close();
    report(measured, count, clock);
  } finally {
    child.send({ kind: 'stop' });
  }
}

/** A POST of JSON to the reference, with its token; throws on an answer that is not a 2xx. */
function referenceApi(ready: Ready): (path: string, body: unknown) => Promise<void> {
  return (path, body) =>
    fetch(`${ready.referenceUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ready.apiToken}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
    }).then(async (response) => {
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    });
}

interface Measured {
  /** Arrival at the capture server to the resolution of the worker's wait, per delivery. */
  readonly wakeUps: readonly number[];
  /** The API call to the arrival, per delivery. */
  readonly arrivals: readonly number[];
}

/** Creates a product per delivery and waits for it (the first WARM_UP ones not counted), on our clock. */
async function measure(
  inbox: Inbox,
  api: (path: string, body: unknown) => Promise<void>,
  count: number,
  offset: number,
): Promise<Measured> {
  const wakeUps: number[] = [];
  const arrivals: number[] = [];
  for (let i = 0; i < WARM_UP + count; i++) {
    const name = `latency-bench-${i}-${randomBytes(4).toString('hex')}`;
    const waiting = inbox
      .waitFor(
        deliveryMatching(`the delivery about ${name}`, (d) => d.text().includes(name)),
        { timeoutMs: 10_000 },
      )
      .then((delivery) => ({ delivery, resolvedAt: epochNow() }));
    const started = epochNow();
    await api('/api/core/v1/products/service', { name_ar: name, name_en: name, price: 10 });
    const { delivery, resolvedAt } = await waiting;
    if (i < WARM_UP) continue;
    const arrivedAt = delivery.receivedAt - offset;
    wakeUps.push(resolvedAt - arrivedAt);
    arrivals.push(arrivedAt - started);
  }
  return { wakeUps, arrivals };
}

/** The figures, and the exit code: 0 when the median wake-up is under the bar. */
function report({ wakeUps, arrivals }: Measured, count: number, { offset, rtt }: { offset: number; rtt: number }) {
  const sorted = [...wakeUps].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const sortedArrivals = [...arrivals].sort((a, b) => a - b);
  console.log(
    `Delivery wait wake-up delay (arrival at the capture server to resolution of the worker's wait), ${count} deliveries after ${WARM_UP} warm-ups:`,
  );
  console.log(
    `  median ${ms(median)}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1) ?? NaN)}, min ${ms(sorted[0] ?? NaN)}`,
  );
  console.log(`  (clock offset between the processes ${ms(offset)}, measured with a ${ms(rtt)} round trip)`);
  console.log(
    `API call to arrival (create product, reference dispatch, delivery): median ${ms(percentile(sortedArrivals, 50))}, max ${ms(sortedArrivals.at(-1) ?? NaN)}`,
  );
  console.log(median < BAR_MS ? `OK: median under ${BAR_MS} ms` : `OVER THE BAR: median not under ${BAR_MS} ms`);
  process.exitCode = median < BAR_MS ? 0 : 1;
}

if (process.argv.includes('--serve')) await serve();
else await bench(Number(process.argv[2] ?? 100));
