import type { FastifyRequest } from 'fastify';
import type { DeliveryDispatcher } from '../deliveries.ts';
import type { FaultSet } from '../faults/index.ts';
import type { Responses } from '../format.ts';
import type { RenderContext } from '../render.ts';
import type { Store } from '../store.ts';
import type { ReferenceChoices } from '../variants/index.ts';

/** What every route plugin of the reference is given. */
export interface ReferenceContext {
  readonly store: Store;
  readonly faults: FaultSet;
  readonly choices: ReferenceChoices;
  readonly respond: Responses;
  readonly deliveries: DeliveryDispatcher;
  readonly now: () => Date;
}

export function renderContext(ctx: ReferenceContext, request: FastifyRequest): RenderContext {
  return {
    store: ctx.store,
    faults: ctx.faults,
    choices: ctx.choices,
    origin: `${request.protocol}://${request.host}`,
    acceptLanguage: request.headers['accept-language'],
  };
}

/** `{identifier}` is the integer id (Endpoints); anything else names no resource. */
export function parseIdentifier(raw: string): number | undefined {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
}
