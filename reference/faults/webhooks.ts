/** Faults of the webhook operations, the event catalogue, and the deliveries. */
import { EventNames, type EventName } from '../../support/contract/events.ts';
import { formatTimestamp } from '../format.ts';
import type { Bend, Outgoing } from '../hooks.ts';
import type { WebhookRecord } from '../store.ts';
import { isEventName, type WebhookBody } from '../validation.ts';
import { isRecord, successData, successList, successStatus, type FaultDefinition } from './definition.ts';

const HOUR_MS = 3_600_000;

/** The event names a body sends, when it sends a list. */
const sentEvents = (sent: unknown): readonly unknown[] | undefined =>
  isRecord(sent) && Array.isArray(sent.events) ? sent.events : undefined;

/** The webhooks that are off (a status other than 1) and subscribed to `event`. */
function subscribedOff(all: readonly WebhookRecord[], event: EventName): WebhookRecord[] {
  return all.filter((w) => w.status !== 1 && w.events.some((e) => e.event_name === event));
}

/** A webhook operation taking event names outside the catalogue, as long as the rest of the body is valid. */
const keepsUnknownEvents = (operation: 'registerWebhook' | 'updateWebhook'): Bend<'validation'> => ({
  when: (_, context) =>
    context.operation === operation &&
    (sentEvents(context.sent) ?? []).some((name) => typeof name === 'string' && !isEventName(name)),
  bend: (validated, { sent, validate }) => {
    const events = sentEvents(sent) ?? [];
    // Validated as if each unknown name were one of the catalogue, then stored as sent.
    const known = validate({ ...(sent as object), events: events.map((n) => (isEventName(n) ? n : EventNames[0])) });
    return known.body !== undefined && Object.keys(known.fields).length === 0
      ? { ...known, body: { ...known.body, events } }
      : validated;
  },
});

/** An invalid body of a webhook operation answered 400 instead of 422. */
const validation400 = (operation: 'registerWebhook' | 'updateWebhook'): Bend<'answer'> => ({
  when: (_, context) => context.operation === operation && context.refusal?.kind === 'validation',
  bend: (answer) => ({ ...answer, status: 400 }),
});

/** A body of Register Webhook, as the route stores it. */
const onRegister = <T>(
  bend: (body: T, webhook: WebhookRecord | undefined) => T,
  when: (body: T) => boolean = () => true,
) => ({
  when: (body: T, context: { operation: string }) => context.operation === 'registerWebhook' && when(body),
  bend: (body: T, context: { webhook: WebhookRecord | undefined }) => bend(body, context.webhook),
});

/** The sent events written as the catalogue (PUT /webhooks/events taken as a write to it). */
function writeCatalogue(sent: unknown, store: { catalogue: { value: string; label: string }[] }) {
  const names = (sentEvents(sent) ?? []).filter((n): n is string => typeof n === 'string');
  store.catalogue = names.map((name) => ({ value: name, label: name }));
}

const putToCatalogue = (when: 'pass' | 'answer'): Bend<'request'> => ({
  when: (_, { operation, request }) =>
    operation === 'updateWebhook' && (request.params as { identifier?: string }).identifier === 'events',
  bend: (outcome, { request, store, respond }) => {
    writeCatalogue(request.body, store);
    return when === 'pass'
      ? outcome
      : { kind: 'answer', status: 200, body: respond.envelope('webhookUpdated', store.catalogue) };
  },
});

/** Whether a body subscribes to an event a webhook other than `self` has. */
const sharesAnEvent = (body: unknown, webhooks: Iterable<WebhookRecord>, self?: number) =>
  (sentEvents(body) ?? []).some((name) =>
    [...webhooks].some((webhook) => webhook.id !== self && webhook.events.some((e) => e.event_name === name)),
  );

/** The webhook an Update Webhook request names, when there is one. */
const updatedWebhook = (request: { params: unknown }, webhooks: ReadonlyMap<number, WebhookRecord>) => {
  const { identifier } = request.params as { identifier?: string };
  return /^\d+$/.test(identifier ?? '') ? webhooks.get(Number(identifier)) : undefined;
};

/** A registration subscribing to an event another webhook has: refused, as a store allowing one webhook per event does. */
const oneWebhookPerEvent: Bend<'request'> = {
  when: (_, { operation, request, store }) =>
    operation === 'registerWebhook' && sharesAnEvent(request.body, store.webhooks.values()),
  bend: (_, { respond }) => ({
    kind: 'answer',
    status: respond.statusOf('validation'),
    body: respond.errorBody('validation', 'The given data was invalid.', {
      events: ['another webhook is subscribed to this event'],
    }),
  }),
};

/** An update subscribing a webhook to an event another webhook has: refused, as on registration. */
const oneWebhookPerEventOnUpdate: Bend<'request'> = {
  when: (_, { operation, request, store }) => {
    if (operation !== 'updateWebhook') return false;
    const webhook = updatedWebhook(request, store.webhooks);
    return webhook !== undefined && sharesAnEvent(request.body, store.webhooks.values(), webhook.id);
  },
  bend: oneWebhookPerEvent.bend,
};

/**
 * A delivery the suite causes, as a bug may show on it alone: its event and the type of the product it
 * is about (the emission's data is the product as the create or update answers it).
 */
