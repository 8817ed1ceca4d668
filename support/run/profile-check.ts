/**
 * The profile check: asks the target about every entry of the target profile before any test, so that
 * an id the store does not have is named as a mistake of the profile (NO VERDICT) rather than read as a
 * breach by whichever tests happen to draw it. Global setup runs it once per run (writes are allowed by
 * then); `profile check` runs it alone.
 *
 * A body known to be good comes first: the first entry of every list, in a Create Service Product of
 * the check's own (fixed values, named with the run id, journaled like every resource a run creates).
 * When the target takes it, the other entries are sent in it, a group of each list to a create; a create
 * not taken is sent again one entry at a time, with everything else as in that body: a refusal
 * then names that entry. When it refuses it, one entry at a time is swapped for
 * the next of its list: if a swap makes it taken, the first was refused. When no single swap does, no
 * entry can be blamed (the store may refuse every create: its tests judge that), and the run goes on.
 * Providers go in a Create Booking Product of their own, on the same footing.
 *
 * Each create's answer also says, in `is_published`, whether its status publishes: what the profile
 * does not declare of its statuses is discovered so, and what it declares is checked.
 */
import { Operations, type OperationId } from '../contract/operations.ts';
import type { TargetProfile } from '../contract/profile.ts';
import { truncate } from '../client/exchange.ts';
import { targetHeaders } from '../client/headers.ts';
import { httpRequest } from '../client/http.ts';
import { recordCreation } from './created-resources.ts';
import { SetupError } from './errors.ts';
import { asRecord, parseJson } from './json.ts';

export interface ProfileCheckTarget {
  readonly baseUrl: string;
  readonly token: string | undefined;
  readonly acceptLanguage: string;
  readonly timeoutMs: number;
  /** Names what the check creates (its names, slugs and skus carry it). */
  readonly runId: string;
  /** The run's created-resources file: each product created is journaled beside it. */
  readonly createdResourcesFile: string;
}

/** An entry the target refused: `brandIds[2] = 999991` and `Create Service Product answered 422 {…}`. */
export interface Refusal {
  readonly entry: string;
  readonly answer: string;
}

export interface ProfileCheckResult {
  readonly refused: readonly Refusal[];
  /** Whether a product created with each status is published, from the answers; absent when no answer said. */
  readonly statuses: ReadonlyMap<number, boolean>;
  /** What the check could not settle, one line each: the run goes on. */
  readonly notes: readonly string[];
  /** Entries asked about, creates sent, and products they created. */
  readonly entries: number;
  readonly creates: number;
  readonly created: number;
  readonly durationMs: number;
}

/** The profile names entries the target does not have: NO VERDICT, naming each entry and the answer. */
export class ProfileError extends SetupError {
  constructor(
    readonly refused: readonly Refusal[],
    profileFile: string,
  ) {
    super(
      'ProfileError',
      `The target refused ${refused.length === 1 ? 'an entry' : `${refused.length} entries`} of TARGET_PROFILE (${profileFile}):\n` +
        refused.map((r) => `  - ${r.entry}: ${r.answer}`).join('\n') +
        '\nCorrect or remove them: `profile check` asks again, `profile discover` writes what the target shows (docs/preflight.md).',
    );
  }
}

/** Creates in flight at once: a staging target is shared. */
const CONCURRENCY = 4;
/** Answers that neither take nor refuse a body, after which the check stops: a store failing so is the tests' to judge. */
const ERRATIC_LIMIT = 2;
/** Statuses that refuse a request for a reason other than its body. */
const NOT_ABOUT_THE_BODY = new Set([401, 403, 408, 429]);

type Fields = Readonly<Record<string, unknown>>;

/** One entry of the profile, and the fields of a body that send it. */
interface Choice {
  readonly label: string;
  readonly fields: Fields;
  /** The status it sends, when it is a status: its answer's `is_published` says what the status means. */
  readonly status?: number;
}

/** The choices of one list of the profile. */
interface Slot {
  readonly list: string;
  readonly choices: readonly Choice[];
  /** How many of its entries one create carries, and the fields that carry them; one a create, without it. */
  readonly pack?: { readonly size: number; readonly fields: (choices: readonly Choice[]) => Fields };
}

/** Entries whose fields are lists, carried together: each list of theirs joined. */
const joined = (size: number) => ({
  size,
  fields: (choices: readonly Choice[]): Fields => {
    const lists: Record<string, unknown[]> = {};
    for (const { fields } of choices)
      for (const [key, value] of Object.entries(fields)) lists[key] = [...(lists[key] ?? []), ...(value as unknown[])];
    return lists;
  },
});

