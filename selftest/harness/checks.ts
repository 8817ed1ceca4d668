/**
 * The static checks of `npm test`: types and lint (`typecheck` and `lint` on one TypeScript program),
 * import rules, unused code, format, the OpenAPI and GitHub Actions lints, each an npm script. The self
 * tests run each as a test (selftest/checks.spec.ts), beside the others, so that they fill the time the
 * child runs spend waiting; `npm run checks` runs them alone.
 */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../support/run/config.ts';

export const CHECKS = {
  'types-and-lint': 'the types (tsc) and eslint, type-aware (no floating promise, no unsafe any), on one program',
  'format:check': 'prettier: every file formatted',
  'lint:imports': 'dependency-cruiser: who imports whom, and no cycle',
  'lint:unused': 'knip: no unused file, export or dependency',
  'lint:openapi': 'redocly: spec/openapi.json is a valid OpenAPI document',
  'lint:actions': 'action-validator: action.yml and the workflows',
} as const;

export type Check = keyof typeof CHECKS;

export interface CheckResult {
  readonly exitCode: number;
  /** What it printed, npm's warnings about its own configuration left out. */
  readonly output: string;
  readonly seconds: number;
}

/** Runs `npm run <check>`. */
export function runCheck(check: Check): Promise<CheckResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', check], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve({
        exitCode: code ?? 1,
        output: output
          .split('\n')
          .filter((line) => !line.startsWith('npm warn'))
          .join('\n')
          .trim(),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}