interface Instance {
  readonly event: EventName;
  readonly type: 'booking' | 'service';
}
const BOOKING_CREATED: Instance = { event: 'product.created', type: 'booking' };
const SERVICE_UPDATED: Instance = { event: 'product.updated', type: 'service' };

const isOf = (instance: Instance, event: EventName, data: unknown) =>
  event === instance.event && isRecord(data) && data.type === instance.type;

/** A bend of every attempt of one instance's deliveries. */
const deliveryOf = (instance: Instance, bend: Bend<'delivery'>['bend']): Bend<'delivery'> => ({
  when: (_, { event, data }) => isOf(instance, event, data),
  bend,
});

/** One instance's emissions go also to the webhooks with status 0 subscribed to its event. */
const emittedToOff = (instance: Instance): Bend<'emit'> => ({
  when: ({ event, data, webhooks }, { all }) =>
    isOf(instance, event, data) && subscribedOff(all, event).some((w) => !webhooks.includes(w)),
  bend: (emission, { all }) => ({
    ...emission,
    webhooks: [...new Set([...emission.webhooks, ...subscribedOff(all, emission.event)])],
  }),
});

/** A delivery of one instance the receiver answered 2xx is sent once more as a new message. */
const repeatedAfter2xx = (instance: Instance): Bend<'settle'> => ({
  when: (outcome, { event, data, status, sentAnew }) =>
    isOf(instance, event, data) &&
    outcome === 'done' &&
    !sentAnew &&
    status !== undefined &&
    status >= 200 &&
    status < 300,
  bend: () => 'send-anew',
});

/** The body of a delivery without its `event`, signed as sent. */
function withoutEvent(outgoing: Outgoing): Outgoing {
  const { event: _event, ...payload } = JSON.parse(outgoing.body ?? '{}') as { event?: EventName };
  const body = JSON.stringify(payload);
  return { ...outgoing, body, signed: body };
}

