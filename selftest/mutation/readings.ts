/**
 * Where the reference's code is a reading: a `// Reading: <clause>[, <clause>] …` comment names the assumed
 * clauses the statement after it implements (which fields a search looks in, say). A mutant there breaks
 * a reading, not the spec: that no `@stated` test kills it is the point, and the verdict rightly stays.
 * A mutant no `@stated` test kills, outside every such statement, is presumed to break a stated clause.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { Clauses, type ClauseId } from '../../support/contract/clauses.ts';
import { PROJECT_ROOT } from '../../support/run/config.ts';

const MARK = /^\/\/\s*Reading:\s*([a-z0-9.\-]+(?:\s*,\s*[a-z0-9.\-]+)*)/;

/** A statement the code marks as a reading: its lines (from 1) and the clauses it names. */
export interface ReadingRange {
  readonly file: string;
  readonly from: number;
  readonly to: number;
  readonly clauses: readonly string[];
}

/** The ranges `files` mark as readings. */
export async function readingRanges(files: readonly string[]): Promise<ReadingRange[]> {
  const ranges: ReadingRange[] = [];
  for (const file of files) {
    const text = await readFile(path.join(PROJECT_ROOT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
    const visit = (node: ts.Node) => {
      for (const comment of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) {
        const found = MARK.exec(text.slice(comment.pos, comment.end));
        if (found?.[1] && node.getStart() >= comment.end)
          ranges.push({
            file,
            from: lineOf(node.getStart()),
            to: lineOf(node.getEnd()),
            clauses: found[1].split(',').map((c) => c.trim()),
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  // A comment leads every node that starts where its statement does: keep the widest range of each.
  return ranges.filter(
    (r, i) =>
      !ranges.some(
        (o, j) =>
          j !== i && o.file === r.file && o.from <= r.from && o.to >= r.to && (o.to - o.from > r.to - r.from || j < i),
      ),
  );
}

/** The clauses a reading range names that are not assumed clauses: a typo, or a stated clause posing as a reading. */
export function misnamed(ranges: readonly ReadingRange[]): string[] {
  return ranges.flatMap((r) =>
    r.clauses
      .filter((c) => (Clauses as Record<string, { level: string }>)[c]?.level !== 'assumed')
      .map(
        (c) =>
          `${r.file}:${r.from}: ${c} is ${c in Clauses ? `a stated clause (${Clauses[c as ClauseId].section})` : 'no clause'}`,
      ),
  );
}

/** The reading range holding a line of a file, if any. */
export function readingAt(ranges: readonly ReadingRange[], file: string, line: number): ReadingRange | undefined {
  return ranges.find((r) => r.file === file && r.from <= line && line <= r.to);
}
