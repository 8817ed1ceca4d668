/**
 * What the tests that only read share is made once per run, not once per worker (support/run/made-once.ts,
 * fixtures/shared.ts `sharedPerRun`): the first asker makes it, the others read what it wrote; a making
 * that failed is made anew by the next asker; a maker whose process is gone gives way. End to end, the
 * list filters' tests spread over three workers create no more shared products than over one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, WHOLE_SUITE } from './fixtures.ts';
import { runSuite } from './harness/suite-run.ts';
import { runDirectory } from './support/report-files.ts';
import { clearMadeOnce, madeOnce, madeOnceDir } from '../support/run/made-once.ts';

const run = () => `selftest-${randomBytes(6).toString('hex')}`;

test('one asker makes it, every other reads what it wrote; a failed making is made anew by the next asker', async () => {
  const instance = run();
  try {
    let makings = 0;
    const make = async () => {
      makings++;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return `made ${makings}`;
    };
    const read = await Promise.all([1, 2, 3, 4].map(() => madeOnce(instance, 'thing', make)));
    expect(read).toEqual(['made 1', 'made 1', 'made 1', 'made 1']);
    expect(makings).toBe(1);

    await expect(madeOnce(instance, 'broken', () => Promise.reject(new Error('the store refused')))).rejects.toThrow(
      'the store refused',
    );
    expect(await madeOnce(instance, 'broken', async () => 'made at the second ask')).toBe('made at the second ask');
  } finally {
    await clearMadeOnce(instance);
  }
});

test('a lock whose maker has ended is taken over', async () => {
  const instance = run();
  try {
    // Above any pid_max a kernel allows: no process has it.
    const ended = 2 ** 30;
    await mkdir(madeOnceDir(instance), { recursive: true });
    await writeFile(path.join(madeOnceDir(instance), 'orphan.lock'), String(ended));
    expect(await madeOnce(instance, 'orphan', async () => 'made by the next asker')).toBe('made by the next asker');
  } finally {
    await clearMadeOnce(instance);
  }
});

test(
  'the list filters over three workers create no more shared products than over one',
  WHOLE_SUITE,
  async ({}, testInfo) => {
    const sharedProducts = async (workers: number) => {
      const work = await runDirectory(testInfo, `made-once-${workers}`);
      const report = path.join(work, 'created-resources.json');
      const result = await runSuite({
        args: ['tests/products/list-products-filters.spec.ts', `--workers=${workers}`],
        env: { CREATED_RESOURCES_FILE: report },
      });
      // Its verdict is NO VERDICT (the file holds no `@stated` test): every test passed is what counts here.
      expect(result.tests.length, result.stdout.slice(-2000)).toBeGreaterThan(0);
      expect(
        result.tests.filter((t) => t.outcome !== 'expected').map((t) => t.title),
        'tests not passing',
      ).toEqual([]);
      const { resources } = JSON.parse(await readFile(report, 'utf8')) as {
        resources: { kind: string; shared?: true }[];
      };
      return resources.filter((r) => r.kind === 'product' && r.shared).length;
    };
    const one = await sharedProducts(1);
    expect(one, 'shared products over one worker').toBeGreaterThan(0);
    expect(await sharedProducts(3), 'shared products over three workers').toBe(one);
  },
);