/** The body form-encoded (`payload=<json>`), signed as sent. */
function formEncoded(outgoing: Outgoing): Outgoing {
  const form = `payload=${encodeURIComponent(outgoing.body ?? '')}`;
  return {
    ...outgoing,
    headers: { ...outgoing.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    signed: form,
  };
}

/** Signed over pretty-printed JSON while the body is sent compact: "the same data", other bytes. */
const signedReserialized = (outgoing: Outgoing): Outgoing => ({
  ...outgoing,
  signed: JSON.stringify(JSON.parse(outgoing.signed), null, 2),
});

/**
 * Faults of the delivery rules on one instance each (the suite judges every rule on every delivery it
 * causes): a bug in the code path of one event or one product type.
 */
const instanceFaults = {
  'delivery-booking-created-never-sent': {
    clause: 'webhook.delivery-destination',
    description: 'Creating a booking product emits no `product.created` (its code path never dispatches the event).',
    bends: {
      emit: {
        when: ({ event, data }) => isOf(BOOKING_CREATED, event, data),
        bend: (emission) => ({ ...emission, webhooks: [] }),
      },
    },
  },
  'delivery-first-event-only': {
    clause: 'webhook.delivery-destination',
    description:
      'A webhook is notified only of the first event it lists (the dispatcher reads `events[0]`, not the list): one subscribed to several misses the others.',
    bends: {
      emit: {
        when: ({ webhooks }) => webhooks.some((w) => w.events.length > 1),
        bend: (emission) => ({
          ...emission,
          webhooks: emission.webhooks.filter((w) => w.events[0]?.event_name === emission.event),
        }),
      },
    },
  },
  'delivery-booking-created-method-put': {
    clause: 'webhook.delivery-method',
    description: "`product.created` of a booking product is sent with PUT, whatever the webhook's `method_type`.",
    bends: { delivery: deliveryOf(BOOKING_CREATED, (outgoing) => ({ ...outgoing, method: 'PUT' })) },
  },
  'delivery-updated-method-patch': {
    clause: 'webhook.delivery-method',
    description:
      "`product.updated` is sent with PATCH (the method of the update), whatever the webhook's `method_type`.",
    bends: { delivery: deliveryOf(SERVICE_UPDATED, (outgoing) => ({ ...outgoing, method: 'PATCH' })) },
  },
  'delivery-booking-created-form-encoded': {
    clause: 'webhook.delivery-json',
    description: '`product.created` of a booking product is form-encoded (`payload=<json>`).',
    bends: { delivery: deliveryOf(BOOKING_CREATED, formEncoded) },
  },
  'delivery-updated-form-encoded': {
    clause: 'webhook.delivery-json',
    description: '`product.updated` is form-encoded (`payload=<json>`).',
    bends: { delivery: deliveryOf(SERVICE_UPDATED, formEncoded) },
  },
  'delivery-booking-created-without-event': {
    clause: 'webhook.delivery-names-event',
    description: 'The body of `product.created` of a booking product does not name its event.',
    bends: { delivery: deliveryOf(BOOKING_CREATED, withoutEvent) },
  },
  'delivery-updated-without-event': {
    clause: 'webhook.delivery-names-event',
    description: 'The body of `product.updated` does not name its event.',
    bends: { delivery: deliveryOf(SERVICE_UPDATED, withoutEvent) },
  },
  'delivery-booking-created-signature-over-reserialized-body': {
    clause: 'webhook.delivery-signature',
    description: 'The signature of `product.created` of a booking product is computed over pretty-printed JSON.',
    bends: { delivery: deliveryOf(BOOKING_CREATED, signedReserialized) },
  },
  'delivery-updated-signature-over-reserialized-body': {
    clause: 'webhook.delivery-signature',
    description: 'The signature of `product.updated` is computed over pretty-printed JSON.',
    bends: { delivery: deliveryOf(SERVICE_UPDATED, signedReserialized) },
  },
  'delivery-booking-created-ignores-status': {
    clause: 'webhook.delivery-status-off',
    description: '`product.created` of a booking product is sent to webhooks with status 0 too.',
    bends: { emit: emittedToOff(BOOKING_CREATED) },
  },
  'delivery-updated-ignores-status': {
    clause: 'webhook.delivery-status-off',
    description: '`product.updated` is sent to webhooks with status 0 too.',
    bends: { emit: emittedToOff(SERVICE_UPDATED) },
  },
  'delivery-booking-created-repeated-after-2xx': {
    clause: 'webhook.delivery-once',
    description:
      'A `product.created` of a booking product the receiver answered 2xx is sent once more as a new message.',
    bends: { settle: repeatedAfter2xx(BOOKING_CREATED) },
  },
  'delivery-updated-repeated-after-2xx': {
    clause: 'webhook.delivery-once',
    description: 'A `product.updated` the receiver answered 2xx is sent once more as a new message.',
    bends: { settle: repeatedAfter2xx(SERVICE_UPDATED) },
  },
  'delivery-booking-created-to-updated-subscribers': {
    clause: 'webhook.delivery-subscription',
    description:
      '`product.created` of a booking product goes also to the webhooks subscribed to `product.updated` only.',
    bends: {
      emit: {
        when: ({ event, data, webhooks }, { recipients }) =>
          isOf(BOOKING_CREATED, event, data) && recipients('product.updated').some((w) => !webhooks.includes(w)),
        bend: (emission, { recipients }) => ({
          ...emission,
          webhooks: [...new Set([...emission.webhooks, ...recipients('product.updated')])],
        }),
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;

/** What a webhook was when it was registered, as a dispatcher's cache filled then keeps it. */
interface AsRegistered {
  readonly url: string;
  readonly method_type: string;
  readonly status: number;
  readonly secret: string;
  readonly events: readonly EventName[];
}

/**
 * A dispatcher's cache of each webhook as it was registered, which Update Webhook never refreshes: filled
 * just before the first update that `changes` what the fault is about (until then, the webhook is as
 * registered). One per fault, keyed by the webhook's record: each reference has records of its own.
 */
function registrationCache(changes: (body: WebhookBody, webhook: WebhookRecord) => boolean) {
  const cache = new WeakMap<WebhookRecord, AsRegistered>();
  const fill: Bend<'webhookWrite'> = {
    when: (body, { operation, webhook }) =>
      operation === 'updateWebhook' && webhook !== undefined && !cache.has(webhook) && changes(body, webhook),
    bend: (body, { webhook }) => {
      if (webhook !== undefined) {
        const { url, method_type, status, secret } = webhook;
        cache.set(webhook, { url, method_type, status, secret, events: webhook.events.map((e) => e.event_name) });
      }
      return body;
    },
  };
  return { fill, registered: (webhook: WebhookRecord) => cache.get(webhook) };
}

const subscribed = (webhook: WebhookRecord, event: EventName) => webhook.events.some((e) => e.event_name === event);
const sameEvents = (body: WebhookBody, webhook: WebhookRecord) =>
  [...new Set(body.events)].sort().join() ===
  webhook.events
    .map((e) => e.event_name)
    .sort()
    .join();

const methodCache = registrationCache((body, webhook) => body.method_type !== webhook.method_type);
const secretCache = registrationCache((body, webhook) => body.secret !== undefined && body.secret !== webhook.secret);
const statusCache = registrationCache((body, webhook) => body.status !== webhook.status);
const addedEventsCache = registrationCache((body, webhook) => !sameEvents(body, webhook));
const removedEventsCache = registrationCache((body, webhook) => !sameEvents(body, webhook));
const urlCache = registrationCache((body, webhook) => body.url !== webhook.url);

/** The webhooks an update switched from 1 to 0: a subscriber index that drops them, and never takes them back. */
const switchedOff = new WeakSet<WebhookRecord>();

/**
 * Faults of the deliveries after Update Webhook, one step of a webhook's life each: a dispatcher that reads
 * a webhook as it was registered, where an update changed it.
 */
const afterUpdateFaults = {
  'delivery-method-as-registered': {
    clause: 'webhook.delivery-method',
    description:
      "Deliveries keep the method_type a webhook was registered with after Update Webhook changes it: the dispatcher reads a webhook's delivery settings from a cache filled at registration, which updates do not refresh.",
    bends: {
      webhookWrite: methodCache.fill,
      delivery: {
        when: (outgoing, { webhook }) =>
          (methodCache.registered(webhook)?.method_type ?? outgoing.method) !== outgoing.method,
        bend: (outgoing, { webhook }) => ({
          ...outgoing,
          method: methodCache.registered(webhook)?.method_type ?? outgoing.method,
        }),
      },
    },
  },
  'delivery-secret-as-registered': {
    clause: 'webhook.delivery-signature',
    description:
      'Deliveries are signed with the secret a webhook was registered with after Update Webhook changes it (the signing key is cached at registration).',
    bends: {
      webhookWrite: secretCache.fill,
      signingSecret: {
        when: (secret, { webhook }) => (secretCache.registered(webhook)?.secret ?? secret) !== secret,
        bend: (secret, { webhook }) => secretCache.registered(webhook)?.secret ?? secret,
      },
    },
  },
  'delivery-status-as-registered': {
    clause: 'webhook.delivery-status-off',
    description:
      "A webhook Update Webhook switched to status 0 is still delivered to: the dispatcher's list of active webhooks is filled at registration and not refreshed by updates.",
    bends: {
      webhookWrite: statusCache.fill,
      emit: {
        when: ({ event, webhooks }, { all }) =>
          all.some(
            (w) =>
              statusCache.registered(w)?.status === 1 &&
              w.status !== 1 &&
              subscribed(w, event) &&
              !webhooks.includes(w),
          ),
        bend: (emission, { all }) => ({
          ...emission,
          webhooks: [
            ...emission.webhooks,
            ...all.filter(
              (w) =>
                statusCache.registered(w)?.status === 1 &&
                w.status !== 1 &&
                subscribed(w, emission.event) &&
                !emission.webhooks.includes(w),
            ),
          ],
        }),
      },
    },
  },
  'delivery-never-sent-after-switched-on-again': {
    clause: 'webhook.delivery-status-off',
    description:
      "A webhook switched off by Update Webhook and switched on again is never delivered to: switching it off drops it from the dispatcher's subscriber index, and switching it on does not put it back.",
    bends: {
      webhookWrite: {
        when: (body, { operation, webhook }) =>
          operation === 'updateWebhook' && webhook?.status === 1 && body.status === 0,
        bend: (body, { webhook }) => {
          if (webhook !== undefined) switchedOff.add(webhook);
          return body;
        },
      },
      emit: {
        when: ({ webhooks }) => webhooks.some((w) => switchedOff.has(w)),
        bend: (emission) => ({ ...emission, webhooks: emission.webhooks.filter((w) => !switchedOff.has(w)) }),
      },
    },
  },
  'delivery-added-event-never-sent': {
    clause: 'webhook.delivery-subscription',
    description:
      "An event Update Webhook subscribes a webhook to is never delivered to it: the dispatcher's subscriptions are the rows written at registration, and an update writes the webhook's events but not those rows.",
    bends: {
      webhookWrite: addedEventsCache.fill,
      emit: {
        when: ({ event, webhooks }) =>
          webhooks.some((w) => addedEventsCache.registered(w)?.events.includes(event) === false),
        bend: (emission) => ({
          ...emission,
          webhooks: emission.webhooks.filter(
            (w) => addedEventsCache.registered(w)?.events.includes(emission.event) !== false,
          ),
        }),
      },
    },
  },
  'delivery-removed-event-still-sent': {
    clause: 'webhook.delivery-subscription',
    description:
      "An event Update Webhook unsubscribes a webhook from is still delivered to it: the dispatcher's subscriptions are the rows written at registration, and an update does not delete them.",
    bends: {
      webhookWrite: removedEventsCache.fill,
      emit: {
        when: ({ event, webhooks }, { active }) =>
          active.some(
            (w) => removedEventsCache.registered(w)?.events.includes(event) === true && !webhooks.includes(w),
          ),
        bend: (emission, { active }) => ({
          ...emission,
          webhooks: [
            ...emission.webhooks,
            ...active.filter(
              (w) =>
                removedEventsCache.registered(w)?.events.includes(emission.event) === true &&
                !emission.webhooks.includes(w),
            ),
          ],
        }),
      },
    },
  },
  'delivery-url-as-registered': {
    clause: 'webhook.delivery-destination',
    description:
      "Deliveries still go to the url a webhook was registered with after Update Webhook changes it (the dispatcher's cache of destinations is filled at registration).",
    bends: {
      webhookWrite: urlCache.fill,
      delivery: {
        when: (outgoing, { webhook }) => (urlCache.registered(webhook)?.url ?? outgoing.url) !== outgoing.url,
        bend: (outgoing, { webhook }) => ({ ...outgoing, url: urlCache.registered(webhook)?.url ?? outgoing.url }),
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;

/** Faults of values the spec does not show taken at registration (method_type PUT or PATCH, a long secret), where a store takes them. */
const takenValueFaults = {
  'delivery-put-sent-as-post-with-override': {
    clause: 'webhook.delivery-method',
    description:
      'A webhook with method_type PUT is delivered with POST and `X-HTTP-Method-Override: PUT` (method spoofing, as for an HTML form).',
    bends: {
      delivery: {
        when: (outgoing, { webhook }) => webhook.method_type === 'PUT' && outgoing.method === 'PUT',
        bend: (outgoing) => ({
          ...outgoing,
          method: 'POST',
          headers: { ...outgoing.headers, 'x-http-method-override': 'PUT' },
        }),
      },
    },
  },
  'delivery-patch-sent-as-post': {
    clause: 'webhook.delivery-method',
    description:
      "A webhook with method_type PATCH is delivered with POST: the HTTP client's switch on the method has no PATCH case and falls back to POST.",
    bends: {
      delivery: {
        when: (outgoing, { webhook }) => webhook.method_type === 'PATCH' && outgoing.method === 'PATCH',
        bend: (outgoing) => ({ ...outgoing, method: 'POST' }),
      },
    },
  },
  'delivery-signing-key-cut-to-64': {
    clause: 'webhook.delivery-signature',
    description:
      'Deliveries are signed with the first 64 characters of a longer secret (the signing service keeps keys in a buffer of 64 bytes), while `plain_secret` echoes the whole secret.',
    bends: {
      signingSecret: { when: (secret) => secret.length > 64, bend: (secret) => secret.slice(0, 64) },
    },
  },
  'register-webhook-secret-varchar-64': {
    clause: 'register-webhook.secret-echo',
    description:
      'A supplied secret is stored in a column of 64 characters: a longer one is cut to its first 64, and `plain_secret` is what was stored.',
    bends: {
      webhookWrite: onRegister(
        (body) => ({ ...body, secret: body.secret?.slice(0, 64) }),
        (body) => (body.secret?.length ?? 0) > 64,
      ),
    },
  },
} as const satisfies Record<string, FaultDefinition>;

export const webhookFaults = {
  ...instanceFaults,
  ...afterUpdateFaults,
  ...takenValueFaults,
  // Register Webhook
  'webhook-one-per-event': {
    clause: 'webhook.shared-events',
    description: 'Register Webhook refuses a webhook subscribed to an event another webhook has, whatever its url.',
    bends: { request: oneWebhookPerEvent },
  },
  'update-webhook-one-per-event': {
    clause: 'webhook.shared-events',
    description:
      'Update Webhook refuses to subscribe a webhook to an event another webhook has, whatever its url (registration takes it).',
    bends: { request: oneWebhookPerEventOnUpdate },
  },
  'register-webhook-200': {
    clause: 'register-webhook.created',
    description: 'Register Webhook answers 200 instead of 201.',
    bends: { answer: successStatus('registerWebhook', 200) },
  },
  'register-webhook-flat-data': {
    clause: 'register-webhook.data',
    description: 'Register Webhook returns the webhook as `data` itself, without `plain_secret`.',
    bends: { answer: successData('registerWebhook', (data) => data.webhook) },
  },
  'register-webhook-no-plain-secret': {
    clause: 'register-webhook.data',
    description: 'Register Webhook answers `data` = `{webhook}`, without `plain_secret`.',
    bends: { answer: successData('registerWebhook', ({ webhook }) => ({ webhook })) },
  },
  'register-webhook-secret-ignored': {
    clause: 'register-webhook.secret-echo',
    description: 'A supplied secret is ignored: `plain_secret` is a generated one.',
    bends: { webhookWrite: onRegister((body) => ({ ...body, secret: undefined })) },
  },
  'register-webhook-secret-varchar-32': {
    clause: 'register-webhook.secret-echo',
    description:
      'A supplied secret is stored in a column of 32 characters: a longer one is cut to its first 32, and `plain_secret` is what was stored.',
    bends: {
      webhookWrite: onRegister(
        (body) => ({ ...body, secret: body.secret?.slice(0, 32) }),
        (body) => (body.secret?.length ?? 0) > 32,
      ),
    },
  },
  'register-webhook-secret-base64url': {
    clause: 'register-webhook.secret-echo',
    description:
      'A supplied secret is normalised as URL-safe base64 before it is stored: `+` becomes `-`, `/` becomes `_`, trailing `=` are dropped, and `plain_secret` is what was stored.',
    bends: {
      webhookWrite: onRegister(
        (body) => ({ ...body, secret: body.secret?.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') }),
        (body) => /[+/=]/.test(body.secret ?? ''),
      ),
    },
  },
  'register-webhook-secret-empty-when-omitted': {
    clause: 'register-webhook.secret-generated',
    description: 'Without a supplied secret, `plain_secret` is an empty string (read back from the request).',
    bends: {
      answer: successData(
        'registerWebhook',
        (data) => ({ ...data, plain_secret: '' }),
        (_, { request }) => !isRecord(request.body) || request.body.secret === undefined,
      ),
    },
  },
  'register-webhook-events-first-only': {
    clause: 'register-webhook.echo',
    description: 'Only the first requested event is stored.',
    bends: { webhookWrite: onRegister((body) => ({ ...body, events: body.events.slice(0, 1) })) },
  },
  'register-webhook-status-or-1': {
    clause: 'register-webhook.echo',
    description:
      'Register Webhook stores `status || 1`: a webhook registered with status 0 is stored, and answered, with status 1.',
    bends: {
      webhookWrite: onRegister(
        (body) => ({ ...body, status: body.status || 1 }),
        (body) => body.status === 0,
      ),
    },
  },
  'register-webhook-drops-unknown-events': {
    clause: 'register-webhook.validation',
    description: 'Event names not in the catalogue are dropped silently instead of rejected.',
    bends: {
      validation: {
        when: (_, { operation, sent }) =>
          operation === 'registerWebhook' && !(sentEvents(sent) ?? []).every(isEventName),
        bend: (_, { sent, validate }) =>
          validate({ ...(sent as object), events: (sentEvents(sent) ?? []).filter(isEventName) }),
      },
    },
  },
  'register-webhook-keeps-unknown-events': {
    clause: 'webhook.registered-event-shape',
    description:
      'Register Webhook skips the catalogue check: event names outside it are stored and answered in `events`, with 201.',
    bends: { validation: keepsUnknownEvents('registerWebhook') },
  },
  'update-webhook-keeps-unknown-events': {
    clause: 'webhook.registered-event-shape',
    description:
      'Update Webhook skips the catalogue check: event names outside it are stored and answered in `events`, with 200.',
    bends: { validation: keepsUnknownEvents('updateWebhook') },
  },
  'register-webhook-validation-400': {
    clause: 'register-webhook.validation',
    description: 'Register Webhook answers an invalid body with 400 instead of 422.',
    bends: { answer: validation400('registerWebhook') },
  },
  'webhook-secret-min-33': {
    clause: 'webhook.secret-min-length',
    description: 'Off by one: a secret of exactly 32 characters is rejected.',
    bends: {
      validation: {
        when: (validated, { operation }) =>
          (operation === 'registerWebhook' || operation === 'updateWebhook') &&
          isRecord(validated.body) &&
          typeof validated.body.secret === 'string' &&
          validated.body.secret.length === 32,
        bend: (validated) => ({
          ...validated,
          fields: { ...validated.fields, secret: ['The secret must be more than 32 characters.'] },
        }),
      },
    },
  },
  'webhook-secret-in-resource': {
    clause: 'webhook.secret-not-stored',
    description: 'The webhook resource carries its secret (a `secret` field) in register and update responses.',
    bends: { webhook: { bend: (rendered, { webhook }) => ({ ...rendered, secret: webhook.secret }) } },
  },
  'webhook-status-string': {
    clause: 'webhook.shape',
    description: 'The webhook `status` is rendered as the string "1", not an integer.',
    bends: { webhook: { bend: (rendered, { webhook }) => ({ ...rendered, status: String(webhook.status) }) } },
  },
  'webhook-events-as-names': {
    clause: 'webhook.registered-event-shape',
    description: '`events` comes back as an array of names, not of `{id, event_name}`.',
    bends: {
      webhook: { bend: (rendered, { webhook }) => ({ ...rendered, events: webhook.events.map((e) => e.event_name) }) },
    },
  },
  'webhook-single-event-unwrapped': {
    clause: 'webhook.registered-event-shape',
    description:
      'A webhook of one event answers `events` as that registered event itself, not an array of one (a serializer that unwraps a collection of one).',
    bends: {
      webhook: {
        when: (_, { webhook }) => webhook.events.length === 1,
        bend: (rendered) => ({ ...rendered, events: (rendered.events as unknown[])[0] }),
      },
    },
  },

  // Update Webhook
  'update-webhook-201': {
    clause: 'update-webhook.ok',
    description: 'Update Webhook answers 201 instead of 200.',
    bends: { answer: successStatus('updateWebhook', 201) },
  },
  'update-webhook-refuses-every-body': {
    clause: 'update-webhook.ok',
    description: 'Update Webhook answers 422 to every body (its validation rules ask for a field no body has).',
    bends: {
      validation: {
        when: (_, { operation }) => operation === 'updateWebhook',
        bend: () => ({ body: undefined, fields: { webhook_id: ['The webhook id field is required.'] } }),
      },
    },
  },
  'update-webhook-wrapped': {
    clause: 'update-webhook.data-is-webhook',
    description: 'Update Webhook wraps the webhook as `data.webhook`.',
    bends: { answer: successData('updateWebhook', (webhook) => ({ webhook })) },
  },
  'update-webhook-keeps-method-and-status': {
    clause: 'update-webhook.applies-changes',
    description: 'Update Webhook ignores `method_type` and `status`: they keep their registered values.',
    bends: {
      webhookWrite: {
        when: (_, { operation }) => operation === 'updateWebhook',
        bend: (body, { webhook }) => ({
          ...body,
          method_type: webhook?.method_type ?? body.method_type,
          status: webhook?.status ?? body.status,
        }),
      },
    },
  },
  'update-webhook-status-0-ignored': {
    clause: 'update-webhook.applies-changes',
    description:
      'Update Webhook keeps the status when it is sent 0: the new status is read as `status || webhook.status`, and 0 is falsy.',
    bends: {
      webhookWrite: {
        when: (body, { operation, webhook }) =>
          operation === 'updateWebhook' && body.status === 0 && webhook?.status !== 0,
        bend: (body, { webhook }) => ({ ...body, status: webhook?.status ?? body.status }),
      },
    },
  },
  'update-webhook-patch-ignored': {
    clause: 'update-webhook.applies-changes',
    description:
      'Update Webhook keeps the method_type when it is sent PATCH: it maps the value through a table of POST and PUT, and PATCH finds no entry (answered 200 all the same).',
    bends: {
      webhookWrite: {
        when: (body, { operation, webhook }) =>
          operation === 'updateWebhook' && body.method_type === 'PATCH' && webhook?.method_type !== 'PATCH',
        bend: (body, { webhook }) => ({ ...body, method_type: webhook?.method_type ?? body.method_type }),
      },
    },
  },
  'update-webhook-events-appended': {
    clause: 'update-webhook.applies-changes',
    description: 'Update Webhook adds the sent events to the old ones instead of replacing them.',
    bends: {
      webhookWrite: {
        when: (_, { operation }) => operation === 'updateWebhook',
        bend: (body, { webhook }) => ({
          ...body,
          events: [...(webhook?.events ?? []).map((e) => e.event_name), ...body.events],
        }),
      },
    },
  },
  'update-webhook-updated-at-local-time': {
    clause: 'update-webhook.updated-after-created',
    description:
      '`updated_at` is written in local time (UTC-3) while `created_at` is UTC, so it reads hours before it.',
    bends: {
      answer: successData('updateWebhook', (webhook) => {
        const utc = Date.parse(`${String(webhook.updated_at).replace(' ', 'T')}Z`);
        return { ...webhook, updated_at: formatTimestamp(new Date(utc - 3 * HOUR_MS)) };
      }),
    },
  },
  'update-webhook-validation-400': {
    clause: 'update-webhook.validation',
    description: 'Update Webhook answers an invalid body with 400 instead of 422.',
    bends: { answer: validation400('updateWebhook') },
  },
  'update-webhook-unknown-id-upserts': {
    clause: 'update-webhook.unknown-id',
    description: 'Updating an unknown id creates a webhook with that id and answers 200.',
    bends: {
      identify: {
        when: (found, { resource, id }) => resource === 'webhook' && id !== undefined && found === undefined,
        bend: (_, { id, store, choices, now }) => {
          const at = now();
          const webhook: WebhookRecord = {
            id: id ?? 0,
            name: '',
            url: '',
            method_type: 'POST',
            status: 1,
            secret: choices.webhooks.generateSecret(),
            events: [],
            deliveries: 0,
            created_at: at,
            updated_at: at,
          };
          store.webhooks.set(webhook.id, webhook);
          return webhook;
        },
      },
    },
  },
  'webhook-events-put-replaces-catalogue': {
    clause: 'webhook-events.not-an-identifier',
    description:
      'PUT /webhooks/events is taken as a write to the catalogue: it answers 200 and the catalogue becomes the sent events.',
    bends: { request: putToCatalogue('answer') },
  },
  'webhook-events-put-refused-after-write': {
    clause: 'webhook-events.not-an-identifier',
    description:
      'PUT /webhooks/events writes the sent events into the catalogue before the webhook is looked up, then answers as for an unknown identifier: refused, but the catalogue changed.',
    bends: { request: putToCatalogue('pass') },
  },
  'webhook-events-put-updates-a-webhook': {
    clause: 'webhook-events.not-an-identifier',
    description:
      'PUT /webhooks/events reaches Update Webhook, which reads the non-numeric identifier as the latest webhook (a lookup without its where clause): it updates that webhook and answers 200 with it.',
    bends: {
      identify: {
        when: (_, { resource, identifier }) => resource === 'webhook' && identifier === 'events',
        bend: (_, { store }) => [...store.webhooks.values()].at(-1),
      },
    },
  },

  // Webhook Events
  'webhook-events-201': {
    clause: 'webhook-events.ok',
    description: "Webhook Events answers 201 (its controller was copied from Register Webhook's).",
    bends: { answer: successStatus('webhookEvents', 201) },
  },
  'webhook-events-wrapped': {
    clause: 'webhook-events.ok',
    description: 'Webhook Events answers `data` = `{events: [...]}` instead of the array itself.',
    bends: { answer: successList('webhookEvents', (events) => ({ events })) },
  },
  'webhook-events-entry-name': {
    clause: 'events.entry-shape',
    description: 'Catalogue entries are `{name, label}` instead of `{value, label}`.',
    bends: {
      answer: successList('webhookEvents', (entries) =>
        entries.map(({ value, ...rest }) => ({ name: value, ...rest })),
      ),
    },
  },
  'webhook-events-incomplete': {
    clause: 'events.catalogue',
    description: 'The event catalogue leaves out `customer.welcome`.',
    bends: { answer: successList('webhookEvents', (entries) => entries.filter((e) => e.value !== 'customer.welcome')) },
  },
  'webhook-catalogue-sorted-on-register': {
    clause: 'events.catalogue',
    description: 'Registering a webhook sorts the shared catalogue array in place, so its order changes.',
    bends: {
      webhookWrite: {
        when: (_, { operation }) => operation === 'registerWebhook',
        bend: (body, { store }) => {
          store.catalogue.sort((a, b) => a.value.localeCompare(b.value));
          return body;
        },
      },
    },
  },
  'webhook-catalogue-sorted-on-update': {
    clause: 'events.catalogue',
    description: 'Updating a webhook sorts the shared catalogue array in place, so its order changes.',
    bends: {
      webhookWrite: {
        when: (_, { operation }) => operation === 'updateWebhook',
        bend: (body, { store }) => {
          store.catalogue.sort((a, b) => a.value.localeCompare(b.value));
          return body;
        },
      },
    },
  },

  // Deliveries
  'delivery-never-sent': {
    clause: 'webhook.delivery-destination',
    description: 'No webhook delivery is ever sent.',
    bends: { emit: { bend: (emission) => ({ ...emission, webhooks: [] }) } },
  },
  'delivery-update-emits-created': {
    clause: 'webhook.delivery-destination',
    description: 'Updating a product emits `product.created` instead of `product.updated`.',
    bends: {
      emit: {
        when: ({ event }) => event === 'product.updated',
        bend: (emission, { recipients }) => ({
          ...emission,
          event: 'product.created',
          webhooks: recipients('product.created'),
        }),
      },
    },
  },
  'delivery-method-put': {
    clause: 'webhook.delivery-method',
    description: "Deliveries are sent with PUT whatever the webhook's `method_type`.",
    bends: { delivery: { bend: (outgoing) => ({ ...outgoing, method: 'PUT' }) } },
  },
  'delivery-get-with-query': {
    clause: 'webhook.delivery-method',
    description:
      "Deliveries are sent with GET and the payload in the query string, whatever the webhook's `method_type` (an HTTP client's get(url, payload)).",
    bends: {
      delivery: {
        bend: (outgoing) => {
          const url = new URL(outgoing.url);
          url.searchParams.set('payload', outgoing.body ?? '');
          return { ...outgoing, method: 'GET', url: url.toString(), body: undefined };
        },
      },
    },
  },
  'delivery-method-get': {
    clause: 'webhook.delivery-method',
    description: "Deliveries are sent with GET, the JSON body still sent, whatever the webhook's `method_type`.",
    bends: { delivery: { bend: (outgoing) => ({ ...outgoing, method: 'GET' }) } },
  },
  'delivery-get-ping': {
    clause: 'webhook.delivery-method',
    description:
      "Deliveries are a GET without a body, naming only the event (in `x-store-event`), whatever the webhook's `method_type`: the receiver is to fetch the rest.",
    bends: {
      delivery: {
        // A "thin" notification: the event's name in a header, nothing else (the receiver is to fetch the rest).
        bend: (outgoing, { event }) => {
          const { 'content-type': _json, ...headers } = outgoing.headers;
          return { ...outgoing, method: 'GET', body: undefined, headers: { ...headers, 'x-store-event': event } };
        },
      },
    },
  },
  'delivery-form-encoded': {
    clause: 'webhook.delivery-json',
    description: 'Deliveries are form-encoded (`payload=<json>`, application/x-www-form-urlencoded).',
    bends: {
      delivery: {
        bend: (outgoing) => {
          const form = `payload=${encodeURIComponent(outgoing.body ?? '')}`;
          return {
            ...outgoing,
            headers: { ...outgoing.headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
            signed: form,
          };
        },
      },
    },
  },
  'delivery-payload-without-event': {
    clause: 'webhook.delivery-names-event',
    description: 'The delivery body does not name its event.',
    bends: {
      delivery: {
        bend: (outgoing) => {
          const { event: _event, ...payload } = JSON.parse(outgoing.body ?? '{}') as { event?: EventName };
          const body = JSON.stringify(payload);
          return { ...outgoing, body, signed: body };
        },
      },
    },
  },
  'delivery-signature-over-reserialized-body': {
    clause: 'webhook.delivery-signature',
    description: 'The signature is computed over pretty-printed JSON while the body is sent compact.',
    bends: {
      delivery: {
        // "The same data", other bytes.
        bend: (outgoing) => ({ ...outgoing, signed: JSON.stringify(JSON.parse(outgoing.signed), null, 2) }),
      },
    },
  },
  'delivery-ignores-subscription': {
    clause: 'webhook.delivery-subscription',
    description: 'Every active webhook is notified of every event, subscribed or not.',
    bends: {
      emit: {
        when: ({ webhooks }, { active }) => webhooks.length < active.length,
        bend: (emission, { active }) => ({ ...emission, webhooks: active }),
      },
    },
  },
  'delivery-update-to-created-subscribers': {
    clause: 'webhook.delivery-subscription',
    description:
      "A product's update is delivered to the webhooks subscribed to `product.updated` and to those subscribed to `product.created` only (the subscribers are looked up by the product's events, not by the event).",
    bends: {
      emit: {
        when: ({ event, webhooks }, { recipients }) =>
          event === 'product.updated' && recipients('product.created').some((w) => !webhooks.includes(w)),
        bend: (emission, { recipients }) => ({
          ...emission,
          webhooks: [...new Set([...emission.webhooks, ...recipients('product.created')])],
        }),
      },
    },
  },
  'delivery-ignores-status': {
    clause: 'webhook.delivery-status-off',
    description: 'Webhooks with status 0 are notified too: the query of subscribers leaves out the status condition.',
    bends: {
      emit: {
        when: ({ event, webhooks }, { all }) => subscribedOff(all, event).some((w) => !webhooks.includes(w)),
        bend: (emission, { all }) => ({
          ...emission,
          webhooks: [...new Set([...emission.webhooks, ...subscribedOff(all, emission.event)])],
        }),
      },
    },
  },
  'delivery-repeated-after-2xx': {
    clause: 'webhook.delivery-once',
    description:
      'A delivery the receiver answered 2xx is sent once more as a new message (another id, another timestamp): the job that sent it is dispatched again after it succeeded.',
    bends: {
      settle: {
        when: (outcome, { status, sentAnew }) =>
          outcome === 'done' && !sentAnew && status !== undefined && status >= 200 && status < 300,
        bend: () => 'send-anew',
      },
    },
  },
  'delivery-update-old-values': {
    clause: 'webhook.delivery-update-values',
    description:
      '`product.updated` carries the product as it was before the update: its payload is built from the record loaded before the changes were saved.',
    bends: {
      emit: {
        when: ({ event, webhooks }, { previous }) =>
          event === 'product.updated' && webhooks.length > 0 && previous !== undefined,
        bend: (emission, { previous }) => ({ ...emission, data: previous?.() }),
      },
    },
  },
} as const satisfies Record<string, FaultDefinition>;
