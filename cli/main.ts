/**
 * `store-api-conformance <command>`: the suite as an installed command (bin/store-api-conformance.js loads
 * this file through tsx). In a clone, the npm scripts run the same commands (`npm run certify` is
 * `tsx cli/main.ts certify`). A mistake on the command line is one line and exit 2, as any other
 * mistake of the user's: nothing was judged. The commands load what they run only when they run, so
 * that help and mistakes answer at once.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { commandHelp, parseCommand, PROGRAM, UsageError } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { packageVersion } from './package.ts';

const USAGE_ERROR = 2;

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    `The conformance suite of the Store Management API, ${packageVersion()}. Reports go to ./reports.`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    `${PROGRAM} <command> --help says more. ${PROGRAM} --version prints the version.`,
  ].join('\n');
}

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(overview());
    return name === undefined ? USAGE_ERROR : 0;
  }
  if (name === '--version' || name === '-v') {
    console.log(packageVersion());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    console.error(
      `${PROGRAM}: unknown ${name.startsWith('-') ? 'option' : 'command'} '${name}' (commands: ${COMMANDS.map((c) => c.name).join(', ')}; see ${PROGRAM} --help)`,
    );
    return USAGE_ERROR;
  }
  try {
    const parsed = parseCommand(command, args);
    if (!parsed) {
      console.log(commandHelp(command));
      return 0;
    }
    return await command.run(parsed);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return USAGE_ERROR;
  }
}

// Run as a program (tsx cli/main.ts, by the npm scripts), not when imported (by the bin, or a self test).
if (process.argv[1] && realpathSync(path.resolve(process.argv[1])) === import.meta.filename)
  process.exitCode = await main(process.argv.slice(2));
