/**
 * `npm run checks`: the static checks of `npm test` (types, lint, import rules, unused code, format, the
 * OpenAPI and GitHub Actions lints), two at a time, as CI's two cores allow. A check that fails has its
 * output printed; the exit code is 1 when any failed.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'typecheck', 'format:check', 'lint:imports', 'lint:unused', 'lint:openapi', 'lint:actions'];
const CONCURRENCY = 2;

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const queue = [...CHECKS];
const failed: string[] = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
      const result = await run(script);
      // npm's own warnings about its configuration are npm's, not a check's.
      const shown = result.output
        .split('\n')
        .filter((line) => !line.startsWith('npm warn'))
        .join('\n')
        .trim();
      const failure = result.code !== 0 && shown ? `\n${shown}\n` : '';
      console.log(`${result.code === 0 ? 'ok  ' : 'FAIL'} ${script} (${result.seconds.toFixed(1)} s)${failure}`);
      if (result.code !== 0) failed.push(script);
    }
  }),
);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
