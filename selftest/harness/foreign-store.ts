/**
 * A store we did not write (../shared/foreign-store, or FOREIGN_STORE_DIR): an independent
 * implementation of the API whose valid choices where the spec is silent are switched by STORE_CHOICES.
 * The self tests and benches start it as a vendor would (`node server.mjs`), tell the suite what a vendor
 * would (its address, token, profile and signature scheme), and read the verdict. Never edited, never
 * special-cased: the suite sees it only through what any target gives.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '../../support/run/config.ts';

/** Where the store is: FOREIGN_STORE_DIR, else beside this project's checkout. */
const FOREIGN_STORE_DIR = path.resolve(
  process.env.FOREIGN_STORE_DIR ?? path.join(PROJECT_ROOT, '..', 'shared', 'foreign-store'),
);

/** Why the store cannot be started here, or undefined when it can. */
export function foreignStoreMissing(): string | undefined {
  return existsSync(path.join(FOREIGN_STORE_DIR, 'server.mjs'))
    ? undefined
    : `no foreign store at ${FOREIGN_STORE_DIR} (set FOREIGN_STORE_DIR to its folder)`;
}

export interface ForeignStore {
  readonly url: string;
  readonly choices: string;
  /** What a run against it is told, as a vendor would tell it. */
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/** How long the store may take to print its address. */
const START_TIMEOUT_MS = 10_000;

/**
 * Starts the store with STORE_CHOICES=`choices` on a free port, with `storeEnv` besides (its README's
 * other variables: STORE_NO_DELETE); it stops with `close()`.
 */
export async function startForeignStore(
  choices: string,
  storeEnv: Readonly<Record<string, string>> = {},
): Promise<ForeignStore> {
  const token = `foreign-${randomBytes(16).toString('hex')}`;
  const child = spawn(process.execPath, [path.join(FOREIGN_STORE_DIR, 'server.mjs')], {
    cwd: FOREIGN_STORE_DIR,
    env: { PATH: process.env.PATH ?? '', ...storeEnv, STORE_PORT: '0', STORE_TOKEN: token, STORE_CHOICES: choices },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the foreign store printed no address: ${stderr}`)),
      START_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      const address = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (address) resolve(address);
      else reject(new Error(`the foreign store printed ${JSON.stringify(line)}: ${stderr}`));
    });
    void exited.then(() => reject(new Error(`the foreign store exited (STORE_CHOICES=${choices}): ${stderr}`)));
  });
  return {
    url,
    choices,
    env: {
      BASE_URL: url,
      API_TOKEN: token,
      TARGET_PROFILE: path.join(FOREIGN_STORE_DIR, 'profile.json'),
      // Its README says how it signs (Standard Webhooks): what a vendor tells the suite. Where it deletes,
      // the run finds and proves itself (DELETE_PATHS=probe): no delete path is given.
      WEBHOOK_SIGNATURE_SCHEME: 'standard-webhooks',
    },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
