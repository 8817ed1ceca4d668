/**
 * Steps the webhook specs share: registering a webhook at one of the test's inboxes, and making a
 * product event happen and catching its delivery. Each is a boxed step, so a failure points at the
 * test line that called it, and names the step.
 */
import { z } from 'zod';
import { expect, expectShape, Statuses, test, type Make } from '../../fixtures/index.ts';
import type { WebhookBody } from '../../support/api/bodies.ts';
import type { StoreApi } from '../../support/api/store-api.ts';
import {
  deliveryMatching,
  epochNow,
  type Delivery,
  type DeliveryMatcher,
  type Inbox,
} from '../../support/capture/index.ts';
import type { Config } from '../../support/config.ts';
import { Envelope, WebhookRegistration } from '../../support/schemas/index.ts';
import { pathsNamingId, pathsWhere } from './json-search.ts';

/** Any 2xx: a setup step only needs the call to have worked; each status has its own test. */
export const Succeeded = Statuses.success;

const RegistrationResponse = Envelope(WebhookRegistration);

/** `Content-Type: application/json` (Conventions: Body format), parameters such as charset allowed. */
export const JSON_CONTENT_TYPE = /^application\/json\s*(?:;|$)/i;

/** Registers `body` and returns `data` ({ webhook, plain_secret }). */
export async function registered(api: StoreApi, body: WebhookBody): Promise<WebhookRegistration> {
  return test.step(
    `register a webhook for ${body.events?.join(', ') ?? 'no events'}`,
    async () => {
      const response = await api.registerWebhook(body);
      expect(response, 'Register Webhook (setup)').toHaveStatus(Succeeded);
      return expectShape(response, RegistrationResponse, 'Register Webhook response (setup)').data;
    },
    { box: true },
  );
}

/** What a created or updated product is known by: its id, and the unique name and sku the test gave it. */
export interface ProductRef {
  readonly id: number;
  readonly name: string;
  readonly sku: string | undefined;
}

/** Only what identifies the product: the product tests judge the rest of its shape. */
const CreatedProduct = Envelope(z.object({ id: z.int() }));

/**
 * A delivery about this product: its id under an id-like key, or its unique name or sku anywhere in
 * the body (also when the body is form-encoded), so deliveries about other tests' products never match.
 */
export function aboutProduct(product: ProductRef): DeliveryMatcher {
  return deliveryMatching(`a delivery about product ${product.id} (${JSON.stringify(product.name)})`, (delivery) => {
    const json = delivery.json();
    if (json !== undefined && pathsNamingId(json, product.id).length > 0) return true;
    const text = delivery.text();
    const decoded = safeDecode(text);
    return [product.name, product.sku].some(
      (needle) => needle !== undefined && (text.includes(needle) || decoded.includes(needle)),
    );
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export interface Observed {
  readonly product: ProductRef;
  readonly delivery: Delivery;
  /** From the start of the API call that caused it to the delivery's arrival. */
  readonly latencyMs: number;
}

interface Ctx {
  readonly api: StoreApi;
  readonly make: Make;
  readonly config: Config;
}

/** Creates a service product; `started` is when the call began. */
async function createService({ api, make }: Ctx, role: string): Promise<{ product: ProductRef; started: number }> {
  const body = make.service();
  const started = epochNow();
  const response = await api.createServiceProduct(body);
  expect(response, `Create Service Product (${role})`).toHaveStatus(Succeeded);
  const { id } = expectShape(response, CreatedProduct, 'Create Service Product response').data;
  return { product: { id, name: body.name_en ?? '', sku: body.sku }, started };
}

/** Waits at `inbox` for the delivery about `product`, and records the API-call-to-arrival time on the test. */
async function catchDelivery(config: Config, inbox: Inbox, product: ProductRef, started: number): Promise<Observed> {
  const delivery = await inbox.waitFor(aboutProduct(product), { timeoutMs: config.deliveryTimeoutMs });
  const latencyMs = delivery.receivedAt - started;
  test.info().annotations.push({ type: 'delivery-latency-ms', description: latencyMs.toFixed(1) });
  return { product, delivery, latencyMs };
}

/** Creates a service product and waits at `inbox` for the delivery about it. */
export async function createProductAndCatch(ctx: Ctx, inbox: Inbox): Promise<Observed> {
  return test.step(
    'create a service product and wait for its delivery',
    async () => {
      const { product, started } = await createService(ctx, 'the event');
      return catchDelivery(ctx.config, inbox, product, started);
    },
    { box: true },
  );
}

/** Creates a service product (no delivery expected yet); returns what identifies it. */
export async function createdProduct(ctx: Ctx): Promise<ProductRef> {
  return test.step('create a service product', async () => (await createService(ctx, 'setup')).product, { box: true });
}

/** Renames the product (a new unique name, kept findable) and waits at `inbox` for the delivery about it. */
export async function updateProductAndCatch(
  { api, make, config }: Ctx,
  inbox: Inbox,
  product: ProductRef,
): Promise<Observed> {
  return test.step(
    'update the service product and wait for its delivery',
    async () => {
      const renamed: ProductRef = { ...product, name: make.name('renamed service') };
      const started = epochNow();
      const response = await api.updateServiceProduct(product.id, { name_en: renamed.name });
      expect(response, 'Update Service Product (the event)').toHaveStatus(Succeeded);
      return catchDelivery(config, inbox, renamed, started);
    },
    { box: true },
  );
}

/** Where a delivery names `event`: a header value or a string in its JSON body equal to it. */
export function placesNamingEvent(delivery: Delivery, event: string): string[] {
  const inHeaders = Object.entries(delivery.headers)
    .filter(([, value]) => value === event)
    .map(([name]) => `header ${name}`);
  const json = delivery.json();
  return [...inHeaders, ...(json === undefined ? [] : pathsWhere(json, (_key, value) => value === event, 'body'))];
}