/** Media ids carried together: each in a field of its own that takes one, and all of them in the gallery. */
const MEDIA_FIELDS = ['image_id', 'general_image', 'facebook_image', 'twitter_image'] as const;
const mediaPack = {
  size: MEDIA_FIELDS.length,
  fields: (choices: readonly Choice[]): Fields => {
    const ids = choices.map((choice) => choice.fields.image_id);
    return {
      ...Object.fromEntries(MEDIA_FIELDS.map((field, i) => [field, ids[i] ?? ids[0]])),
      product_gallery: ids,
    };
  },
};

/** A list's entries in groups of `size`. */
const groupsOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

interface Answer {
  readonly taken: boolean;
  /**
   * A refusal that can name an entry: a 4xx about the body. A server error, no answer, or a refusal that
   * is not about the body (401, 403, 408, 429) names none: a store that answers so is judged by the tests.
   */
  readonly blameable: boolean;
  /** `Create Service Product answered 422 {…}`, or what happened instead. */
  readonly text: string;
  readonly published: boolean | undefined;
}

const label = (list: string, index: number, value: unknown) => `${list}[${index}] = ${JSON.stringify(value)}`;

/** The slots of a service body: one per list of the profile that a product body refers to. */
function serviceSlots(profile: TargetProfile): Slot[] {
  const media = (id: number): Fields => ({
    image_id: id,
    product_gallery: [id],
    general_image: id,
    facebook_image: id,
    twitter_image: id,
  });
  const slots: Slot[] = [
    {
      list: 'brandIds',
      choices: profile.brandIds.map((id, i) => ({ label: label('brandIds', i, id), fields: { brand_id: id } })),
    },
    {
      list: 'categoryIds',
      choices: profile.categoryIds.map((id, i) => ({
        label: label('categoryIds', i, id),
        fields: categoryFields(profile, id),
      })),
      pack: joined(profile.categoryIds.length),
    },
    {
      list: 'mediaIds',
      choices: profile.mediaIds.map((id, i) => ({ label: label('mediaIds', i, id), fields: media(id) })),
      pack: mediaPack,
    },
    {
      list: 'badgeIds',
      choices: profile.badgeIds.map((id, i) => ({ label: label('badgeIds', i, id), fields: { badge_id: id } })),
    },
    {
      list: 'statusIds',
      choices: profile.statusIds.map((id, i) => ({
        label: label('statusIds', i, id),
        fields: { status_id: id },
        status: id,
      })),
    },
  ];
  if (profile.tagNames)
    slots.push({
      list: 'tagNames',
      choices: profile.tagNames.map((name, i) => ({ label: label('tagNames', i, name), fields: { tags: [name] } })),
      pack: joined(profile.tagNames.length),
    });
  // Without tagNames, bodies send names of the run's own: asked about apart, not in the body known to be good.
  return slots;
}

/** The category and, under it, every sub-category the profile lists and their child categories (as the builders send). */
function categoryFields(profile: TargetProfile, category: number): Fields {
  const subs = profile.subCategories.filter((sub) => sub.categoryId === category);
  const children = subs.flatMap((sub) => sub.childCategoryIds);
  return {
    category: [category],
    ...(subs.length > 0 ? { sub_category: subs.map((sub) => sub.id) } : {}),
    ...(children.length > 0 ? { child_category: children } : {}),
  };
}

/** Fixed values for every field that refers to nothing the profile lists: valid by any reading. */
function plainFields(runId: string, n: number | string, what = 'profile check'): Fields {
  const name = `${runId} ${what} ${n}`;
  const bilingual = (en: string) => ({ ar: `${en} (ar)`, en });
  return {
    name_ar: `${name} عربي`,
    name_en: name,
    summery_ar: 'ملخص المنتج',
    summery_en: 'A product the profile check made.',
    description_ar: '<p>وصف المنتج</p>',
    description_en: '<p>A product the profile check made.</p>',
    slug: `${runId}-${what.replace(/\s+/g, '-')}-${n}`.toLowerCase(),
    price: 120.5,
    sale_price: 99.5,
    sku: `${runId}-${what.replace(/\s+/g, '-').toUpperCase()}-${n}`,
    is_refundable: false,
    policy_description: 'No refunds.',
    video_source: 'youtube',
    video_id: 'dQw4w9WgXcQ',
    product_options: [
      {
        type: 'radio',
        title: bilingual('Size'),
        subTitle: bilingual('Pick one'),
        isRequired: true,
        multiSelect: false,
        options: { ar: { 'خيار صغير': 0, 'خيار كبير': 10 }, en: { Small: 0, Large: 10 } },
      },
    ],
    general_title: name,
    general_description: 'A product the profile check made.',
    facebook_title: name,
    facebook_description: 'A product the profile check made.',
    twitter_title: name,
    twitter_description: 'A product the profile check made.',
    related_products: [],
  };
}

