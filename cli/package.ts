/** The installed package's root and version, without loading the suite (the help of a command is quick). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..');

export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
