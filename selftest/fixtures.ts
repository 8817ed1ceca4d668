/**
 * The self tests' base test: the servers a self test starts (the reference, a capture server, any
 * fastify app of its own), each listening on a free loopback port and closed when the test ends,
 * however it ends; and the clean reference, started once per worker for the tests that only talk to it.
 * Child runs' directories (selftest/support/report-files.ts) are removed when a test passes.
 */
import { test as base } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { buildReference, type ReferenceOptions, type ReferenceServer } from '../reference/app.ts';
import { buildCaptureServer, type CaptureServer, type CaptureServerOptions } from '../support/capture/server.ts';
import { removeRunDirectories } from './support/report-files.ts';

/**
 * The tag of a self test that runs the whole conformance suite, or runs it several times in part: a proof of
 * `npm run test:whole`, which CI runs after `npm test`. `npm test` leaves these out, to stay within its
 * time on two cores, and runs a fixed sample of the fault matrix in their stead.
 */
export const WHOLE_SUITE = { tag: '@whole-suite' };

export const SELFTEST_TOKEN = 'selftest-token-0123456789abcdef';

export interface Listening<T> {
  readonly url: string;
  readonly server: T;
}

/** Servers started for one test; all closed at its end. */
export class TestServers {
  readonly #closers: (() => Promise<unknown>)[] = [];

  /** Runs `close` when the test ends (a server that is not a fastify app, say). */
  onClose(close: () => Promise<unknown> | void): void {
    this.#closers.push(async () => close());
  }

  /** Any fastify app, listening on a free loopback port. */
  async listen(app: FastifyInstance): Promise<string> {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    this.#closers.push(() => app.close());
    return url;
  }

  /** A reference (the token defaults to SELFTEST_TOKEN), listening. */
  async reference(options: Partial<ReferenceOptions> = {}): Promise<Listening<ReferenceServer>> {
    const server = buildReference({ token: SELFTEST_TOKEN, ...options });
    return { url: await this.listen(server.app), server };
  }

  /** A reference that is not listening (for `app.inject`), closed at the test's end all the same. */
  built(options: Partial<ReferenceOptions> = {}): ReferenceServer {
    const server = buildReference({ token: SELFTEST_TOKEN, ...options });
    this.#closers.push(() => server.app.close());
    return server;
  }

  async capture(options: CaptureServerOptions): Promise<Listening<CaptureServer>> {
    const server = buildCaptureServer(options);
    return { url: await this.listen(server.app), server };
  }

  /** Closes what a test started early (the rest closes at its end). */
  async closeAll(): Promise<void> {
    // A server the test closed itself (to see what closing does) is closed again without complaint.
    await Promise.all(this.#closers.splice(0).map((close) => close().catch(() => undefined)));
  }
}

export interface SelftestFixtures {
  servers: TestServers;
}

export interface SelftestWorkerFixtures {
  /** The clean standard reference, shared by a worker's tests that only read from it or add their own data. */
  reference: Listening<ReferenceServer> & { readonly token: string };
}

export const test = base.extend<SelftestFixtures, SelftestWorkerFixtures>({
  servers: [
    async ({}, use, testInfo) => {
      const servers = new TestServers();
      await use(servers);
      await servers.closeAll();
      await removeRunDirectories({}, testInfo);
    },
    { auto: true },
  ],
  reference: [
    async ({}, use) => {
      const server = buildReference({ token: SELFTEST_TOKEN });
      const url = await server.app.listen({ host: '127.0.0.1', port: 0 });
      await use({ url, server, token: SELFTEST_TOKEN });
      await server.app.close();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
