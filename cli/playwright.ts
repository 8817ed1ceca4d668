/**
 * `playwright test` on the suite's own config (playwright.config.ts, in the package), run from the user's
 * working directory: the config resolves the code from the package and the reports, `.env` and profiles
 * from the working directory (support/run/config.ts).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from './package.ts';

const require = createRequire(import.meta.url);
/** Playwright's command line, as the suite's own dependency resolves it (hoisted or not). */
const PLAYWRIGHT_CLI = require.resolve('@playwright/test/cli');
export const CONFIG_FILE = path.join(PACKAGE_ROOT, 'playwright.config.ts');

/**
 * Node options for a Playwright process. Playwright compiles TypeScript only outside node_modules, and
 * an installed suite is inside: there tsx (a dependency) loads it, with the suite's own tsconfig rather
 * than whatever the user's directory holds. Workers inherit these options from the runner.
 */
function loader(): { args: string[]; env: NodeJS.ProcessEnv } {
  if (!PACKAGE_ROOT.split(path.sep).includes('node_modules')) return { args: [], env: {} };
  return {
    args: ['--import', import.meta.resolve('tsx')],
    env: { TSX_TSCONFIG_PATH: path.join(PACKAGE_ROOT, 'tsconfig.json') },
  };
}

/** Runs `playwright <args>` with this Node, in the working directory, its output the user's; resolves to its exit code. */
export function playwright(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { args: nodeArgs, env: loaderEnv } = loader();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs, PLAYWRIGHT_CLI, ...args], {
      stdio: 'inherit',
      env: { ...env, ...loaderEnv },
    });
    child.on('error', (error) => {
      console.error(`Could not start Playwright: ${error.message}`);
      resolve(2);
    });
    // Killed by a signal: nothing was judged.
    child.on('close', (code) => resolve(code ?? 2));
  });
}
