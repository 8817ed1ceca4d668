/**
 * What a fault is, and helpers its bends share. Kept apart from the registry (index.ts) so the area
 * files, which the registry imports, never import it back.
 */
import type { ClauseId } from '../../support/contract/clauses.ts';
import type { OperationId } from '../../support/contract/operations.ts';
import type { Answer, AnswerContext, Bend, HookName } from '../hooks.ts';

/** A named, realistic bug: the spec clause it breaks, what it does, and how it bends the reference. */
export interface FaultDefinition {
  readonly clause: ClauseId;
  readonly description: string;
  /**
   * It bends one request of a run, whichever test sends it first. The fault matrix then runs only the
   * `@stated` tests citing its clause against it, so that request is always one of theirs.
   */
  readonly once?: true;
  /**
   * A crash on one kind of input that only generated requests send (reference/faults/crashes.ts): the
   * fault matrix requires that a `@generated` test catches it and that no other test fails on it, the
   * case for having a generator.
   */
  readonly onlyGenerated?: true;
  /** Its bend at each hook point it acts on (reference/hooks.ts). */
  readonly bends: FaultBends;
}

type FaultBends = { readonly [K in HookName]?: Bend<K> | readonly Bend<K>[] };

const isSuccess = (status: number) => status >= 200 && status < 300;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A bend of the success answers of one operation. */
function onSuccess(
  operation: OperationId,
  bend: (answer: Answer, context: AnswerContext) => Answer,
  when: (answer: Answer, context: AnswerContext) => boolean = () => true,
): Bend<'answer'> {
  return {
    when: (answer, context) => context.operation === operation && isSuccess(answer.status) && when(answer, context),
    bend,
  };
}

/** A success answer of one operation given another status. */
export function successStatus(operation: OperationId, status: number): Bend<'answer'> {
  return onSuccess(operation, (answer) => ({ ...answer, status }));
}

/** The envelope's `data` of the success answers of one operation, changed by `map`. */
export function successData(
  operation: OperationId,
  map: (data: Record<string, unknown>, context: AnswerContext) => unknown,
  when: (data: Record<string, unknown>, context: AnswerContext) => boolean = () => true,
): Bend<'answer'> {
  const dataOf = (answer: Answer) => (isRecord(answer.body) && isRecord(answer.body.data) ? answer.body.data : {});
  return onSuccess(
    operation,
    (answer, context) => ({ ...answer, body: { ...(answer.body as object), data: map(dataOf(answer), context) } }),
    (answer, context) => when(dataOf(answer), context),
  );
}

/** `data` of the success answers of one operation, when it is an array (Webhook Events). */
export function successList(
  operation: OperationId,
  map: (data: readonly Record<string, unknown>[], context: AnswerContext) => unknown,
): Bend<'answer'> {
  return onSuccess(operation, (answer, context) => {
    const body = answer.body as { data: Record<string, unknown>[] };
    return { ...answer, body: { ...body, data: map(body.data, context) } };
  });
}
