/**
 * Every checkable rule of the spec (spec/store-api.md), with the words it rests on.
 * Tests cite these ids in a `clause` annotation; faults in reference/faults name the clause they break;
 * the conformance report lists each clause with the tests that checked it.
 *
 * `level` is how the spec supports the rule: `stated` (the spec says it) or `assumed` (the spec is
 * silent and this is a strong reading). `reading` says how the suite reads the words: for an assumed
 * clause, the reading itself; for a stated one, where the check goes beyond the literal words (a
 * consequence of two stated rules, say), how.
 */
export interface Clause {
  readonly section: string;
  readonly quote: string;
  readonly level: 'stated' | 'assumed';
  readonly reading?: string;
}

const stated = (section: string, quote: string, reading?: string): Clause =>
  reading === undefined ? { section, quote, level: 'stated' } : { section, quote, level: 'stated', reading };
const assumed = (section: string, quote: string, reading: string): Clause => ({
  section,
  quote,
  level: 'assumed',
  reading,
});

export const Clauses = {
  // --- Conventions -------------------------------------------------------------------------
  'conventions.envelope': stated(
    'What the service does',
    'Success responses are an object: `status` (string, `success`), `message` (string, human-readable), `data` (object or array).',
  ),
  'conventions.json-body': stated(
    'What the service does',
    'Request and response bodies are JSON (`Content-Type: application/json`, `Accept: application/json`).',
    'A success response carries `Content-Type: application/json` (parameters such as charset allowed) and a body that parses as JSON.',
  ),
  'conventions.timestamps': stated('What the service does', 'Response timestamps have the form `YYYY-MM-DD HH:MM:SS`.'),
  'conventions.image-absolute-url': stated(
    'What the service does',
    'Image fields in responses are absolute URL strings.',
  ),
  'conventions.image-placeholder': stated(
    'What the service does',
    'When a product has no image, a default placeholder image URL is returned.',
    'A product created without `image_id` answers with an absolute URL in `image` (not null, not empty). Whether a product may be created without `image_id` is not shown (product.image-optional): where the target refuses it, this clause is not judged.',
  ),
  'conventions.bilingual': stated(
    'What the service does',
    'Human-readable product fields exist in two languages, keyed `ar` and `en` in responses and suffixed `_ar` and `_en` in requests.',
  ),
  'conventions.no-5xx-for-client-input': assumed(
    'Errors',
    '500 | Create Service Product | Server error.',
    "A 5xx is a server error, never a way to reject a client's invalid input.",
  ),

  // --- Webhook resource ----------------------------------------------------------------------
  'webhook.shape': stated(
    'Resources: Webhook',
    'id integer, name string, url string, method_type string, status integer, created_at, updated_at, events array of Registered event.',
  ),
  'webhook.registered-event-shape': stated(
    'Resources: Webhook',
    'Registered event: `id` (integer), `event_name` (string, one of the event names in the Events part).',
    'Also when a registration or update names an event outside the catalogue: a target may refuse it, but an answer that takes it never lists a name outside the catalogue.',
  ),
  'webhook.secret-not-stored': stated(
    'Resources: Webhook',
    'The plain secret of a webhook is not a field of the stored resource.',
  ),
  'webhook.shared-events': assumed(
    'Resources: Webhook',
    'events | array of string | Event names from the catalogue.',
    'Webhooks may share events: a store takes a webhook subscribed to an event that another webhook, at another url, already has, on registration and on update. The suite registers many webhooks on a few events (quiet ones, and product.created and product.updated for deliveries), while the status tests of Register and Update Webhook, and the tests of this reading, each subscribe to events no other webhook of the suite has. Where a store refuses a webhook body (400, 409 or 422) that its status test took but for the events, the tests whose set-up or call registers it are not judged, and name this reading.',
  ),
  'webhook.secret-min-length': assumed(
    'Limits',
    'Webhook secret: the sample indicates a minimum length of 32 characters.',
    'A secret of exactly 32 characters is long enough: it is accepted.',
  ),

  // --- Register Webhook ----------------------------------------------------------------------
  'register-webhook.created': stated('Register Webhook', 'Register Webhook | POST | `/api/core/v1/webhooks` | 201'),
  'register-webhook.data': stated(
    'Register Webhook',
    'Response 201: the envelope, with `data` = `{webhook: Webhook, plain_secret: string}`.',
  ),
  'register-webhook.secret-echo': stated(
    'Register Webhook',
    'When `secret` is supplied, `plain_secret` carries that value.',
  ),
  'register-webhook.secret-generated': assumed(
    'Register Webhook',
    'When it is omitted, how the secret is produced: stated nowhere.',
    'Without a supplied secret, `plain_secret` is still a non-empty string (the message tells the client to store it).',
  ),
  'register-webhook.echo': assumed(
    'Register Webhook',
    'Body: name, url, method_type, events, secret, status.',
    'The registered webhook carries the name, url, method_type, status and events it was registered with. A status other than 1 (its meaning is not shown) may be refused; one that is taken, 0 among them, comes back as sent.',
  ),
  'register-webhook.validation': assumed(
    'Register Webhook',
    'Response 422: validation error.',
    'A body that breaks the documented field types, the catalogue of event names, or the secret length the sample indicates is a validation error (422). A webhook cannot be registered with no fields at all (url and events are needed to deliver anything).',
  ),

  // --- Update Webhook ------------------------------------------------------------------------
  'update-webhook.ok': stated('Update Webhook', 'Update Webhook | PUT | `/api/core/v1/webhooks/{identifier}` | 200'),
  'update-webhook.data-is-webhook': stated(
    'Update Webhook',
    'Response 200: the envelope, with `data` = Webhook (directly, not wrapped). `events` in the response is an array of registered events, not names.',
    '`data` is the Webhook updated: its `id` is the identifier of the request.',
  ),
  'update-webhook.applies-changes': assumed(
    'Update Webhook',
    'Body: the same fields as in registration.',
    'An update the target takes comes back with the fields sent (name, url, method_type, status), and `events` replaced by the sent set. Values of `method_type` and `status` other than POST and 1 are not shown: each of PUT, PATCH and 0 is judged where the target takes it, on its own, and not where it refuses it.',
  ),
  'update-webhook.validation': assumed(
    'Update Webhook',
    'Response 422: validation error.',
    'The bodies that are invalid for registration are invalid for update (422), except the empty body: an empty update can validly be a no-op.',
  ),
  'update-webhook.unknown-id': assumed(
    'Update Webhook',
    '`{identifier}` is the integer id of the webhook or product.',
    'An identifier no webhook has (the literal `events` among them) cannot be updated: the answer is not a 2xx (and not a 5xx: a server error is never a way to refuse).',
  ),
  'update-webhook.updated-after-created': assumed(
    'Resources: Webhook',
    'created_at | string | Timestamp. updated_at | string | Timestamp.',
    '`updated_at` is never before `created_at`.',
  ),

  // --- Webhook Events ------------------------------------------------------------------------
  'webhook-events.ok': stated('Webhook Events', 'Response 200: `data` is an array of event catalogue entries.'),
  'webhook-events.not-an-identifier': stated(
    'Webhook Events',
    'The literal path `/webhooks/events` is this catalogue and is not a webhook identifier.',
    'A PUT to `/webhooks/events` with a webhook body leaves the catalogue as it was.',
  ),
  'events.catalogue': stated('Events', 'The catalogue has 20 entries, in the order above.'),
  'events.entry-shape': stated(
    'Resources: Event catalogue entry',
    '`value` (string, event name) and `label` (string, display label).',
  ),

  // --- Deliveries ----------------------------------------------------------------------------
  'webhook.delivery-destination': assumed(
    'Resources: Webhook',
    'url | Destination URL for notifications.',
    'A webhook subscribed to an event that happens is notified at its `url`; `product.created` follows Create Booking Product and Create Service Product, and `product.updated` follows Update Service Product. The url is the one it has now: after Update Webhook moves it to another url, the deliveries of later writes go there, and none to the url it left.',
  ),
  'webhook.delivery-method': stated(
    'Resources: Webhook',
    'method_type | HTTP method used for delivery; the value POST is used.',
    'A delivery that arrives for a webhook is sent with the HTTP method its `method_type` names, as the target answered it: POST, as registered; PUT or PATCH where the target takes them, at registration or by Update Webhook (other values are not shown: a target refusing them is not judged on them), for the deliveries of writes made once the update was answered. (Whether a delivery arrives at all is webhook.delivery-destination.)',
  ),
  'webhook.delivery-json': assumed(
    'What the service does',
    'Request and response bodies are JSON (`Content-Type: application/json`).',
    'A delivery is a request the service makes: like every body it exchanges, it is JSON with a JSON content type (delivery headers and payloads are not shown).',
  ),
  'webhook.delivery-names-event': assumed(
    'Events',
    'Payload shapes of event notifications: not shown.',
    'A notification names its event and the product it is about.',
  ),
  'webhook.delivery-subscription': assumed(
    'Events',
    'A webhook subscribes to events by listing event names in `events`.',
    'A webhook is not notified of events it did not subscribe to, for each event the suite causes: one subscribed only to `product.created` gets no delivery naming `product.updated` about a product that was updated, one subscribed only to `product.updated` none naming `product.created` about a product that was created, and one subscribed only to `product.deleted` no delivery about a product that was created. Deliveries are matched by the product (its id), so events the suite did not cause never count. The subscription is the one the webhook has now: once Update Webhook adds `product.created` to it, the creation of a product reaches it (a delivery about the product that does not name only another event); once it removes `product.updated`, no delivery naming `product.updated` about an updated product does.',
  ),
  'webhook.delivery-status-off': assumed(
    'States and transitions',
    'Webhook `status` | integer | 1 appears. Meaning of any other value: not shown.',
    'A webhook with status 0, where the target takes 0 (answers it back), is off: it is not notified of an event it subscribed to, while a webhook with status 1 subscribed to it is; so when it is registered with status 0, and when Update Webhook switches it to 0. Switched back to 1, it is notified again. A target that refuses status 0, or answers another status for it, is not judged.',
  ),
  'webhook.delivery-once': assumed(
    'Events',
    'Delivery request headers, signature computation and retry behaviour: not shown.',
    'One event, one message: once the receiver answered a delivery of an event with a 2xx, no further delivery of that event about that product reaches that webhook, whether it carries the same id or another. Attempts after a non-2xx answer are retries, not repeats. Watched for a bounded time after the 2xx answer.',
  ),
  'webhook.delivery-update-values': assumed(
    'Events',
    'Payload shapes of event notifications: not shown.',
    'A `product.updated` notification describes the product as updated: where its payload holds the product (the object whose id key holds its id, wherever it sits), it carries the name sent in the update, not only the name the product had before. A payload that holds neither name of the product is not judged.',
  ),
  'webhook.delivery-signature': assumed(
    'Authentication',
    'A webhook may have a secret ... Delivery request headers, signature computation: not shown.',
    "Deliveries are signed with the webhook's secret under the scheme the target documents (configured by WEBHOOK_SIGNATURE_SCHEME): the secret it has now, `plain_secret` as registered (of any length the target takes: 32 or 100 characters), kept by an update that sends none, or the one sent by the last update the target took with a `secret` (what an update does with it is not shown: a target refusing it there is not judged on it). A delivery may carry signatures with other secrets beside the one that verifies (a rotation).",
  ),

  // --- Authentication ------------------------------------------------------------------------
  'auth.bearer-required': assumed(
    'Authentication',
    'Protected operations take a bearer token in the header `Authorization: Bearer <ACCESS_TOKEN>`.',
    'A protected operation called without a valid bearer token is not a 2xx (and not a 5xx: a server error is never a way to refuse) and changes nothing.',
  ),
  'auth.secret-returned-once': stated(
    'Authentication',
    'The secret is returned once, as `plain_secret`, at registration.',
    'No answer of a documented operation after the registration carries the secret, whatever its status.',
  ),

  // --- Hostile bodies ------------------------------------------------------------------------
  'security.malformed-body': assumed(
    'What the service does',
    'Request and response bodies are JSON (`Content-Type: application/json`).',
    'A body that is not valid JSON, or is JSON but not an object, is refused with a 4xx: never taken, never a 5xx.',
  ),
  'security.oversized-body': assumed(
    'Limits',
    'Size limits for media, galleries, tags and option lists: not shown.',
    'A request body of 16 MiB (far past any field of the spec) is answered in time and never with a 5xx. Size limits are not shown, so refusing it (413, say) and taking it are both allowed.',
  ),

  // --- Products --------------------------------------------------------------------------------
  'product.shape': stated(
    'Resources: Product',
    'id integer, identifier integer, name/summary/description {ar, en}, type, price, sale_price, is_refundable, min_purchase, max_purchase, image, ratings, created_at, updated_at, brand, tags, categories.',
    'Each field has the type the Resources table gives it. The forms some fields must take beyond their type (timestamps, absolute image URLs, identifier = id, ratings null) are their own clauses.',
  ),
  'product.identifier-equals-id': stated(
    'Resources: Product',
    '`identifier` | integer | Equals `id` in all responses.',
  ),
  'product.ratings-null': stated('Resources: Product', '`ratings` | null | Null in every response shape used.'),
  'product.is-published': stated(
    'Resources: Product',
    '`is_published` | boolean | Present in create and update responses only.',
    'Create and update answers carry `is_published`, a boolean; list items do not carry it.',
  ),
  'product.sku-list-only': stated(
    'Resources: Product',
    '`sku` | string or null | Present in list items only.',
    'Create and update answers do not carry `sku` (list items do: list-products.item-shape).',
  ),
  'product.bilingual-mapping': stated(
    'Common product body fields',
    '`name_ar, name_en`, `summery_ar, summery_en` (spelled exactly so), `description_ar, description_en` (HTML).',
  ),
  'product.tags-as-objects': stated(
    'Common product body fields',
    '`tags` | array of string | Tag names; the response returns them as Tag objects.',
  ),
  'product.categories': assumed(
    'Common product body fields',
    '`category` | array of integer | Category ids.',
    'Each category sent by id comes back as a Category object with that id. `categories` may hold more (a target may list the `sub_category` ids sent there too), so only containment is checked.',
  ),
  'product.brand': assumed(
    'Common product body fields',
    '`brand_id` | integer',
    'The brand sent by id comes back as the Brand with that id.',
  ),
  'product.echo': assumed(
    'Resources: Product',
    'price, sale_price, is_refundable, min_purchase, max_purchase',
    'The numeric and boolean fields sent come back with the same values (`min_purchase` and `max_purchase` are sent to Create Booking Product only: they are not listed for the service operations).',
  ),
  'product.description-html': assumed(
    'Resources: Product',
    '`description` | object {ar, en} | HTML strings.',
    'Plain HTML sent in `description_ar`/`description_en` (paragraphs, lists) comes back unchanged: the spec says only that it is HTML, not whether it is sanitised, so markup it would keep is used.',
  ),
  'product.image-optional': assumed(
    'Create Service Product',
    'Which body fields are required: not shown.',
    'A product can be created without `image_id` (the spec returns a placeholder image for a product without one, so such products exist).',
  ),
  'product.image-given': assumed(
    'Conventions',
    'Image fields in responses are absolute URL strings. When a product has no image, a default placeholder image URL is returned.',
    "A product created with an `image_id` of the store's media (the profile's) has an image: its `image` is not the placeholder that a product created without `image_id` answers.",
  ),
  'product.gallery-repeats': assumed(
    'Common product body fields',
    '`product_gallery` | array of integer | Media ids; repeats occur in samples.',
    'A gallery that repeats a media id, as the samples do, is accepted.',
  ),
  'product-option.text-null': stated(
    'Product option',
    '`options` | object or null | For `radio` and `checkbox`: {ar: {...}, en: {...}}. For `text`: `null`.',
  ),
  'product-option.empty-subtitle': stated(
    'Product option',
    '`subTitle` | object {ar, en} | Empty strings are allowed.',
  ),
  'product-option.table-required': assumed(
    'Product option',
    'For `radio` and `checkbox`: `{ar: {<label>: <price_delta>}, en: {<label>: <price_delta>}}`, each value a number.',
    'A `radio` or `checkbox` option without a price table (`options` null), or with a price delta that is not a number, is a validation error (422). The set of types is open ("Complete set: not shown"), so an unknown `type` is not.',
  ),
  'availability.several-windows': stated(
    'Availability (booking products)',
    'Each value is an array of windows `{start: string "HH:MM", end: string "HH:MM"}`. A day may have several windows.',
  ),
  'create-booking.created': stated(
    'Create Booking Product',
    'Response 201: the envelope, `data` = Product with `type` = `booking`.',
  ),
  'create-booking.validation': assumed(
    'Create Booking Product',
    'Response 422: validation error.',
    'A body that breaks the documented field types or formats is a validation error (422).',
  ),
  'create-service.created': stated(
    'Create Service Product',
    'Response 201: the envelope, `data` = Product with `type` = `service`.',
  ),
  'create-service.validation': assumed(
    'Create Service Product',
    'Responses 422 (validation error) and 500 (server error) are documented.',
    'A body that breaks the documented field types or formats is a validation error (422), never a 500.',
  ),
  'update-service.ok': stated(
    'Update Service Product',
    'Response 200: the envelope, `data` = Product with `type` = `service`.',
  ),
  'update-service.returns-updated': stated(
    'Update Service Product',
    'PATCH `/api/core/v1/products/service/{identifier}` ... Response 200: the envelope, `data` = Product. `{identifier}` is the integer id of the webhook or product.',
    '`data` is the product updated: its `id` is the identifier of the request.',
  ),
  'update-service.applies-changes': assumed(
    'Update Service Product',
    'PATCH with the same body fields as Create Service Product.',
    'The fields sent come back changed (a list sent, such as `tags` or `category`, replaces the old one), on every update of a product: a field group sent alone (its tags, its prices), and a second update as the first.',
  ),
  'update-service.omitted-kept': assumed(
    'Update Service Product',
    'whether omitted fields keep their values: not shown.',
    'PATCH leaves fields it does not send as they were. Which fields are required is not shown either: where the target refuses a PATCH that leaves fields out, this is not judged.',
  ),
  'update-service.created-at-kept': assumed(
    'Resources: Product',
    'created_at | string | Timestamp. updated_at | string | Timestamp.',
    'An update leaves `created_at` as the create answered it, whatever it sends (a field group alone, or the product whole), the second update as the first: it says when the product was created.',
  ),
  'update-service.updated-at-order': assumed(
    'Resources: Product',
    'created_at | string | Timestamp. updated_at | string | Timestamp.',
    "`updated_at` in an update's answer is not before its `created_at`, nor before the `updated_at` the write before it answered (the create's, or the update's before it): timestamps of one store, compared as written (an update in the same second may answer the same time).",
  ),
  'update-service.validation': assumed(
    'Update Service Product',
    'Response 422: validation error.',
    'The bodies that are invalid on create are invalid on update (422).',
  ),
  'update-service.unknown-id': assumed(
    'Update Service Product',
    '`{identifier}` is the integer id of the webhook or product.',
    'An identifier no product has cannot be updated: the answer is not a 2xx (and not a 5xx: a server error is never a way to refuse).',
  ),

  // --- List Products -----------------------------------------------------------------------------
  'list-products.ok': stated(
    'List Products',
    'Response 200: the envelope, `data` = `{products: array of Product (list shape), pagination: Pagination}`.',
  ),
  'list-products.item-shape': stated(
    'Resources: Product',
    '`sku` | string or null | Present in list items only.',
    'Every item the list shows has the list shape: the Product fields with their types, `type` a label string, and `sku` present (a string or null).',
  ),
  'list-products.lists-created': assumed(
    'List Products',
    'The `total` in pagination counts all matching products.',
    'Without filters every product matches: a product the suite created, published or not, shows in the list, and walking its pages finds it.',
  ),
  'list-products.item-matches-product': assumed(
    'List Products',
    '`data` = `{products: array of Product (list shape), pagination: Pagination}`',
    "A product's list item carries the values it was created with: name, price, sale_price, sku, brand, tags and categories.",
  ),
  'list-products.type-labels': stated(
    'Resources: Product',
    'In the product list the type is a localized label: `مادي` (physical), `رقمي` (digital), `حجز` (booking), `خدمة` (service).',
    "The labels are given in Arabic, so they are asked for with `Accept-Language: ar`: every item then carries one of the four, and booking and service products the label of their type. The store's own products, of kinds the suite cannot create (physical, digital), are judged where an unordered list keeps the oldest products: at either end of the unfiltered list.",
  ),
  'pagination.shape': stated(
    'Pagination',
    '`total`, `current_page`, `last_page`, `per_page` (integers), `next_page_url` (string or null), `prev_page_url` (string or null).',
  ),
  'pagination.total': stated(
    'List Products',
    'The `total` in pagination counts all matching products.',
    "Checked within one answer, whatever other clients create meanwhile: `total` is at least the items on the pages before the current one at `per_page`, plus the items on it. Where the answers show a list whole (its own answer says it fits on one page, holds less than a full page and shows the product this test made; or a filtered list of this test's products whose page 1 shows them all, holds fewer than `per_page` items, and whose page 2 holds none), `total` is no more than the items it holds, and on such a filtered list exactly that many, whatever the filter means; asked again at a page size that makes it span several pages, it counts that many in every answer, on the first, a middle and the last page and on a page past the last. Over several pages of a list not shown whole, the upper bound rests on where the pages place the items (pagination.page-params).",
  ),
  'pagination.last-page': stated(
    'List Products',
    '`last_page` the number of pages at `per_page`.',
    'In every answer, filtered or not, `last_page` = ceil(`total` / `per_page`), against the `per_page` the answer gives; for `total` 0, 0 or 1 (zero pages, or one empty page: the spec does not say which).',
  ),
  'pagination.links': stated(
    'Endpoints',
    'The pagination links of that list point at `/api/core/v1/products`.',
    'Every link an answer gives has the path `/api/core/v1/products`. How a link names its page is not shown: pagination.link-pages holds a reading of it.',
  ),
  'pagination.page-params': assumed(
    'List Products',
    'page | integer; per_page | integer',
    '`current_page` echoes `page`, `per_page` echoes `per_page` for the sizes of 2 and more the suite asks for (a `per_page` of 1 may be raised to the smallest page size of the store, which the answer then gives: the smallest size is not shown), and page p holds min(per_page, total − (p−1)·per_page) items at the `per_page` answered. A page past the last holds no items of its own: the target answers it with an empty page and the same `total`, answers it as the last page (`current_page` = `last_page`, with its items), or refuses it with a non-2xx that is not a 5xx (the spec does not say which).',
  ),
  'pagination.link-pages': assumed(
    'Pagination',
    '`next_page_url` (string or null), `prev_page_url` (string or null)',
    'A link names its page by the query parameter `page`. `prev_page_url` is null exactly on page 1 and `next_page_url` exactly on the last page; otherwise they name the page before and the page after the current one: every link names a page from 1 to `last_page`.',
  ),
  'pagination.empty': assumed(
    'List Products',
    '`last_page` the number of pages at `per_page`.',
    'With no matching product: `total` 0, no items, no links, and `last_page` 0 or 1 (zero pages, or one empty page: the spec does not say which).',
  ),
  'pagination.walk': assumed(
    'List Products',
    '`total` counts all matching products',
    'Walking every page of a list, searched or filtered with the search, yields each matching product exactly once: no product on two pages, none on no page (the products of the list are those its answers show at a page size holding them all).',
  ),
  'list-products.filter-search': assumed(
    'List Products',
    'search | string',
    '`search` for a token found only in the names of some products returns those products and no product without it. A token holding `%`, `_` or `*` (wildcards of a LIKE pattern or of a search engine) is matched as it is written: the products whose names hold it are found, and none whose names hold it with other characters in their place.',
  ),
  'list-products.filter-sku': assumed(
    'List Products',
    'sku | string',
    '`sku` returns the product with that sku and no other.',
  ),
  'list-products.filter-published': assumed(
    'List Products',
    'is_published | integer flag (1 is used)',
    "`is_published=1` keeps the products whose create answer says `is_published: true` and drops those whose create answer says false. The profile's status ids decide which a target makes; with none unpublished, only the keeping is checked.",
  ),
  'list-products.filter-tags': assumed(
    'List Products',
    'tag_ids[] | array of integer',
    '`tag_ids[]` returns only products carrying one of those tags, and keeps a product carrying the tag of a single id, whatever other tags it carries. Given several ids, it keeps a product carrying all of them; whether it also keeps one carrying only some of them (any) or not (all) is not shown, but products carrying one of the ids each are kept or dropped alike, whichever id it is.',
  ),
  'list-products.filter-brands': assumed(
    'List Products',
    'brand_ids[] | array of integer',
    '`brand_ids[]` returns only products of those brands, and keeps the products of each brand given: a product has one brand, so several ids keep the products of any of them.',
  ),
  'list-products.filter-categories': assumed(
    'List Products',
    'category_ids[] | array of integer',
    '`category_ids[]` returns only products in those categories, and keeps a product in the category of a single id, whatever other categories it is in. Given several ids, it keeps a product in all of them; whether it also keeps one in only some of them (any) or not (all) is not shown, but products in one of the categories each are kept or dropped alike, whichever it is.',
  ),
  'list-products.filter-price': assumed(
    'List Products',
    'min_price, max_price | number',
    'Price bounds keep products well inside them and drop products well outside them (price and sale price alike, so it does not matter which of the two a target compares).',
  ),
  'list-products.filter-price-inclusive': assumed(
    'List Products',
    'min_price, max_price | number',
    'The bounds are inclusive: a product priced exactly at `max_price`, its sale price exactly at `min_price`, is kept (whichever of the two a target compares).',
  ),
  'list-products.filter-dates': assumed(
    'List Products',
    'date_from, date_to | date `YYYY-MM-DD`',
    "A date range that excludes today drops products created today; one that includes today keeps them. Which date the filters read is not shown, so every date of those products is today, and ranges keep a day of margin for the target's time zone.",
  ),
  'list-products.filter-dates-inclusive': assumed(
    'List Products',
    'date_from, date_to | date `YYYY-MM-DD`',
    "The bounds are inclusive days: a product is kept by a `date_from` and by a `date_to` of its own day, and by a range of that one day, and dropped by a `date_to` of the day before or a `date_from` of the day after. Its day is that of its `created_at` as the store answers it (in the store's own time). Which date the filters read is not shown: the products judged have their `created_at` and `updated_at` on one day.",
  ),
  'list-products.filter-combined': assumed(
    'List Products',
    'how filters combine: not shown.',
    'Filters combine as a conjunction: a product must satisfy every filter given.',
  ),
} as const satisfies Record<string, Clause>;

export type ClauseId = keyof typeof Clauses;

export function isClauseId(value: string): value is ClauseId {
  return Object.hasOwn(Clauses, value);
}

/** The clauses a target is held to: a failed test citing only these turns the verdict. */
export const StatedClauses = (Object.keys(Clauses) as ClauseId[]).filter((id) => Clauses[id].level === 'stated');
