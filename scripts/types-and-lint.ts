/**
 * `npm run types-and-lint`: what `npm run typecheck` and `npm run lint` check, on one TypeScript program.
 * Each of them alone builds and type-checks the whole project; here tsc's program is handed to ESLint
 * (typescript-eslint's `parserOptions.programs`), whose type-aware rules then find the types already
 * computed. The self tests run this one (selftest/harness/checks.ts): the project is type-checked once, not
 * twice, on cores the child runs share. Exit code 1 on any type error, lint error or warning.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import ts from 'typescript';
import { PROJECT_ROOT } from '../support/run/config.ts';

/** The program `tsc --noEmit` checks: tsconfig.json's files and options, its own errors among the diagnostics. */
function projectProgram(): ts.Program {
  const configPath = path.join(PROJECT_ROOT, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.formatDiagnostic(read.error, formatHost));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, PROJECT_ROOT, undefined, configPath);
  return ts.createProgram({
    rootNames: parsed.fileNames,
    // As `tsc --noEmit`, whatever tsconfig.json says.
    options: { ...parsed.options, noEmit: true },
    configFileParsingDiagnostics: parsed.errors,
  });
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: () => PROJECT_ROOT,
  getNewLine: () => '\n',
};

const program = projectProgram();
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  // Colour only on a terminal, as tsc does: a self test puts this output in its failure message.
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  console.log(format(diagnostics, formatHost));
}

const eslint = new ESLint({
  cwd: PROJECT_ROOT,
  // Only the TypeScript files take types: eslint.config.js turns them off for JavaScript.
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parserOptions: { programs: [program], projectService: false } } },
  ],
});
const results = await eslint.lintFiles(['.']);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
if (problems > 0) console.log(await (await eslint.loadFormatter('stylish')).format(results));

console.log(`tsc: ${diagnostics.length} errors; eslint: ${problems} problems in ${results.length} files`);
if (diagnostics.length > 0 || problems > 0) process.exitCode = 1;