const SERVICE_ONLY: Fields = {
  release_date: '2025-06-01',
  update_date: '2025-06-15',
  preview_link: 'https://example.com/preview',
};

/** What a booking body adds: consistent with itself (stock above the most one may buy, an hour that fits each window). */
const BOOKING_ONLY: Fields = {
  min_purchase: 1,
  max_purchase: 5,
  cost: 10,
  quantity: 20,
  duration: 1,
  duration_type: 'h',
  availability: { sunday: [{ start: '10:00', end: '12:00' }], monday: [{ start: '10:00', end: '12:00' }] },
  provider_required: false,
  is_enable_date_range: false,
  is_enable_booking_same_date: false,
  is_inventory_warning: false,
};

/**
 * A Create Service Product body of the first entry of every list of the profile and fixed values for the
 * rest, named `<run id> <what> <n>`: what global setup's store probe creates when the profile check made
 * no product it can probe a delete path on.
 */
export function firstEntriesServiceBody(profile: TargetProfile, runId: string, what: string): Fields {
  const slots = serviceSlots(profile);
  const firsts = new Map(slots.flatMap((slot) => (slot.choices[0] ? [[slot.list, slot.choices[0]] as const] : [])));
  return { ...plainFields(runId, 1, what), ...SERVICE_ONLY, ...body(slots, firsts) };
}

/** The check, against a target: a refused entry is in the result, not thrown (assertProfileTaken throws). */
export function checkProfile(profile: TargetProfile, target: ProfileCheckTarget): Promise<ProfileCheckResult> {
  return new ProfileCheck(profile, target).run();
}

type Picks = ReadonlyMap<string, Choice>;

