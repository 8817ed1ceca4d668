/**
 * A NOT CONFORMANT run of the embedded reference: one fault (Create Booking Product answers 200, a
 * stated clause broken), signatures not checked (WEBHOOK_SIGNATURE_SCHEME=none, skips the configuration
 * explains), over Create Booking Product's tests, every signature test and the delivery spec. One per
 * `npm test` (selftest/harness/shared-run.ts), read by html-report.spec.ts (what a vendor gets of a NOT
 * CONFORMANT run) and capture-config.spec.ts (WEBHOOK_SIGNATURE_SCHEME=none skips the signature tests of
 * the delivery spec only: the fault bends no delivery).
 */
import { SELFTEST_TOKEN } from '../fixtures.ts';
import { runSuite } from '../harness/suite-run.ts';
import { sharedRun, type SharedRun } from '../harness/shared-run.ts';

export const BROKEN_FAULT = 'create-booking-200';
export const NOT_CONFORMANT_SEED = '4242';
export const DELIVERY_SPEC = 'tests/webhooks/deliveries.spec.ts';

/** The NOT CONFORMANT run of this `npm test`: started here if no self test has asked for it yet. */
export function notConformantRun(): Promise<SharedRun<null>> {
  return sharedRun('not-conformant', async (dir) => {
    const result = await runSuite({
      env: {
        REFERENCE_FAULTS: BROKEN_FAULT,
        WEBHOOK_SIGNATURE_SCHEME: 'none',
        API_TOKEN: SELFTEST_TOKEN,
        FAKER_SEED: NOT_CONFORMANT_SEED,
      },
      // A --grep, not file arguments: the report names the selection as a --grep.
      args: [
        '--grep',
        `@create-booking-product|carry a signature|${DELIVERY_SPEC.replace('tests/', '').replaceAll('.', '\\.')}`,
      ],
      keepReports: dir,
    });
    return { result, facts: null };
  });
}
