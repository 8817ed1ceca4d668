/**
 * What the API client does with every answer, after it arrives: keep generated secrets out of every
 * report, and write down what the run created. Each recorder gets the JSON sent and the JSON answered.
 */
import type { OperationId } from '../contract/operations.ts';
import { registerSecret } from '../redaction/redact.ts';

interface Answered {
  readonly operation: OperationId;
  readonly sent: unknown;
  readonly status: number;
  /** The answer's JSON body, or undefined when it is not JSON. */
  readonly json: unknown;
}

export type Recorder = (answered: Answered) => void;

/** A `plain_secret` the target returned (at any depth) is a secret from now on. */
export const registerReturnedSecrets: Recorder = ({ json }) => {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'plain_secret' && typeof inner === 'string') registerSecret(inner);
        else visit(inner);
      }
    }
  };
  visit(json);
};