class ProfileCheck {
  readonly #started = performance.now();
  #creates = 0;
  #created = 0;
  readonly #refused: Refusal[] = [];
  readonly #notes: string[] = [];
  readonly #statuses = new Map<number, boolean>();
  /** Answers that were neither taken nor a refusal of the body; after ERRATIC_LIMIT of them the check stops asking. */
  readonly #erratic: string[] = [];
  /** Slots held by creates in flight, and the creates waiting for one (`#turn`). */
  #inFlight = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly profile: TargetProfile,
    private readonly target: ProfileCheckTarget,
  ) {}

  async run(): Promise<ProfileCheckResult> {
    // The service body known to be good: the first of each list, or the first swap the target takes.
    const slots = serviceSlots(this.profile);
    const service = await this.#settle('createServiceProduct', slots, {});
    if (!service.taken) {
      if (this.#erratic.length === 0)
        this.#notes.push(
          `Profile check: Create Service Product refused a body with the first entry of every list of TARGET_PROFILE (${service.answer}), and no single other entry changed that: no entry can be blamed, the run goes on.`,
        );
      return this.#result();
    }
    // Each needs only the body the service create took: they ask together, CONCURRENCY creates at most in flight.
    // All end before a failure of one is thrown: no create is left to journal after the run's cleanup.
    for (const settled of await Promise.allSettled([
      this.#checkOtherEntries(slots, service),
      this.profile.tagNames ? undefined : this.#checkOwnTagNames(slots, service.picks),
      this.#checkProviders(slots, service.picks),
    ]))
      if (settled.status === 'rejected') throw settled.reason;
    this.#checkStatuses();
    return this.#result();
  }

  /**
   * Every other entry of the service body's lists (a first entry a swap replaced is judged already), packed:
   * a create carries a group of each list, as many entries as its fields can (one of a brand, all the tag
   * names), and a store takes a body of entries it has, so a run leaves as few products as its longest list
   * needs. A create not taken is sent again one entry at a time, in the service body known to be good, so
   * that a refusal names its entry.
   */
  async #checkOtherEntries(slots: readonly Slot[], service: { picks: Picks; replaced?: Choice }): Promise<void> {
    const { picks } = service;
    const groups = slots.map((slot) =>
      groupsOf(
        slot.choices.filter((choice) => choice !== picks.get(slot.list) && choice !== service.replaced),
        slot.pack?.size ?? 1,
      ).map((members) => ({ slot, members })),
    );
    const rounds = Array.from({ length: Math.max(0, ...groups.map((g) => g.length)) }, (_, n) =>
      groups.flatMap((g) => g[n] ?? []),
    );
    await inBatches(rounds, async (round) => {
      const carried = (slot: Slot, members: readonly Choice[]): Choice =>
        members.length === 1 || !slot.pack
          ? (members[0] as Choice)
          : { label: members.map((m) => m.label).join(', '), fields: slot.pack.fields(members) };
      const together = round.reduce((p, { slot, members }) => swap(p, slot.list, carried(slot, members)), picks);
      const status = round.find(({ slot }) => slot.list === 'statusIds')?.members[0]?.status;
      const answer = await this.#create('createServiceProduct', body(slots, together), status);
      if (answer.taken) return;
      // Refused, or not answered as a body is (a 5xx, no answer): each entry alone, one after the other, so that
      // neither a refusal nor a crash of one entry hides the others, and no more creates are in flight at once.
      for (const { slot, members } of round)
        for (const choice of members) await this.#checkEntry(slots, picks, { slot, choice });
    });
  }

  /** One entry in a create of its own, in the service body known to be good; its refusal named. */
  async #checkEntry(slots: readonly Slot[], picks: Picks, { slot, choice }: { slot: Slot; choice: Choice }) {
    const answer = await this.#create(
      'createServiceProduct',
      body(slots, swap(picks, slot.list, choice)),
      choice.status,
    );
    if (answer.taken || !answer.blameable) return;
    const subs = slot.list === 'categoryIds' ? await this.#blameSubCategories(slots, picks, choice) : [];
    this.#refused.push(...(subs.length > 0 ? subs : [{ entry: choice.label, answer: answer.text }]));
  }

  /** Tag names of the run's own, when the profile lists none: a store taking only existing names refuses them. */
  async #checkOwnTagNames(slots: readonly Slot[], picks: Picks): Promise<void> {
    const own = [`${this.target.runId}-profile-check-a`, `${this.target.runId}-profile-check-b`];
    const answer = await this.#create('createServiceProduct', { ...body(slots, picks), tags: own });
    if (!answer.taken && answer.blameable)
      this.#refused.push({
        entry: 'tagNames (none listed)',
        answer:
          `with tag names of the run's own, ${JSON.stringify(own)}, where it took the same body without tags, ${answer.text}. ` +
          'A store that takes only the tags it has needs them listed: add "tagNames", two or more of its tag names (`profile discover` finds those its products carry)',
      });
  }

  /** Providers, in a booking body with the entries the service body was taken with: the others together, when taken. */
  async #checkProviders(slots: readonly Slot[], picks: Picks): Promise<void> {
    const providers: Slot = {
      list: 'providerIds',
      choices: this.profile.providerIds.map((id, i) => ({
        label: label('providerIds', i, id),
        fields: { providers: [id] },
      })),
    };
    const booking = await this.#settle('createBookingProduct', [providers], body(slots, picks));
    if (!booking.taken) {
      if (this.#erratic.length === 0)
        this.#notes.push(
          `Profile check: Create Booking Product refused a body with the entries Create Service Product took and the first of providerIds (${booking.answer}), and no other provider changed that: no entry can be blamed, the run goes on.`,
        );
      return;
    }
    const others = providers.choices.filter(
      (choice) => choice !== booking.picks.get(providers.list) && choice !== booking.replaced,
    );
    // All of them in one create, as a booking takes several; when it is not taken, one at a time.
    if (others.length === 0) return;
    const together = await this.#create('createBookingProduct', {
      ...body(slots, picks),
      ...joined(others.length).fields(others),
    });
    if (together.taken) return;
    await inBatches(others, async (choice) => {
      const fields = { ...body(slots, picks), ...choice.fields };
      const answer = await this.#create('createBookingProduct', fields);
      if (!answer.taken && answer.blameable) this.#refused.push({ entry: choice.label, answer: answer.text });
    });
  }

  /**
   * Sends the body of the first choice of each slot (over `extra`); when refused, swaps one slot's first
   * choice for each of its others in turn until the target takes one (the first is then refused).
   */
  async #settle(
    operation: OperationId,
    slots: readonly Slot[],
    extra: Fields,
  ): Promise<{ taken: boolean; answer: string; picks: Picks; replaced?: Choice }> {
    const firsts = new Map(slots.flatMap((slot) => (slot.choices[0] ? [[slot.list, slot.choices[0]] as const] : [])));
    const first = await this.#create(operation, { ...extra, ...body(slots, firsts) }, firsts.get('statusIds')?.status);
    if (first.taken || !first.blameable) return { taken: first.taken, answer: first.text, picks: firsts };
    for (const slot of slots) {
      for (const choice of slot.choices.slice(1)) {
        if (this.#stopped) return { taken: false, answer: first.text, picks: firsts };
        const swapped = swap(firsts, slot.list, choice);
        const answer = await this.#create(
          operation,
          { ...extra, ...body(slots, swapped) },
          swapped.get('statusIds')?.status,
        );
        if (!answer.taken) continue;
        const original = firsts.get(slot.list);
        if (original) this.#refused.push({ entry: original.label, answer: first.text });
        return { taken: true, answer: answer.text, picks: swapped, ...(original ? { replaced: original } : {}) };
      }
    }
    return { taken: false, answer: first.text, picks: firsts };
  }

  /** A category refused with its sub-categories but taken alone: each of its sub-categories asked about. */
  async #blameSubCategories(slots: readonly Slot[], picks: Picks, choice: Choice): Promise<Refusal[]> {
    const [category] = (choice.fields.category as number[] | undefined) ?? [];
    const subs = this.profile.subCategories.flatMap((sub, j) => (sub.categoryId === category ? [{ sub, j }] : []));
    if (subs.length === 0) return [];
    const alone = { ...choice, fields: { category: [category] } };
    if (!(await this.#create('createServiceProduct', body(slots, swap(picks, 'categoryIds', alone)))).taken) return [];
    const blamed: Refusal[] = [];
    for (const { sub, j } of subs) {
      const fields = {
        category: [sub.categoryId],
        sub_category: [sub.id],
        ...(sub.childCategoryIds.length > 0 ? { child_category: sub.childCategoryIds } : {}),
      };
      const answer = await this.#create(
        'createServiceProduct',
        body(slots, swap(picks, 'categoryIds', { ...choice, fields })),
      );
      if (!answer.taken && answer.blameable)
        blamed.push({ entry: label('subCategories', j, sub), answer: answer.text });
    }
    return blamed;
  }

  /** What the profile declares of its statuses, against the answers; a note for those no answer settled. */
  #checkStatuses(): void {
    for (const [i, status] of this.profile.statuses.entries()) {
      const seen = this.#statuses.get(status.id);
      if (status.publishes === undefined || seen === undefined || seen === status.publishes) continue;
      this.#refused.push({
        entry: label('statusIds', i, { id: status.id, publishes: status.publishes }),
        answer: `Create Service Product answered is_published ${seen} for a product created with status_id ${status.id}: declare "publishes": ${seen}, or leave it out for the run to discover`,
      });
    }
    const unknown = this.profile.statuses.filter((s) => s.publishes === undefined && !this.#statuses.has(s.id));
    if (unknown.length > 0)
      this.#notes.push(
        `Profile check: no create answer said (is_published) whether status ${unknown.map((s) => s.id).join(', ')} publishes: declare it in TARGET_PROFILE, as {"id": …, "publishes": true | false}.`,
      );
  }

  get #stopped(): boolean {
    return this.#erratic.length >= ERRATIC_LIMIT;
  }

  async #create(operation: OperationId, fields: Fields, status?: number): Promise<Answer> {
    await this.#turn();
    try {
      return await this.#createNow(operation, fields, status);
    } finally {
      // The slot goes to the oldest waiting create, else it is free: none can take it in between.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#inFlight--;
    }
  }

  /** Resolves once this create holds one of the CONCURRENCY slots. */
  async #turn(): Promise<void> {
    if (this.#inFlight < CONCURRENCY) this.#inFlight++;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  async #createNow(operation: OperationId, fields: Fields, status?: number): Promise<Answer> {
    if (this.#stopped) return { taken: false, blameable: false, text: 'not sent', published: undefined };
    const n = ++this.#creates;
    const only = operation === 'createBookingProduct' ? BOOKING_ONLY : SERVICE_ONLY;
    const answer = await send(operation, { ...plainFields(this.target.runId, n), ...only, ...fields }, this.target);
    if (answer.taken) this.#created++;
    else if (!answer.blameable) this.#erratic.push(answer.text);
    if (status !== undefined && answer.taken && answer.published !== undefined)
      this.#statuses.set(status, answer.published);
    return answer;
  }

  #result(): ProfileCheckResult {
    const { profile } = this;
    if (this.#erratic.length > 0)
      this.#notes.push(
        `Profile check: ${this.#erratic.length} create(s) answered neither by taking nor by refusing the body (${this.#erratic[0]})${this.#stopped ? ', so the check stopped asking' : ''}: the entries they carried were not asked about, and the run goes on (its tests judge the store).`,
      );
    const entries =
      profile.brandIds.length +
      profile.categoryIds.length +
      profile.subCategories.length +
      profile.mediaIds.length +
      profile.badgeIds.length +
      profile.statusIds.length +
      profile.providerIds.length +
      (profile.tagNames?.length ?? 1);
    return {
      refused: sortedByList(this.#refused),
      // By id: the checks ask together, and the line names them in the same order every run.
      statuses: new Map([...this.#statuses].sort(([a], [b]) => a - b)),
      notes: this.#notes,
      entries,
      creates: this.#creates,
      created: this.#created,
      durationMs: performance.now() - this.#started,
    };
  }
}

/** The fields of the choices, one per slot. */
const body = (slots: readonly Slot[], picks: Picks): Fields =>
  Object.assign({}, ...slots.map((slot) => picks.get(slot.list)?.fields ?? {})) as Fields;
const swap = (picks: Picks, list: string, choice: Choice): Picks => new Map([...picks, [list, choice]]);

/** Refusals in the profile's order: by list as the file has them, then by index. */
function sortedByList(refused: readonly Refusal[]): Refusal[] {
  const order = [
    'brandIds',
    'categoryIds',
    'subCategories',
    'mediaIds',
    'badgeIds',
    'providerIds',
    'statusIds',
    'tagNames',
  ];
  const key = (r: Refusal) => {
    const match = /^(\w+)(?:\[(\d+)\])?/.exec(r.entry);
    return [order.indexOf(match?.[1] ?? ''), Number(match?.[2] ?? 0)] as const;
  };
  return [...refused].sort((a, b) => {
    const [la, ia] = key(a);
    const [lb, ib] = key(b);
    return la - lb || ia - ib;
  });
}

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

/** One create; what it answered, in words for a message, and `is_published` when the answer has it. */
async function send(operation: OperationId, body: Fields, target: ProfileCheckTarget): Promise<Answer> {
  const { name, method, path } = Operations[operation];
  const text = JSON.stringify(body);
  let status: number;
  let answer: string;
  try {
    const response = await httpRequest(`${target.baseUrl}${path}`, {
      method,
      headers: { ...targetHeaders(target, { jsonBody: true }), 'accept-encoding': 'identity' },
      body: text,
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    status = response.status;
    answer = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      taken: false,
      blameable: false,
      text: `${name} got no answer${timedOut ? ` within ${target.timeoutMs} ms` : ` (${(error as Error).message})`}`,
      published: undefined,
    };
  }
  const json = parseJson(answer);
  const taken = status >= 200 && status < 300;
  if (taken)
    recordCreation(
      operation,
      body,
      { status, json },
      { reportFile: target.createdResourcesFile, runId: target.runId, by: '(global setup: profile check)' },
    );
  const data = asRecord(asRecord(json).data);
  const published = typeof data.is_published === 'boolean' ? data.is_published : undefined;
  const errors = asRecord(json).errors;
  const shown = errors !== undefined ? JSON.stringify(errors) : answer.trim() === '' ? '(empty body)' : answer;
  const blameable = !taken && status >= 400 && status < 500 && !NOT_ABOUT_THE_BODY.has(status);
  return {
    taken,
    blameable,
    text: `${name} answered ${status} ${truncate(shown.replace(/\s+/g, ' '), 200)}`,
    published,
  };
}

/** Throws a ProfileError when the check found entries the target refused. */
export function assertProfileTaken(result: ProfileCheckResult, profileFile: string): void {
  if (result.refused.length > 0) throw new ProfileError(result.refused, profileFile);
}

/** One line for the console: what was asked, and how long it took. */
export function describeCheck(result: ProfileCheckResult): string {
  const published = [...result.statuses].map(([id, yes]) => `${id} ${yes ? 'publishes' : 'does not publish'}`);
  return (
    `Profile check: ${result.entries} entries asked about in ${result.creates} creates, ${Math.round(result.durationMs)} ms; ` +
    `${result.refused.length === 0 ? 'every entry taken' : `${result.refused.length} refused`}` +
    (published.length > 0 ? `; status ${published.join(', ')}` : '') +
    '.'
  );
}
