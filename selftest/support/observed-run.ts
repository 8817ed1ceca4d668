/**
 * A run against the embedded reference, with the delivery observations on: the observation tests, and
 * Webhook Events, whose tests give the run a verdict (CONFORMANT). One per `npm test`
 * (selftest/harness/shared-run.ts), read by delivery-observations.spec.ts (the reference's retries,
 * headers, repeats and payloads as observed, the verdict left alone) and html-report.spec.ts (a
 * CONFORMANT run's conformance.html, its observations among what it shows).
 */
import { runSuite } from '../harness/suite-run.ts';
import { sharedRun, type SharedRun } from '../harness/shared-run.ts';

export const OBSERVATION_SPEC = 'tests/observations/delivery-behaviour.spec.ts';

/** How long the observations wait for retries after a delivery answered 500. */
export const OBSERVED_RETRY_WINDOW_MS = 8_000;

/** The observed run of this `npm test`: started here if no self test has asked for it yet. */
export function observedRun(): Promise<SharedRun<null>> {
  return sharedRun('observed-retries', async (dir) => {
    const result = await runSuite({
      env: { OBSERVE_DELIVERIES: 'true', OBSERVE_RETRY_WINDOW_MS: String(OBSERVED_RETRY_WINDOW_MS) },
      args: [OBSERVATION_SPEC, 'tests/webhooks/webhook-events.spec.ts'],
      keepReports: dir,
    });
    return { result, facts: null };
  });
}
