/**
 * Custom matchers. Their messages are written for a vendor who has not read our code: what was
 * expected, what came back (truncated, redacted), and the request that produced it.
 */
import { expect as baseExpect } from '@playwright/test';
import { z } from 'zod';
import { noteSchemaDiff } from './api/evidence.ts';
import { truncate } from './api/exchange.ts';
import { ApiResponse } from './api/response.ts';
import { redact } from './redact.ts';

const SHOWN_JSON = 2_000;

function subjectOf(received: unknown): { value: unknown; origin: string } {
  if (received instanceof ApiResponse)
    return { value: received.json(), origin: `\nResponse of ${received.describe()}` };
  return { value: received, origin: '' };
}

/** The value at a path of keys (absent: undefined), for messages that show what was found there. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path)
    value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** zod's prettified issues, each followed by the value actually found at its path. */
export function describeIssues(error: z.ZodError, root: unknown): string {
  return error.issues
    .map((issue) => {
      const one = z.prettifyError(new z.ZodError([issue]));
      const found = valueAt(root, issue.path);
      return `${one}\n    found: ${found === undefined ? '(absent)' : truncate(JSON.stringify(found), 200)}`;
    })
    .join('\n');
}

export const expect = baseExpect.extend({
  /** The value (or an ApiResponse's JSON body) satisfies the zod schema; the message is zod's prettified error. */
  toMatchSchema(received: unknown, schema: z.ZodType) {
    const name = 'toMatchSchema';
    let subject: { value: unknown; origin: string };
    try {
      subject = subjectOf(received);
    } catch (error) {
      noteSchemaDiff((error as Error).message);
      return { name, pass: false, message: () => (error as Error).message };
    }
    const result = schema.safeParse(subject.value);
    const json = truncate(JSON.stringify(subject.value, null, 2) ?? String(subject.value), SHOWN_JSON);
    if (result.success) {
      return {
        name,
        pass: true,
        message: () => redact(`expected the value not to match the schema${subject.origin}\n${json}`),
      };
    }
    // Kept for the failure's "schema diff" attachment (support/api/evidence.ts).
    noteSchemaDiff(`Shape check${subject.origin.replace('\n', ' ')}:\n${describeIssues(result.error, subject.value)}`);
    return {
      name,
      pass: false,
      message: () =>
        redact(
          `The response does not match the spec's shape${subject.origin}:\n${describeIssues(result.error, subject.value)}\n\nReceived:\n${json}`,
        ),
    };
  },

  /** The response has this status (or, given a predicate, one it accepts); the message shows the body. */
  toHaveStatus(
    received: ApiResponse,
    expected: number | { readonly describe: string; readonly test: (status: number) => boolean },
  ) {
    const name = 'toHaveStatus';
    const pass = typeof expected === 'number' ? received.status === expected : expected.test(received.status);
    const wanted = typeof expected === 'number' ? String(expected) : expected.describe;
    return {
      name,
      pass,
      expected: wanted,
      actual: received.status,
      message: () =>
        redact(
          `${pass ? 'Did not expect' : 'Expected'} status ${wanted} from ${received.request.method} ${received.request.url}, got ${received.status}` +
            ` (content-type ${JSON.stringify(received.contentType)}).\nBody: ${truncate(received.text, SHOWN_JSON)}`,
        ),
    };
  },
});

/** Status predicates: for set-up steps whose exact status another test judges, and for rejections whose code the spec does not give. */
export const Statuses = {
  success: { describe: '2xx (the exact status is checked by its own test)', test: (s: number) => s >= 200 && s < 300 },
  clientError: {
    describe: '4xx (a client error; a 5xx is never an acceptable rejection)',
    test: (s: number) => s >= 400 && s < 500,
  },
  notSuccess: { describe: 'not 2xx (and not 5xx)', test: (s: number) => (s < 200 || s >= 300) && s < 500 },
} as const;

/** Asserts the response matches the schema (failing with the prettified diff) and returns the parsed body. */
export function expectShape<S extends z.ZodType>(response: ApiResponse, schema: S, what = 'response body'): z.infer<S> {
  expect(response, what).toMatchSchema(schema);
  return schema.parse(response.json());
}
