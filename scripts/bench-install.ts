/**
 * `npm run bench:install`: what a user pays to get a verdict from the installed command. Packs the suite
 * (selftest/harness/install.ts), installs the tarball into an empty directory from npm's local cache, and
 * runs `npx store-api-conformance run` there against the embedded reference, as the README's quick start
 * says. Prints the tarball's size, the installed size (the package alone, and with its dependencies), the
 * install time, the run's time and verdict, and the time from the start of the install to the verdict.
 * Exits 1 unless the run is CONFORMANT.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { statSync } from 'node:fs';
import { machine, seconds, tempDir } from '../selftest/bench/harness.ts';
import { COMMAND, installSuite, npx, packSuite, sizeOf } from '../selftest/harness/install.ts';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

console.log(machine());
const work = tempDir('bench-install');
const packStart = performance.now();
const tarball = await packSuite(work.dir);
console.log(
  `pack: ${seconds(performance.now() - packStart)}, tarball ${mib(statSync(tarball).size)} (${path.basename(tarball)})`,
);

const app = path.join(work.dir, 'app');
const installStart = performance.now();
await installSuite(tarball, app);
const installMs = performance.now() - installStart;
const modules = path.join(app, 'node_modules');
console.log(
  `install (npm install --prefer-offline <tarball>): ${seconds(installMs)}; installed ${mib(await sizeOf(modules))} ` +
    `(the package ${mib(await sizeOf(path.join(modules, COMMAND)))}, its dependencies the rest)`,
);

const run = await npx(app, ['run']);
const report = path.join(app, 'reports', 'conformance.json');
const verdict = existsSync(report)
  ? (JSON.parse(readFileSync(report, 'utf8')) as { verdict: string }).verdict
  : 'no report';
console.log(`npx ${COMMAND} run: ${seconds(run.durationMs)}, ${verdict}, exit ${run.exitCode}`);
console.log(`from install to verdict: ${seconds(performance.now() - installStart)}`);
if (verdict !== 'CONFORMANT') console.log(run.stdout.slice(-3000), run.stderr.slice(-3000));
work.remove();
process.exitCode = verdict === 'CONFORMANT' && run.exitCode === 0 ? 0 : 1;
