import { randomBytes } from 'node:crypto';

/** `conf-20261121-2359-a1b2`: sortable, unique per run, and easy to search for on a target. */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);
  return `conf-${stamp}-${randomBytes(2).toString('hex')}`;
}
