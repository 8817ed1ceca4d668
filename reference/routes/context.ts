import type { FastifyRequest } from 'fastify';
import { OperationIds, Operations, type OperationId } from '../../support/contract/operations.ts';
import type { DeliveryDispatcher } from '../deliveries.ts';
import type { Responses } from '../format.ts';
import type { AppContext, Bends } from '../hooks.ts';
import type { ListedProducts } from '../listed.ts';
import type { RenderContext } from '../render.ts';
import type { Store } from '../store.ts';
import type { ReferenceChoices } from '../variants/index.ts';

/** What every route plugin of the reference is given. */
export interface ReferenceContext extends AppContext {
  readonly store: Store;
  /** The hook points where faults bend the reference (reference/hooks.ts). */
  readonly faults: Bends;
  readonly choices: ReferenceChoices;
  readonly respond: Responses;
  readonly deliveries: DeliveryDispatcher;
  /** What List Products shows of the products: at once, or each write later (`list-shows-writes-late`). */
  readonly listed: ListedProducts;
  readonly now: () => Date;
}

export function renderContext(ctx: ReferenceContext, request: FastifyRequest): RenderContext {
  return {
    store: ctx.store,
    faults: ctx.faults,
    choices: ctx.choices,
    origin: `${request.protocol}://${request.host}`,
    // What an answer reads of the language is each store's own (docs/variants.md, `arabic-messages`).
    // Stryker disable next-line StringLiteral: "`Accept-Language` is sent on every request. Allowed values: not shown."
    acceptLanguage: request.headers['accept-language'],
  };
}

/** `{identifier}` is the integer id (Endpoints); anything else names no resource. */
export function parseIdentifier(raw: string): number | undefined {
  // Stryker disable next-line Regex: "Statuses for authentication failure, missing resources and other cases: not shown."
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
}

/** Where List Products' pagination links point (List Products: "The pagination links ... point at"); it is served there too. */
export const LIST_LINK_PATH = '/api/core/v1/products';

// Stryker disable all: equivalent: which operation a request reached is told to the faults' hook points alone; no answer reads it.
const byRoute = new Map<string, OperationId>(
  OperationIds.map((id) => {
    const { method, path } = Operations[id];
    return [`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`, id];
  }),
);
byRoute.set(`GET ${LIST_LINK_PATH}`, 'listProducts');

/** The documented operation a request reached, by its method and route (undefined: none, or no route). */
export function operationOf(request: FastifyRequest): OperationId | undefined {
  const route = request.routeOptions.url;
  return route === undefined ? undefined : byRoute.get(`${request.method} ${route}`);
}
