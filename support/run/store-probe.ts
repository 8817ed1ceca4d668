/**
 * The store probe: once per run, after preflight and beside the profile check, global setup learns how this
 * store lets the run leave it as it found it, on resources the run has just created, and tells the
 * workers (STORE_PROBE):
 *
 * - where webhooks that wait for no delivery are parked: one webhook of the probe's own is registered at
 *   the `.invalid` default; a target that refuses it (it resolves destinations) and takes the capture
 *   server's drop path gets every parked webhook there, with no setting (PARKED_WEBHOOK_URL, given, wins);
 * - whether Update Webhook takes status 0: that webhook is switched off with it (else with status 1);
 * - the delete paths (DELETE_PATHS=probe, the default): DELETE at the conventional paths, each tried
 *   only on a resource of this run. The spec names Delete Webhook and Delete Product but shows no path
 *   and no operation that reads one webhook or one product, so a path counts as proven only when what
 *   the spec does show reads the resource back gone:
 *   - a webhook: Update Webhook of its id, after the DELETE, answers as it answers the profile's
 *     unknown id (the same status, not a 2xx) with the same body; before, it took that body;
 *   - a product: List Products, which showed it (by its sku or its name), no longer does; where the list
 *     never showed it, Update Service Product of its id answers as it answers the unknown product id.
 *   A DELETE_*_PATH given is used as it is, and that kind is not probed.
 */
import type { Config } from './config.ts';
import { readJournal, recordCleanupStep, recordCreation, type CreatedResource } from './created-resources.ts';
import { firstEntriesServiceBody } from './profile-check.ts';
import { deletePath, OFF_EVENT, sendOverHttp, type Reply, type Send } from './store-cleanup.ts';
import { parkedWebhookUrl } from './webhook-destination.ts';
import { asArray, asRecord, parseJson } from './json.ts';
import { DROP_PREFIX } from '../capture/protocol.ts';
import type { CaptureEndpoint } from '../capture/client.ts';
import { Operations, type OperationId } from '../contract/operations.ts';
import type { StoreProbeFindings } from '../contract/variables.ts';
import { registerSecret } from '../redaction/redact.ts';

export interface StoreProbeTarget {
  readonly baseUrl: string;
  readonly token: string | undefined;
  readonly runId: string;
  readonly createdResourcesFile: string;
  /** The embedded reference: nothing is deleted from it (it ends with the run), so only parking is probed. */
  readonly embedded: boolean;
}

export interface StoreProbe {
  readonly findings: StoreProbeFindings;
  /** What the run learnt, for the console: one line each, beginning `Preflight:`. */
  readonly lines: readonly string[];
}

/** The conventional paths: Update Webhook's, with DELETE. */
const WEBHOOK_CANDIDATES = [Operations.updateWebhook.path.replace('{identifier}', '{id}')];
/** The product operations': the list's prefixed path with the id, and Update Service Product's (by kind). */
const PRODUCT_CANDIDATES = ['/api/core/v1/products/{id}', '/api/core/v1/products/{type}/{id}'];
/** How often a read that waits for the list is repeated within LIST_WAIT_MS. */
const LIST_POLL_MS = 250;
const BY = '(global setup: store probe)';

type Fields = Record<string, unknown>;

/**
 * `checked` settles once the profile check, asking beside the probe, has ended: the product's probe waits
 * for it, to probe on the check's newest product rather than make one.
 */
export async function probeStore(
  config: Config,
  target: StoreProbeTarget,
  capture: CaptureEndpoint | undefined,
  checked: Promise<void> = Promise.resolve(),
): Promise<StoreProbe> {
  const probe = new Probe(config, target);
  const webhook = await probe.park(capture);
  const findings: StoreProbeFindings = {
    deletePaths: { product: null, webhook: null },
    offStatus: null,
    offUrlBase: webhook?.base ?? null,
    parkedUrl: webhook?.parkedUrl ?? null,
  };
  if (target.embedded) return { findings, lines: probe.lines };
  // The webhook's probes and the product's touch nothing of each other's: their requests overlap. Both
  // finish before a failure of either stops the run, so teardown finds each step journaled.
  const webhookProbes = async () => {
    if (webhook) findings.offStatus = await probe.offStatus(webhook);
    findings.deletePaths.webhook = webhook ? await probe.webhookPath(webhook, findings.offStatus) : null;
  };
  const productProbe = async () => {
    await checked;
    findings.deletePaths.product = await probe.productPath();
  };
  for (const settled of await Promise.allSettled([webhookProbes(), productProbe()]))
    if (settled.status === 'rejected') throw settled.reason;
  probe.summarize(findings);
  return { findings, lines: probe.lines };
}

