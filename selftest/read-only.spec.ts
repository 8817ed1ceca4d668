/**
 * A read-only run (TARGET_READ_ONLY=true, `run --read-only`), for production: the whole suite against the
 * reference through a proxy that counts every request's method sends no POST, PUT, PATCH or DELETE, judges
 * what reads can judge, names that scope in its verdict's first line, and certification refuses it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { main } from '../cli/main.ts';
import { writeCertificationBundle } from '../support/report/certification/bundle.ts';
import { REFERENCE_PROFILE } from '../support/run/config.ts';
import { childEnvironment, runSuite } from './harness/suite-run.ts';
import { expect, SELFTEST_TOKEN, test, type TestServers, WHOLE_SUITE } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { reportIn } from './support/verdict.ts';

/** A proxy in front of `target` counting each request by method (and the paths of any write). */
async function countingProxy(servers: TestServers, target: string) {
  const methods = new Map<string, number>();
  const writes: string[] = [];
  const upstream = new URL(target);
  const proxy = http.createServer((request, response) => {
    const method = request.method ?? '?';
    methods.set(method, (methods.get(method) ?? 0) + 1);
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) writes.push(`${method} ${request.url}`);
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  servers.onClose(() => new Promise((resolve) => proxy.close(resolve)));
  const { port } = proxy.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, methods, writes };
}

test(
  'a read-only run through a proxy counting methods: no POST, PUT, PATCH or DELETE, a verdict naming its scope, refused by certification',
  WHOLE_SUITE,
  async ({ servers }) => {
    const reference = await servers.reference();
    const proxy = await countingProxy(servers, reference.url);
    const dir = await runDirectory(test.info(), 'read-only');
    const env = {
      BASE_URL: proxy.url,
      API_TOKEN: SELFTEST_TOKEN,
      TARGET_PROFILE: REFERENCE_PROFILE,
      TARGET_READ_ONLY: 'true',
      // The generated queries run too (the self tests' runs leave them off); fewer of them keep the run short.
      FUZZ: 'on',
      FUZZ_RUNS: '20',
    };
    const result = await runSuite({ env, args: ['--workers=2'], keepReports: dir });
    expect(result.stdout, 'global setup says so').toContain('Read-only run (TARGET_READ_ONLY=true)');
    expect(proxy.writes, 'requests that write').toEqual([]);
    expect(proxy.methods.get('GET') ?? 0, 'requests that read').toBeGreaterThan(40);

    const report = await reportIn(dir);
    expect(report.verdict, report.reasons.join('; ')).toBe('CONFORMANT');
    expect(result.exitCode, 'exit code').toBe(0);
    const judged = report.scope?.judged ?? [];
    const notJudged = report.scope?.notJudged ?? [];
    for (const clause of ['webhook-events.ok', 'events.catalogue', 'list-products.ok', 'list-products.item-shape'])
      expect(judged, `the read-only run judges ${clause}`).toContain(clause);
    expect(notJudged, 'what only a write judges').toContain('register-webhook.created');
    expect(report.headline).toBe(
      `CONFORMANT on the ${judged.length} stated clauses a read-only run judges (TARGET_READ_ONLY=true); the other ${notJudged.length} not judged`,
    );
    expect(result.stdout, 'the console').toContain(`Conformance: ${report.headline}.`);
    expect(
      report.skips.filter((s) => !s.explainedByConfiguration && !s.notApplicable).map((s) => `${s.title}: ${s.reason}`),
      'skips neither the setting nor the target explains',
    ).toEqual([]);
    expect(report.store, 'a read-only run created nothing').toBeNull();

    const bundle = writeCertificationBundle({ reportsDir: path.join(dir, 'reports') });
    expect(bundle.written ? 'written' : bundle.reason, 'the bundle of a read-only run').toMatch(/^a read-only run/);
    const saved = process.env;
    process.env = childEnvironment({
      BASE_URL: proxy.url,
      API_TOKEN: SELFTEST_TOKEN,
      TARGET_PROFILE: REFERENCE_PROFILE,
    });
    try {
      expect(await main(['certify', '--read-only']), 'certify --read-only: refused before any run').toBe(2);
    } finally {
      process.env = saved;
    }
    expect(proxy.writes, 'requests that write, after certify').toEqual([]);
  },
);
