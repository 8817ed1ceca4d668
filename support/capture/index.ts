export { CaptureClient, CaptureError, Inbox, InboxPool, describeSeen, type CaptureEndpoint } from './client.ts';
export { Delivery, anyDelivery, deliveryMatching, matches, type DeliveryMatcher } from './delivery.ts';
export { epochNow, type AnswerPlan } from './protocol.ts';
export { buildCaptureServer, type CaptureServer, type CaptureServerOptions } from './server.ts';
export { captureClientFor, deliveriesUnobservable, REMOTE_WITHOUT_PUBLIC_URL, startCaptureServer } from './start.ts';
