/**
 * One listening server for every mutant of a run: a request names its mutant (MUTANT_HEADER; none: the
 * clean reference) and is served by an app of its own for that mutant, built on first use, in the
 * mutant's scope (switch.ts): each mutant has its own store, as each fault of the fault matrix has its
 * own reference, so what one mutant writes never shows to the tests of another. A mutant whose code runs
 * as its modules load gets modules of its own, loaded with it switched on (Sandbox.copy).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { buildReference } from '../../reference/app.ts';
import { TEST_HEADER } from '../matrix/plan.ts';
import type { Sandbox } from './sandbox.ts';
import { asLoading, inScope } from './switch.ts';

/** The header naming the mutant a request is for. */
export const MUTANT_HEADER = 'x-mutant';

type Build = typeof buildReference;

/** Where a request's test is counted when it names none (preflight, teardown). */
const NO_TEST = '(no test)';
/** Where code that runs as an app is built is counted: it may change what every test of that app sees. */
export const APP_BUILD = '(app build)';
/** Where code that runs as the modules load is counted: it needs modules of its own. */
export const MODULE_LOAD = '(module load)';

export interface MutantServer {
  readonly url: string;
  /** Apps built so far (one per mutant a request named, and the clean one). */
  readonly built: () => number;
  close(): Promise<void>;
}

export interface MutantServerOptions {
  readonly sandbox: Sandbox;
  readonly token: string;
  /** Whether a mutant's code runs as the modules load: then it loads modules of its own (known once the clean load is traced). */
  readonly loadsWithModules?: (mutant: string) => boolean;
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

async function loadBuild(dir: string): Promise<Build> {
  const module = (await import(pathToFileURL(path.join(dir, 'reference', 'app.ts')).href)) as { buildReference: Build };
  return module.buildReference;
}

/** Loads the sandbox's modules (the clean load counts its coverage as MODULE_LOAD) and listens on a free loopback port. */
export async function startMutantServer(options: MutantServerOptions): Promise<MutantServer> {
  const { sandbox, token, loadsWithModules = () => false } = options;
  const shared = await asLoading({ test: MODULE_LOAD }, () => loadBuild(sandbox.dir));
  const apps = new Map<string, Promise<FastifyInstance>>();
  const buildFor = async (mutant: string | undefined): Promise<FastifyInstance> => {
    const build =
      mutant !== undefined && loadsWithModules(mutant)
        ? await asLoading({ mutant, test: MODULE_LOAD }, async () => loadBuild(await sandbox.copy(`m${mutant}`)))
        : shared;
    return inScope({ ...(mutant === undefined ? {} : { mutant }), test: APP_BUILD }, async () => {
      const { app } = build({ token });
      await app.ready();
      return app;
    });
  };
  const appFor = (mutant: string | undefined) => {
    const key = mutant ?? '';
    let app = apps.get(key);
    if (app === undefined) apps.set(key, (app = buildFor(mutant)));
    return app;
  };
  const server = createServer((request, response) => {
    const mutant = header(request, MUTANT_HEADER);
    const test = header(request, TEST_HEADER) ?? NO_TEST;
    appFor(mutant).then(
      (app) => inScope({ ...(mutant === undefined ? {} : { mutant }), test }, () => app.routing(request, response)),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(`mutation server: no app for mutant ${mutant ?? '(none)'}: ${String(error)}`);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    built: () => apps.size,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const built = await Promise.allSettled([...apps.values()]);
      await Promise.all(
        built.map(async (b) => {
          if (b.status === 'fulfilled') await b.value.close();
        }),
      );
    },
  };
}
