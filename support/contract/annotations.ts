/**
 * The annotations a conformance test carries, by type: written by the fixtures and the tests, read by
 * the conformance reporter and the suite's own tests. Kept apart so neither side imports the other.
 */
export const Annotation = {
  /** A clause the test checks (one annotation per clause). */
  clause: 'clause',
  /**
   * The test's level, `stated`, `assumed` or `observation`, as its tag says: JUnit carries annotations
   * (not tags) as properties, so a CI test view can tell a failing reading from a breach.
   */
  level: 'level',
  /** For an assumed clause: `<clause id>: <reading>`. */
  reading: 'reading',
  /**
   * The instance the test judges beside its operation (support/contract/instances.ts): `kind=booking;
   * step=updated twice`. docs/instances.md is generated from them.
   */
  instance: 'instance',
  /**
   * The test could not judge its clause because another clause looks broken (no delivery arrived,
   * no list could be read): the id of that clause. It comes with a skip; the verdict accepts it only
   * when a test of that clause failed in the run.
   */
  dependsOn: 'depends-on',
  /**
   * The test's check does not apply to this target: a choice the spec leaves open makes it moot (the
   * target refuses the input the check is about, say). It comes with a skip, which the verdict accepts;
   * the test's clauses count as not judged by it.
   */
  notApplicable: 'not-applicable',
  /** The test's own faker seed. */
  fakerSeed: 'faker-seed',
  /** Milliseconds from an API call to the arrival of the delivery it caused. */
  deliveryLatencyMs: 'delivery-latency-ms',
  /** A list test waited for its own products as long as LIST_WAIT_MS allows, and the list never showed them. */
  listWait: 'list-wait',
  /**
   * What an observation test saw of the target's deliveries (JSON of `DeliveryObservation`,
   * support/report/report-format.ts): reported, never judged.
   */
  observedDelivery: 'observed-delivery',
  /**
   * A generated test's seed and how its generated requests were answered (`seed 7; 100 examples: 20 2xx,
   * 80 4xx, 0 5xx, 0 other`): bench:fuzz sums them.
   */
  generatedRequests: 'generated-requests',
  /** Milliseconds from the worker process start to this test's start, on the first test of a worker (bench:worker-start). */
  workerStartMs: 'worker-start-ms',
} as const;

/**
 * The tag of an observation test: neither @stated nor @assumed. It reports how the target behaves where
 * the spec is silent and is never counted in the verdict (support/report/conformance-reporter.ts).
 */
export const OBSERVATION_TAG = '@observation';

/**
 * The tag of a test whose requests are generated (tests/generated/): `@assumed` like its clauses, never
 * deciding the verdict.
 */
export const GENERATED_TAG = '@generated';
