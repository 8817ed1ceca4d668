/**
 * Delivery behaviour the spec leaves "not shown" (delivery headers, signature computation, retries,
 * payload shapes), observed and reported, never judged: these tests are tagged @observation, cite no
 * clause, and the conformance report lists what they saw under "Observed delivery behaviour", apart
 * from every count and from the verdict. They fail only when the observation cannot be made (nothing
 * arrived to observe), saying why. OBSERVE_DELIVERIES=false switches them off; they run in parallel
 * with the rest, and the longest (retries) watches for OBSERVE_RETRY_WINDOW_MS (8 s by default).
 */
import { observes, test } from '../../fixtures/index.ts';
import {
  aboutProduct,
  deliveriesUnobservable,
  matching,
  now,
  DELIVERIES_UNOBSERVABLE,
  type Delivery,
} from '../../fixtures/deliveries.ts';
import {
  arrival,
  observeHeaders,
  observePayload,
  observeRepeats,
  observeRetries,
  record,
} from '../../fixtures/observations.ts';

/** How long each inbox is watched for repeats after the last expected delivery arrived. */
const REPEAT_WINDOW_MS = 3_000;
/** What the inbox answers every attempt with, to see whether and how the target retries. */
const FAILING_STATUS = 500;

test.describe('Delivery behaviour (observed, never judged)', () => {
  test.skip(
    ({ config }) => !config.observation.enabled,
    'OBSERVE_DELIVERIES=false: delivery behaviour is not observed in this run',
  );
  test.skip(({ config }) => deliveriesUnobservable(config) !== undefined, DELIVERIES_UNOBSERVABLE);

  test(
    'header names, payload fields of product.created and product.updated, and whether each arrives once',
    observes(),
    async ({ deliveries, make, config, inbox, inboxes }) => {
      const updates = await inboxes.open();
      await deliveries.registerAt(inbox, { events: ['product.created'], secret: make.secret() });
      await deliveries.registerAt(updates, { events: ['product.updated'], secret: make.secret() });
      const wait = { timeoutMs: config.deliveryTimeoutMs };

      const signatureHeader = config.signature?.scheme === 'hmac-sha256' ? config.signature.header : undefined;
      // Each part is recorded as soon as it is seen: a target that never sends product.updated still shows the rest.
      const observed = (event: string, delivery: Delivery) => {
        record({
          headers: observeHeaders([{ event, delivery }], signatureHeader),
          payloads: [observePayload(event, delivery, product.id)],
        });
        return { event, delivery };
      };

      const product = await deliveries.createProduct();
      const created = observed(
        'product.created',
        await arrival(inbox, aboutProduct(product), { ...wait, observing: 'product.created deliveries' }),
      );
      const updateStarted = now();
      const renamed = await deliveries.updateProduct(product);
      const sentAfterUpdate = matching(
        `a delivery about product ${product.id} (${JSON.stringify(renamed.name)}) sent after its update`,
        (d) => d.receivedAt >= updateStarted && aboutProduct(renamed).test(d),
      );
      const updated = observed(
        'product.updated',
        await arrival(updates, sentAfterUpdate, { ...wait, observing: 'product.updated deliveries' }),
      );

      const until = now() + REPEAT_WINDOW_MS;
      // One deadline for both inboxes: the second collect, after it, returns at once with what came before.
      const [createdAll, updatedAll] =
        await test.step(`watch both inboxes ${REPEAT_WINDOW_MS} ms for repeats`, async () => [
          await inbox.collect(aboutProduct(product), { untilEpochMs: until }),
          await updates.collect(aboutProduct(renamed), { untilEpochMs: until }),
        ]);
      const idHeaders = observeHeaders([created, updated]).recognised.id;
      record({
        repeats: observeRepeats(
          [
            { ...created, all: createdAll },
            { ...updated, all: updatedAll },
          ],
          { windowMs: REPEAT_WINDOW_MS, idHeaders },
        ),
      });
    },
  );

  test(
    `retries of a delivery the receiver answers ${FAILING_STATUS}`,
    observes(),
    async ({ deliveries, make, config, inbox }) => {
      await deliveries.registerAt(inbox, { events: ['product.created'], secret: make.secret() });
      await inbox.answer({ status: FAILING_STATUS, times: 1_000_000 });
      const product = await deliveries.createProduct();
      const first = await arrival(inbox, aboutProduct(product), {
        timeoutMs: config.deliveryTimeoutMs,
        observing: 'retries',
      });
      const windowMs = config.observation.retryWindowMs;
      const attempts = await test.step(`watch ${windowMs} ms after the first attempt for retries`, () =>
        inbox.collect(aboutProduct(product), { untilEpochMs: first.receivedAt + windowMs }));
      record({
        headers: observeHeaders(attempts.map((delivery) => ({ event: 'product.created', delivery }))),
        retries: observeRetries(attempts, { windowMs, answeredWith: FAILING_STATUS }),
      });
    },
  );
});
