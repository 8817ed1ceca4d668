/**
 * One command of `store-api-conformance`: its options, its help, and its body. Arguments are parsed by
 * node:util's parseArgs (strict: an unknown option, a missing value or a stray argument is refused with
 * one line, exit 2, as any other mistake of the user's). Everything after `--` is handed on untouched
 * (to `playwright test`, for the commands that run the suite).
 */
import { parseArgs } from 'node:util';

export const PROGRAM = 'store-api-conformance';

/** A mistake in the command line: one line, exit 2 (NO VERDICT: nothing was judged). */
export class UsageError extends Error {}

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** What the value is, in the help: `<url>`. */
  readonly value?: string;
  readonly description: string;
}

export interface Parsed {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
  /** The arguments after `--`. */
  readonly rest: readonly string[];
}

export interface Command {
  readonly name: string;
  /** One line, for the list of commands. */
  readonly summary: string;
  /** The arguments after the command's name, as the help shows them: `[options] <bundle.zip>`. */
  readonly usage: string;
  /** More lines for its help. */
  readonly details?: readonly string[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** How many positional arguments it takes (before `--`). */
  readonly positionals: { readonly min: number; readonly max: number };
  /** Whether it takes arguments after `--`. */
  readonly passThrough?: boolean;
  /** Its exit code. */
  run(args: Parsed): Promise<number>;
}

/** The first sentence of parseArgs' message: it goes on about positionals at length. */
const firstSentence = (message: string) => {
  const first = message.split(/\.\s/)[0]?.replace(/\.$/, '') ?? message;
  return first.charAt(0).toLowerCase() + first.slice(1);
};

/** Parses a command's arguments; throws a UsageError, or returns undefined when help was asked for. */
export function parseCommand(command: Command, args: readonly string[]): Parsed | undefined {
  const options = Object.fromEntries(
    Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }]),
  );
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
  } catch (error) {
    throw new UsageError(
      `${PROGRAM} ${command.name}: ${firstSentence((error as Error).message)} (see ${PROGRAM} ${command.name} --help)`,
    );
  }
  if (parsed.values.help === true) return undefined;
  const terminator = parsed.tokens.find((t) => t.kind === 'option-terminator')?.index ?? Infinity;
  const positionals = parsed.tokens.flatMap((t) => (t.kind === 'positional' && t.index < terminator ? [t.value] : []));
  const rest = terminator === Infinity ? [] : args.slice(terminator + 1);
  const { min, max } = command.positionals;
  if (positionals.length < min || positionals.length > max) {
    const said = positionals.length < min ? 'missing an argument' : `unexpected argument '${positionals[max]}'`;
    throw new UsageError(`${PROGRAM} ${command.name}: ${said}: ${PROGRAM} ${command.name} ${command.usage}`);
  }
  if (rest.length > 0 && !command.passThrough)
    throw new UsageError(
      `${PROGRAM} ${command.name}: takes no arguments after -- (see ${PROGRAM} ${command.name} --help)`,
    );
  const { help: _help, ...values } = parsed.values;
  return { values, positionals, rest };
}

export function commandHelp(command: Command): string {
  const width = Math.max(...Object.entries(command.options).map(([n, o]) => n.length + (o.value?.length ?? 0)), 4) + 6;
  const optionLines = Object.entries(command.options).map(([name, spec]) => {
    const left = `--${name}${spec.value ? ` ${spec.value}` : ''}`;
    return `  ${left.padEnd(width)}${spec.description}`;
  });
  return [
    `Usage: ${PROGRAM} ${command.name} ${command.usage}`,
    '',
    command.summary,
    ...(command.details ? ['', ...command.details] : []),
    '',
    'Options:',
    ...optionLines,
    `  ${'--help, -h'.padEnd(width)}this help`,
  ].join('\n');
}
