/**
 * Moved to support/run/webhook-destination.ts (a run's safety policy: it reads the run's configuration and
 * the capture server's inbox addresses, which the client stands below). This re-export stays only while
 * fixtures/ imports it here (fixtures/target.ts, fixtures/webhooks.ts, fixtures/generated/fuzz.ts): then it goes.
 */
export { assertOwnWebhookDestination, isParked, parkedWebhookUrl } from '../run/webhook-destination.ts';
