/**
 * The reference with every mutant of its rule code in it, switched at run time (Stryker's mutation
 * switching): @stryker-mutator/instrumenter rewrites each file of MUTATED, and the copy of `reference/`
 * it writes to a sandbox directory holds them all, each behind `stryMutAct(id)`, off unless switched on
 * (switch.ts). The rest of the project is linked, not copied: what the reference imports from
 * `support/` is the very module this process holds.
 *
 * A mutant is skipped (`Ignored`, with its reason) where its line carries a `// Stryker disable` comment,
 * whose reason quotes the spec's words that leave the line open (selftest/mutation.spec.ts checks the
 * quotes), and inside the context a route hands a hook point (`faults.bend(point, value, context)`): only
 * faults read it, so a clean reference behaves the same whatever a mutant makes of it.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { PROJECT_ROOT } from '../../support/run/config.ts';

/** The reference's rule code: its routes, rules, listing, pagination, deliveries, validation and rendering. */
export const MUTATED = [
  'reference/routes/context.ts',
  'reference/routes/delete.ts',
  'reference/routes/list.ts',
  'reference/routes/products.ts',
  'reference/routes/webhooks.ts',
  'reference/auth.ts',
  'reference/deliveries.ts',
  'reference/destinations.ts',
  'reference/format.ts',
  'reference/input.ts',
  'reference/listed.ts',
  'reference/pagination.ts',
  'reference/product-bodies.ts',
  'reference/render.ts',
  'reference/rules.ts',
  'reference/store.ts',
  'reference/validation.ts',
] as const;

/** One mutant: where it is (file relative to the project, line and column from 1), what it changes, and why it is skipped. */
export interface Mutant {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Where the code it replaces ends (line and column from 1). */
  readonly end: { readonly line: number; readonly column: number };
  readonly mutator: string;
  /** The code it replaces, as written. */
  readonly original: string;
  readonly replacement: string;
  /** The reason of the `// Stryker disable` comment, or of the rule, that skips it. */
  readonly ignored?: string;
}

export interface Sandbox {
  /** The sandbox's directory: `reference/` instrumented, the rest linked. */
  readonly dir: string;
  readonly mutants: readonly Mutant[];
  /** Another copy of the instrumented `reference/` beside the first, for a mutant whose code runs as its modules load. */
  copy(name: string): Promise<string>;
  remove(): Promise<void>;
}

/** What the sandbox links to the project: what `reference/` imports, the packages, and what tells tsx its modules are ES modules. */
const LINKED = ['support', 'profiles', 'node_modules', 'package.json', 'tsconfig.json'];

const HOOK_CONTEXT = 'a hook point context: read by faults only, and a clean reference reads none';

/**
 * Skips what a route hands a hook point besides the value: the context of `faults.bend(point, value, context)`.
 * Babel's NodePath, as Stryker hands it to an ignorer, read structurally.
 */
const hookContexts = {
  shouldIgnore(nodePath: unknown): string | undefined {
    const p = nodePath as {
      listKey?: string;
      key?: unknown;
      parent?: { type: string; callee?: { type: string; property?: { type: string; name?: string } } };
    };
    const callee = p.parent?.type === 'CallExpression' ? p.parent.callee : undefined;
    const bend = callee?.type === 'MemberExpression' && callee.property?.name === 'bend';
    return bend && p.listKey === 'arguments' && p.key === 2 ? HOOK_CONTEXT : undefined;
  },
};

const quiet = () => false;
const logger = {
  isTraceEnabled: quiet,
  isDebugEnabled: quiet,
  isInfoEnabled: quiet,
  isWarnEnabled: quiet,
  isErrorEnabled: quiet,
  isFatalEnabled: quiet,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (...args: unknown[]) => console.warn('mutation instrumenter:', ...args),
  error: (...args: unknown[]) => console.error('mutation instrumenter:', ...args),
  fatal: (...args: unknown[]) => console.error('mutation instrumenter:', ...args),
};

/** Instruments MUTATED (or `files`) into a new sandbox directory. */
export async function instrumentReference(files: readonly string[] = MUTATED): Promise<Sandbox> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mutation-'));
  try {
    const sources = await Promise.all(
      files.map(async (file) => ({
        name: file,
        content: await readFile(path.join(PROJECT_ROOT, file), 'utf8'),
        mutate: true as const,
      })),
    );
    const instrumenter = new Instrumenter(logger);
    const result = await instrumenter.instrument(sources, {
      plugins: null,
      excludedMutations: [],
      ignorers: [hookContexts],
    });
    await cp(path.join(PROJECT_ROOT, 'reference'), path.join(dir, 'reference'), { recursive: true });
    for (const file of result.files) await writeFile(path.join(dir, file.name), file.content);
    for (const name of LINKED) await symlink(path.join(PROJECT_ROOT, name), path.join(dir, name));
    const lines = new Map(sources.map((source) => [source.name, source.content.split('\n')]));
    const originalOf = (
      file: string,
      start: { line: number; column: number },
      end: { line: number; column: number },
    ) => {
      const text = (lines.get(file) ?? []).slice(start.line, end.line + 1);
      if (text.length === 0) return '';
      text[text.length - 1] = (text[text.length - 1] ?? '').slice(0, end.column);
      text[0] = (text[0] ?? '').slice(start.column);
      return text.join('\n');
    };
    const mutants = result.mutants.map((m): Mutant => ({
      id: m.id,
      file: m.fileName,
      line: m.location.start.line + 1,
      column: m.location.start.column + 1,
      end: { line: m.location.end.line + 1, column: m.location.end.column + 1 },
      mutator: m.mutatorName,
      original: originalOf(m.fileName, m.location.start, m.location.end),
      replacement: m.replacement,
      ...(m.status === 'Ignored' ? { ignored: m.statusReason ?? 'ignored' } : {}),
    }));
    return {
      dir,
      mutants,
      async copy(name) {
        const copyDir = path.join(dir, 'copies', name);
        await cp(path.join(dir, 'reference'), path.join(copyDir, 'reference'), { recursive: true });
        for (const linked of LINKED) await symlink(path.join(PROJECT_ROOT, linked), path.join(copyDir, linked));
        return copyDir;
      },
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
