/**
 * The layout's rules are the tool's rules (selftest/harness/layout.ts): CONTRIBUTING.md's table is what
 * .dependency-cruiser.cjs checks, every file of the project's folders falls under one of its rows, and
 * fixtures/ lets tests reach no support/ code but the contract by passing it on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { PROJECT_ROOT } from '../support/run/config.ts';
import {
  CONTRIBUTING_FILE,
  contributingWithTable,
  governs,
  layoutRows,
  layoutRules,
  passedOn,
} from './harness/layout.ts';

/** What is never the project's own: installed packages and what runs write (.gitignore). */
const NOT_OURS = new Set(['node_modules', 'reports', 'test-results', 'blob-report', 'playwright-report']);

/** Every file under `dir` (relative to the project, `/`-separated). */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The folders and files `npm run lint:imports` hands dependency-cruiser. */
function cruised(): string[] {
  const packageJson = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [, ...args] = packageJson.scripts['lint:imports']!.split(' ');
  return args.filter((arg, i) => !arg.startsWith('-') && args[i - 1] !== '--config');
}

test(`${CONTRIBUTING_FILE}'s layout table is the rules dependency-cruiser checks (npm run layout:docs writes it)`, () => {
  const contributing = readFileSync(path.join(PROJECT_ROOT, CONTRIBUTING_FILE), 'utf8');
  expect(contributing, 'stale: run `npm run layout:docs`').toBe(contributingWithTable(contributing));
});

test('every file of the project falls under one row of the layout, and every folder of code is cruised', () => {
  const rows = layoutRows();
  const others = layoutRules().filter((rule) => !rule.name.startsWith('layout: '));
  const folders = readdirSync(PROJECT_ROOT, { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith('.') && !NOT_OURS.has(entry.name),
  );
  const files = [...folders.flatMap((folder) => filesUnder(folder.name)), ...cruised().filter((p) => p.includes('.'))];
  const problems = files.flatMap((file) => {
    const under = rows.filter((row) => governs(row, file));
    if (under.length > 1) return [`${file}: under ${under.map((row) => row.folder).join(' and ')}`];
    // Taken out of its folder's row for rules of its own (below the table).
    const ownRules =
      rows.some((row) => row.except.includes(file)) &&
      others.some((rule) => rule.from.path !== undefined && new RegExp(rule.from.path).test(file));
    return under.length === 0 && !ownRules ? [`${file}: under no row of .dependency-cruiser.cjs`] : [];
  });
  const uncruised = folders
    .filter((folder) => filesUnder(folder.name).some((file) => /\.(ts|js|cjs|mjs)$/.test(file)))
    .filter((folder) => !cruised().includes(folder.name))
    .map((folder) => `${folder.name}/: code that npm run lint:imports does not cruise`);
  expect([...problems, ...uncruised]).toEqual([]);
});

test('fixtures/ passes on no support/ code but the contract', () => {
  const passed = filesUnder('fixtures')
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => passedOn(file, readFileSync(path.join(PROJECT_ROOT, file), 'utf8')));
  expect(passed, 'a test reaches support/ through a step of the fixtures, not a re-export').toEqual([]);
});
