/**
 * Reading what a run wrote, all of it: every file under a directory, with archives opened (trace and
 * blob zips) and the HTML report's embedded data decoded (a base64 zip inside index.html). The secret
 * scan and the report self tests look at the same bytes a reader of the published reports would get.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { looksLikeZip, readZip } from '../../support/report/zip.ts';

const runDirectories = new Map<string, string[]>();

/**
 * A directory for what a child run writes, outside test-results/: any Playwright run started in this
 * tree empties that folder, and a self test reads these files after its child exits. Removed by
 * `removeRunDirectories` (an afterEach) when the test passed; kept for a look when it failed.
 */
export async function runDirectory(testInfo: TestInfo, name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `selftest-${name}-`));
  runDirectories.set(testInfo.testId, [...(runDirectories.get(testInfo.testId) ?? []), dir]);
  return dir;
}

export async function removeRunDirectories({}: object, testInfo: TestInfo): Promise<void> {
  const dirs = runDirectories.get(testInfo.testId) ?? [];
  runDirectories.delete(testInfo.testId);
  if (testInfo.status !== testInfo.expectedStatus) {
    if (dirs.length > 0) console.log(`Kept for inspection: ${dirs.join(', ')}`);
    return;
  }
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

export interface WrittenFile {
  /** Path under the scanned root; entries inside archives as `archive.zip!entry`. */
  readonly name: string;
  readonly bytes: Buffer;
}

const EMBEDDED_REPORT =
  /<template id="playwrightReportBase64">data:application\/zip;base64,([A-Za-z0-9+/=]+)<\/template>/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** The file, and (recursively) what is inside it: zip entries, the HTML report's embedded zip. */
export function expand(name: string, bytes: Buffer): WrittenFile[] {
  const out: WrittenFile[] = [{ name, bytes }];
  if (looksLikeZip(bytes)) {
    for (const entry of readZip(bytes)) out.push(...expand(`${name}!${entry.name}`, entry.data));
  } else if (name.endsWith('.html')) {
    const embedded = EMBEDDED_REPORT.exec(bytes.toString('latin1'))?.[1];
    if (embedded) out.push(...expand(`${name}!embedded-report.zip`, Buffer.from(embedded, 'base64')));
  }
  return out;
}

/** Every file under the roots, expanded. */
export async function readWrittenFiles(...roots: readonly string[]): Promise<WrittenFile[]> {
  const files: WrittenFile[] = [];
  for (const root of roots) {
    for await (const file of walk(root)) files.push(...expand(path.relative(root, file) || file, await readFile(file)));
  }
  return files;
}

export interface SecretPattern {
  readonly label: string;
  readonly pattern: RegExp;
}

export interface SecretHit {
  readonly secret: string;
  readonly file: string;
  /** The value found: for filtering only, never to be printed. */
  readonly value: string;
  /** Where it was found, with the secret itself masked: the hit report must not leak either. */
  readonly context: string;
}

export function findSecrets(files: readonly WrittenFile[], secrets: readonly SecretPattern[]): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const file of files) {
    const text = file.bytes.toString('latin1');
    for (const { label, pattern } of secrets) {
      for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))) {
        const at = match.index;
        const context = `${text.slice(Math.max(0, at - 80), at)}<${label}>${text.slice(at + match[0].length, at + match[0].length + 40)}`;
        hits.push({ secret: label, file: file.name, value: match[0], context: context.replace(/\s+/g, ' ') });
      }
    }
  }
  return hits;
}

/** The HTML report's data: its summary (report.json) and one JSON document per spec file with the tests. */
export interface HtmlReportData {
  readonly report: { readonly metadata: Record<string, unknown>; readonly stats: Record<string, number> };
  readonly tests: readonly HtmlReportTest[];
}

interface HtmlReportTest {
  readonly title: string;
  readonly path: readonly string[];
  readonly outcome: string;
  readonly tags: readonly string[];
  readonly results: readonly {
    readonly errors: readonly { readonly message?: string }[];
    readonly attachments: readonly {
      readonly name: string;
      readonly contentType: string;
      readonly body?: string;
      readonly path?: string;
    }[];
  }[];
}

export async function readHtmlReport(htmlDir: string): Promise<HtmlReportData> {
  const html = await readFile(path.join(htmlDir, 'index.html'));
  const embedded = EMBEDDED_REPORT.exec(html.toString('latin1'))?.[1];
  if (!embedded) throw new Error(`${htmlDir}/index.html has no embedded report data`);
  const entries = readZip(Buffer.from(embedded, 'base64'));
  const json = (name: string) =>
    JSON.parse(entries.find((e) => e.name === name)?.data.toString('utf8') ?? 'null') as unknown;
  const report = json('report.json') as HtmlReportData['report'];
  const tests = entries
    .filter((e) => e.name !== 'report.json' && e.name.endsWith('.json'))
    .flatMap((e) => (JSON.parse(e.data.toString('utf8')) as { tests: HtmlReportTest[] }).tests);
  return { report, tests };
}
