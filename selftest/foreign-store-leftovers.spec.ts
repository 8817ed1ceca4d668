/**
 * What a run leaves on a store we did not write (selftest/harness/foreign-store.ts), told no delete path:
 * the store serves Delete Product and Delete Webhook at the conventional paths, and the run must find
 * them, prove them and leave no product and no webhook of its own; with STORE_NO_DELETE=1 (no delete
 * route), it must leave no webhook that can deliver. The store says what a run left
 * (`GET /__foreign-store/state?name=<run id>`, its README): a webhook is live while its status is 1 and
 * its url's host does not end in `.invalid`. Specs that make webhooks (at parked addresses and at the
 * capture server's inboxes), products, and a set several tests share; the verdict the same either way.
 */
import { foreignStoreMissing, startForeignStore, type ForeignStore } from './harness/foreign-store.ts';
import { runSuite } from './harness/suite-run.ts';
import { expect, test, WHOLE_SUITE } from './fixtures.ts';
import { runDirectory } from './support/report-files.ts';
import { reportIn, shortfalls } from './support/verdict.ts';

const SPECS = [
  'tests/security/webhook-secret.spec.ts',
  'tests/webhooks/update-webhook.spec.ts',
  'tests/products/list-products-pagination.spec.ts',
];

interface Leftovers {
  readonly webhooks: number;
  readonly liveWebhooks: readonly { readonly id: number; readonly url: string }[];
  readonly products: number;
}

async function leftovers(store: ForeignStore, runId: string): Promise<Leftovers> {
  const answer = await fetch(`${store.url}/__foreign-store/state?name=${encodeURIComponent(runId)}`, {
    headers: { authorization: `Bearer ${store.env.API_TOKEN}` },
  });
  return ((await answer.json()) as { data: Leftovers }).data;
}

for (const deletes of [true, false]) {
  const store = deletes ? 'serving deletes at the conventional paths' : 'without delete routes (STORE_NO_DELETE=1)';
  const expected = deletes ? 'no product and no webhook of the run left' : 'no webhook of the run able to deliver';
  test(
    `the foreign store ${store}, told no delete path: ${expected}, the verdict CONFORMANT`,
    WHOLE_SUITE,
    async ({}, testInfo) => {
      const missing = foreignStoreMissing();
      test.skip(missing !== undefined, `not run: ${missing}`);
      const foreign = await startForeignStore('', deletes ? {} : { STORE_NO_DELETE: '1' });
      try {
        const dir = await runDirectory(testInfo, 'foreign-leftovers');
        const runId = `selftest-left-${Date.now().toString(36)}`;
        const result = await runSuite({
          env: { ...foreign.env, RUN_ID: runId },
          args: [...SPECS, '--workers=2'],
          keepReports: dir,
        });
        expect(result.tests.length, `tests run (stderr: ${result.stderr.slice(0, 2000)})`).toBeGreaterThan(20);
        const report = await reportIn(dir);
        expect(shortfalls(report), 'the verdict').toEqual([]);
        const left = await leftovers(foreign, runId);
        expect(left.liveWebhooks, 'webhooks of the run that can deliver').toEqual([]);
        expect(report.store?.created.webhooks, 'webhooks the run created').toBeGreaterThan(0);
        if (deletes) {
          expect(result.stdout, "preflight's line").toMatch(/delete paths probed once for this run.* proven.* proven/);
          expect(left, 'what the run left').toEqual({ webhooks: 0, liveWebhooks: [], products: 0 });
          expect(report.store?.command, 'nothing to remove').toBeNull();
        } else {
          expect(left.webhooks, 'webhooks left, switched off').toBe(report.store?.switchedOff.webhooks);
          expect(report.store?.command, 'the command that removes the rest').toContain(`cleanup ${runId}`);
        }
      } finally {
        await foreign.close();
      }
    },
  );
}
