/**
 * The suite's proof that spec/openapi.json describes what a conforming target answers: every success
 * answer the clean reference sends in the fault matrix's traced run is checked against the document, as
 * the reference sends it (selftest/matrix/traced-run.ts), in the matrix's own process.
 */
import { OperationIds, type OperationId } from '../../support/contract/operations.ts';
import { successResponseValidator, type SuccessCheck } from '../../support/report/openapi/validate.ts';

export interface OpenApiCheck {
  /** Success answers checked, per operation. */
  readonly checked: Readonly<Record<OperationId, number>>;
  /** Those the document does not describe: operation, status and why (never the body: it may hold a secret). */
  readonly mismatches: readonly string[];
}

/** Checks success answers one by one, keeping the tally. */
export class OpenApiAnswers {
  readonly #checked = Object.fromEntries(OperationIds.map((id) => [id, 0])) as Record<OperationId, number>;
  readonly #mismatches: string[] = [];

  constructor(private readonly check: SuccessCheck = successResponseValidator()) {}

  /** An answer of `operation`: checked when it is a success (2xx), its body the JSON text sent. */
  record(operation: OperationId, status: number, body: string | undefined): void {
    if (status < 200 || status > 299) return;
    const json = parseJson(body);
    const problems = json === undefined ? ['the body is not JSON'] : this.check(operation, status, json);
    this.#checked[operation]++;
    if (problems.length > 0) this.#mismatches.push(`${operation} ${status}: ${problems.join('; ')}`);
  }

  get result(): OpenApiCheck {
    return { checked: { ...this.#checked }, mismatches: [...this.#mismatches] };
  }
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
