/**
 * How the reference reads a request body before it validates it, as its choices say (`input`): what
 * frameworks such as Laravel do to every request (trimming strings, "" as absent) and what their
 * validators take (numeric strings for numbers, "1" and "true" for booleans). Each is off by default.
 */
import { z } from 'zod';
import type { ReferenceChoices } from './variants/index.ts';

// How leniently a store reads a body (docs/variants.md, `input`) decides only which bodies it takes.
// Stryker disable all: "Error codes, field-level messages and the conditions that give 422: not shown."

/** A number as JSON text: what a numeric string holds. */
const NUMERIC = /^-?\d+(\.\d+)?$/;

const LOOSE_BOOLEANS = new Map<unknown, boolean>([
  ['1', true],
  ['0', false],
  ['true', true],
  ['false', false],
  [1, true],
  [0, false],
]);

/** Fields a body's reading leaves as sent: a secret is the client's bytes, white space and all. */
const KEPT_AS_SENT = new Set(['secret']);

function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, trimmed(inner)]));
  return value;
}

/** The schemas of a body's number and boolean fields, and the reading of the body as a whole. */
export interface InputReading {
  /** A number or integer schema, taking numeric strings when the choices say so. */
  number<O>(schema: z.ZodType<O>): z.ZodType<O>;
  boolean(): z.ZodType<boolean>;
  /** A body schema reading the body first (trimmed, "" as absent) when the choices say so. */
  body<O>(schema: z.ZodType<O>): z.ZodType<O>;
}

export function inputReading({ input }: ReferenceChoices): InputReading {
  const readBody = (sent: unknown): unknown => {
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return sent;
    const entries = Object.entries(sent).map(([key, value]): [string, unknown] =>
      KEPT_AS_SENT.has(key) || !input.trimStrings ? [key, value] : [key, trimmed(value)],
    );
    return Object.fromEntries(
      input.emptyStringAbsent ? entries.filter(([key, value]) => value !== '' || KEPT_AS_SENT.has(key)) : entries,
    );
  };
  return {
    number: (schema) =>
      input.numericStrings
        ? z.preprocess((v) => (typeof v === 'string' && NUMERIC.test(v) ? Number(v) : v), schema)
        : schema,
    boolean: () => (input.looseBooleans ? z.preprocess((v) => LOOSE_BOOLEANS.get(v) ?? v, z.boolean()) : z.boolean()),
    body: (schema) => (input.trimStrings || input.emptyStringAbsent ? z.preprocess(readBody, schema) : schema),
  };
}