/** The probe's webhook, where it was registered. */
interface ProbeWebhook {
  readonly resource: CreatedResource;
  readonly id: number;
  readonly url: string;
  /** The base of its url: null for the `.invalid` default. */
  readonly base: string | null;
  /** The capture server's drop path, when the run parks there. */
  readonly parkedUrl: string | null;
}

class Probe {
  readonly lines: string[] = [];
  readonly #send: Send;
  /** What each probe found, apart: the two run at once, and the line names the webhook's first. */
  readonly #said = { webhook: [] as string[], product: [] as string[] };

  constructor(
    private readonly config: Config,
    private readonly target: StoreProbeTarget,
  ) {
    this.#send = sendOverHttp({
      baseUrl: target.baseUrl,
      token: target.token,
      acceptLanguage: config.acceptLanguage,
      timeoutMs: config.requestTimeoutMs,
    });
  }

  /**
   * Registers the probe's webhook at the `.invalid` default, else at PARKED_WEBHOOK_URL, else at the
   * capture server's drop path: the first the target takes is where switched-off webhooks point.
   */
  async park(capture: CaptureEndpoint | undefined): Promise<ProbeWebhook | undefined> {
    const given = this.config.parkedWebhookUrl;
    const drop = capture && !given ? `${capture.publicUrl}${DROP_PREFIX}` : undefined;
    const refused: string[] = [];
    for (const base of [undefined, ...(given ? [given] : []), ...(drop ? [drop] : [])]) {
      const url = parkedWebhookUrl(this.target.runId, 'store-probe', base);
      const body = {
        name: `${this.target.runId} store probe`,
        url,
        method_type: 'POST',
        events: [OFF_EVENT],
        status: 1,
      };
      const { reply, resource } = await this.#create('registerWebhook', body);
      if (resource?.id != null) {
        const parkedUrl = base !== undefined && base === drop ? base : null;
        if (parkedUrl)
          this.lines.push(
            `Preflight: the target refused the parked webhook destination (${refused.join('; ')}) and took the capture server's drop path: webhooks that wait for no delivery are parked at ${parkedUrl}/…, which answers and keeps nothing.`,
          );
        return { resource, id: resource.id, url, base: base ?? null, parkedUrl };
      }
      refused.push(`Register Webhook at ${new URL(url).origin}/… ${said(reply)}`);
      if (!refusesTheBody(reply)) break;
    }
    this.lines.push(
      `Preflight: no webhook of the run's own could be registered (${refused.join('; ')}): parking, status 0 and the delete paths are not probed.`,
    );
    return undefined;
  }

  /** Switches the probe's webhook off with status 0, else 1: the status every switched-off webhook gets. */
  async offStatus(webhook: ProbeWebhook): Promise<0 | 1 | null> {
    for (const status of [0, 1] as const) {
      const reply = await this.#updateWebhook(webhook.id, this.#offBody(webhook, status));
      if (succeeded(reply)) {
        const url = webhook.url;
        this.#step(
          webhook.resource,
          'switched-off',
          `PUT ${updatePath(webhook.id)} ${said(reply)} to status ${status}, url ${url}, events [${OFF_EVENT}]`,
        );
        return status;
      }
      if (!refusesTheBody(reply)) break;
    }
    return null;
  }

  async webhookPath(webhook: ProbeWebhook, offStatus: 0 | 1 | null): Promise<string | null> {
    const given = this.config.cleanup.given.webhook;
    if (given) {
      const path = deletePath(given, webhook.resource, webhook.id);
      const reply = await this.#send('DELETE', path);
      this.#step(webhook.resource, succeeded(reply) ? 'deleted' : 'switched-off', `DELETE ${path} ${said(reply)}`);
      return null;
    }
    if (!this.config.cleanup.probe) return null;
    const body = this.#offBody(webhook, offStatus ?? 1);
    for (const template of WEBHOOK_CANDIDATES) {
      const path = deletePath(template, webhook.resource, webhook.id);
      const deleted = await this.#send('DELETE', path);
      if (!succeeded(deleted)) {
        this.#said.webhook.push(`Delete Webhook: DELETE ${template} ${said(deleted)}, not proven`);
        continue;
      }
      // Read back: the spec reads no single webhook, but Update Webhook of an unknown id answers as such.
      const [again, unknown] = await Promise.all([
        this.#updateWebhook(webhook.id, body),
        this.#updateWebhook(this.config.profile.unknownWebhookId, body),
      ]);
      const proven = !succeeded(again) && sameStatus(again, unknown);
      this.#step(webhook.resource, proven ? 'deleted' : 'switched-off', `DELETE ${path} ${said(deleted)}`);
      this.#said.webhook.push(
        proven
          ? `Delete Webhook: DELETE ${template} proven (then Update Webhook of it ${said(again)}, as of the unknown id ${this.config.profile.unknownWebhookId})`
          : `Delete Webhook: DELETE ${template} ${said(deleted)}, yet then Update Webhook of it ${said(again)} (of the unknown id: ${said(unknown)}): not proven`,
      );
      if (proven) return template;
    }
    return null;
  }

  async productPath(): Promise<string | null> {
    const given = this.config.cleanup.given.product;
    if (!given && !this.config.cleanup.probe) return null;
    const product = await this.#product();
    if (!product) return null;
    if (given) {
      const path = deletePath(given, product, product.id!);
      const reply = await this.#send('DELETE', path);
      this.#step(product, succeeded(reply) ? 'deleted' : 'left', `DELETE ${path} ${said(reply)}`);
      return null;
    }
    const listed = await this.#listedWithin(product, true);
    for (const template of PRODUCT_CANDIDATES) {
      const path = deletePath(template, product, product.id!);
      const deleted = await this.#send('DELETE', path);
      if (!succeeded(deleted)) {
        this.#said.product.push(`Delete Product: DELETE ${template} ${said(deleted)}, not proven`);
        continue;
      }
      const proof = listed ? await this.#goneFromList(product) : await this.#updatedAsUnknown(product);
      this.#step(product, proof.proven ? 'deleted' : 'left', `DELETE ${path} ${said(deleted)}`);
      this.#said.product.push(
        proof.proven
          ? `Delete Product: DELETE ${template} proven (${proof.how})`
          : `Delete Product: DELETE ${template} ${said(deleted)}, yet ${proof.how}: not proven`,
      );
      if (proof.proven) return template;
    }
    return null;
  }

  /** The one line saying what the probe found and what teardown does with it. */
  summarize(findings: StoreProbeFindings): void {
    const { given, probe } = this.config.cleanup;
    const paths = [
      ...(given.webhook ? [`Delete Webhook at DELETE_WEBHOOK_PATH=${given.webhook} (given)`] : []),
      ...(given.product ? [`Delete Product at DELETE_PRODUCT_PATH=${given.product} (given)`] : []),
      ...this.#said.webhook,
      ...this.#said.product,
    ];
    const off =
      findings.deletePaths.webhook || given.webhook
        ? 'Each test deletes what it created; a webhook not deleted is switched off through Update Webhook'
        : 'Each test switches its webhooks off through Update Webhook';
    const status = findings.offStatus === null ? '' : ` with status ${findings.offStatus}`;
    const heading = probe
      ? 'delete paths probed once for this run, on a webhook and a product of its own (DELETE_PATHS=off turns this off)'
      : 'delete paths not probed (DELETE_PATHS=off)';
    this.lines.push(`Preflight: ${heading}: ${paths.join('; ') || 'nothing to probe'}. ${off}${status}.`);
  }

  /** A service product of this run to probe on: the profile check's newest, else one of the probe's own. */
  async #product(): Promise<CreatedResource | undefined> {
    const made = readJournal(this.target.createdResourcesFile, this.target.runId).created.filter(
      (r) => r.kind === 'product' && r.operation === 'createServiceProduct' && r.id !== null,
    );
    const newest = made.at(-1);
    if (newest) return newest;
    const body = firstEntriesServiceBody(this.config.profile, this.target.runId, 'store probe');
    const { reply, resource } = await this.#create('createServiceProduct', body);
    if (resource?.id != null) return resource;
    this.#said.product.push(`Delete Product: not probed, Create Service Product ${said(reply)}`);
    return undefined;
  }

  /** Whether List Products shows the product (by its sku, else by its name), waiting up to LIST_WAIT_MS for `shown`. */
  async #listedWithin(product: CreatedResource, shown: boolean): Promise<boolean> {
    const deadline = performance.now() + this.config.listWaitMs;
    for (;;) {
      const listed = await this.#listed(product);
      if (listed === shown || performance.now() >= deadline) return listed;
      await new Promise((resolve) => setTimeout(resolve, LIST_POLL_MS));
    }
  }

  async #listed(product: CreatedResource): Promise<boolean> {
    const queries = [
      ...(product.sku ? [`sku=${encodeURIComponent(product.sku)}`] : []),
      ...(product.name ? [`search=${encodeURIComponent(product.name)}`] : []),
    ];
    for (const query of queries) {
      const reply = await this.#send('GET', `${this.config.productListPath}?${query}`);
      if (!succeeded(reply) || 'error' in reply) continue;
      const products = asArray(asRecord(asRecord(parseJson(reply.text)).data).products).map(asRecord);
      if (products.some((p) => String(p.id) === String(product.id))) return true;
    }
    return false;
  }

  async #goneFromList(product: CreatedResource): Promise<{ proven: boolean; how: string }> {
    const still = await this.#listedWithin(product, false);
    return still
      ? { proven: false, how: `List Products still shows it after ${this.config.listWaitMs} ms` }
      : { proven: true, how: 'List Products no longer shows it, as it did before the DELETE' };
  }

  /** Update Service Product of the product and of the profile's unknown id, with the body it was created with. */
  async #updatedAsUnknown(product: CreatedResource): Promise<{ proven: boolean; how: string }> {
    const update = Operations.updateServiceProduct;
    const body = firstEntriesServiceBody(this.config.profile, this.target.runId, 'store probe');
    const path = (id: number) => update.path.replace('{identifier}', String(id));
    const [again, unknown] = await Promise.all([
      this.#send(update.method, path(product.id!), body),
      this.#send(update.method, path(this.config.profile.unknownProductId), body),
    ]);
    const proven = !succeeded(again) && sameStatus(again, unknown);
    return {
      proven,
      how: `the list never showed it, and then Update Service Product of it ${said(again)} (of the unknown id ${this.config.profile.unknownProductId}: ${said(unknown)})`,
    };
  }

  #offBody(webhook: ProbeWebhook, status: 0 | 1): Fields {
    return { name: webhook.resource.name, url: webhook.url, method_type: 'POST', events: [OFF_EVENT], status };
  }

  #updateWebhook(id: number, body: Fields): Promise<Reply> {
    return this.#send(Operations.updateWebhook.method, updatePath(id), body);
  }

  /** A create of the probe's own, journaled like every resource the run creates. */
  async #create(operation: OperationId, body: Fields): Promise<{ reply: Reply; resource?: CreatedResource }> {
    const reply = await this.#send(Operations[operation].method, Operations[operation].path, body);
    if (!succeeded(reply) || 'error' in reply) return { reply };
    const json = parseJson(reply.text);
    const secret = asRecord(asRecord(json).data).plain_secret;
    if (typeof secret === 'string') registerSecret(secret);
    const where = { reportFile: this.target.createdResourcesFile, runId: this.target.runId, by: BY };
    const resource = recordCreation(operation, body, { status: reply.status, json }, where);
    return { reply, ...(resource ? { resource } : {}) };
  }

  #step(resource: CreatedResource, cleanup: 'deleted' | 'switched-off' | 'left', detail: string): void {
    if (resource.id === null) return;
    const where = { reportFile: this.target.createdResourcesFile, runId: this.target.runId };
    recordCleanupStep(where, { kind: resource.kind, id: resource.id, cleanup, detail });
  }
}

const updatePath = (id: number) => Operations.updateWebhook.path.replace('{identifier}', String(id));
const succeeded = (reply: Reply) => !('error' in reply) && reply.status >= 200 && reply.status < 300;
const said = (reply: Reply) => ('error' in reply ? `got no answer (${reply.error})` : `answered ${reply.status}`);
/** Both answered alike, and about the resource: a 429 says only that the store would answer later. */
const sameStatus = (a: Reply, b: Reply) =>
  !('error' in a) && !('error' in b) && a.status === b.status && a.status !== 429;
/** A refusal of what was sent (a 4xx but those about the token, the id or the rate): another body may be taken. */
const refusesTheBody = (reply: Reply) =>
  !('error' in reply) && reply.status >= 400 && reply.status < 500 && ![401, 403, 404, 429].includes(reply.status);
