/**
 * The bare-Playwright floor for a run of the suite: a minimal Playwright project, generated into a
 * temporary directory, with as many trivial tests as the suite ran (spread over as many files), the
 * same workers and the same built-in reporters (list, or dot on CI; HTML; JUnit; JSON), making the
 * requests the suite made, in its order, through one request context per worker as the suite does (a
 * `request` fixture per test would cost the floor a context per test), to an instant node http server
 * that its global setup starts in the runner; as many of its tests as the suite's failed may fail.
 * The same requests: each with the suite's method and as many body bytes, answered with as many bytes
 * as the target answered it, read whole as any API test reads an answer; at once, or after a delay that
 * stands for a slow store (`latencyMs`). Playwright's own cost of a
 * request grows with its bytes both ways (a 16 MiB body, a page of products): a floor of empty GETs
 * would put that cost on the suite.
 */
import { readFileSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../support/run/config.ts';

/** One request of the suite, by its shape: its method, the bytes of its body, the bytes of its answer's. */
export interface FloorRequest {
  readonly method: string;
  readonly sent: number;
  readonly received: number;
}

export interface FloorShape {
  readonly tests: number;
  readonly files: number;
  readonly requests: readonly FloorRequest[];
  readonly workers: number;
  /** How many of the tests fail (each ends its worker), spread over the run; none by default. */
  readonly failing?: number;
  /** Each answer waits this long first, drawn evenly from [least, most] ms (a slow store); none by default. */
  readonly latencyMs?: readonly [number, number];
}

const CONFIG = `import { defineConfig } from '@playwright/test';
const dir = process.env.REPORTS_DIR ?? 'reports';
export default defineConfig({
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: __WORKERS__,
  retries: 0,
  reporter: [
    [process.env.CI ? 'dot' : 'list'],
    ['html', { outputFolder: \`\${dir}/html\`, open: 'never' }],
    ['junit', { outputFile: \`\${dir}/junit.xml\` }],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as ['json']] : []),
  ],
  use: { trace: 'off' },
  projects: [{ name: 'floor', testDir: 'tests' }],
});
`;

const GLOBAL_SETUP = `import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
export default async function globalSetup() {
  let served = 0;
  const latency: readonly [number, number] | null = __LATENCY__;
  const server = createServer((request, response) => {
    served++;
    request.resume();
    const size = Number(request.headers['x-answer-bytes'] ?? 0);
    const answer = () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify('a'.repeat(Math.max(0, size - 2))));
    if (latency) setTimeout(answer, latency[0] + Math.random() * (latency[1] - latency[0]));
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  process.env.FLOOR_URL = \`http://127.0.0.1:\${address.port}/\`;
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    if (process.env.FLOOR_REQUEST_COUNT_FILE) writeFileSync(process.env.FLOOR_REQUEST_COUNT_FILE, String(served));
  };
}
`;

const FIXTURES = `import { test as base, type APIRequestContext } from '@playwright/test';
export const test = base.extend<object, { api: APIRequestContext }>({
  api: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext();
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});
`;

/** How many of `total` go to slot `i` of `slots`, as evenly as they divide. */
const share = (total: number, slots: number, i: number) => Math.floor(total / slots) + (i < total % slots ? 1 : 0);

/** Writes the floor project into `dir` (its node_modules is a link to the suite's). */
export function writeFloorProject(dir: string, shape: FloorShape): void {
  mkdirSync(path.join(dir, 'tests'), { recursive: true });
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bench-floor', private: true, type: 'module' }));
  writeFileSync(path.join(dir, 'tsconfig.json'), readFileSync(path.join(PROJECT_ROOT, 'tsconfig.json')));
  writeFileSync(path.join(dir, 'playwright.config.ts'), CONFIG.replace('__WORKERS__', String(shape.workers)));
  writeFileSync(
    path.join(dir, 'global-setup.ts'),
    GLOBAL_SETUP.replace('__LATENCY__', JSON.stringify(shape.latencyMs ?? null)),
  );
  // One test type for every file, as the suite's: worker fixtures of another type would need workers of their own.
  writeFileSync(path.join(dir, 'fixtures.ts'), FIXTURES);
  const failing = shape.failing ?? 0;
  const fails = new Set(Array.from({ length: failing }, (_, i) => Math.floor((i * shape.tests) / failing)));
  let test = 0;
  let taken = 0;
  for (let file = 0; file < shape.files; file++) {
    const lines = ["import { test } from '../fixtures.ts';", ''];
    for (let t = 0; t < share(shape.tests, shape.files, file); t++, test++) {
      const count = share(shape.requests.length, shape.tests, test);
      const requests = shape.requests.slice(taken, (taken += count)).map((r) => [r.method, r.sent, r.received]);
      lines.push(
        `test('floor ${test}', async ({ api }) => {`,
        `  for (const [method, sent, received] of ${JSON.stringify(requests)} as const) {`,
        `    const headers = { 'x-answer-bytes': String(received) };`,
        `    const data = sent > 0 ? Buffer.alloc(sent, 'a') : undefined;`,
        `    await (await api.fetch(process.env.FLOOR_URL!, { method, headers, data })).body();`,
        `  }`,
        ...(fails.has(test) ? ["  throw new Error('a floor test that fails');"] : []),
        '});',
      );
    }
    writeFileSync(path.join(dir, 'tests', `floor-${file}.spec.ts`), `${lines.join('\n')}\n`);
  }
}
