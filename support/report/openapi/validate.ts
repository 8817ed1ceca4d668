/**
 * Checks success answers against the OpenAPI document (spec/openapi.json) with Ajv (draft 2020-12,
 * the dialect of OpenAPI 3.1): the proof that the published document describes what a conforming
 * target answers. The self tests check every success answer the embedded reference gives a whole run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Operations, OperationIds, type OperationId } from '../../contract/operations.ts';
import { PROJECT_ROOT } from '../../run/config.ts';
import { OPENAPI_FILE } from './document.ts';

/** Where the schemas of the document's components are registered with Ajv. */
const COMPONENTS_ID = 'https://store-api-conformance.invalid/openapi/components.json';
const EXTENSIONS = ['x-conformance-level', 'x-conformance-clauses'];

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
  readonly components: { readonly schemas: Record<string, unknown> };
}

interface OpenApiResponse {
  readonly content?: Record<string, { readonly schema?: unknown }>;
}

export function readOpenApiDocument(root = PROJECT_ROOT): OpenApiDocument {
  return JSON.parse(readFileSync(path.join(root, OPENAPI_FILE), 'utf8')) as OpenApiDocument;
}

/** `#/components/schemas/X` as Ajv finds it: in the components schema registered under COMPONENTS_ID. */
function rewriteRefs<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as T;
}

/** Why a success answer does not match the document, one line each; empty when it does. */
export type SuccessCheck = (operation: OperationId, status: number, body: unknown) => string[];

export function successResponseValidator(document: OpenApiDocument = readOpenApiDocument()): SuccessCheck {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(EXTENSIONS);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(document.components.schemas) });

  const validators = new Map<string, ValidateFunction>();
  for (const id of OperationIds) {
    const op = Operations[id];
    const responses = document.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
    for (const [status, response] of Object.entries(responses)) {
      const schema = response.content?.['application/json']?.schema;
      if (status.startsWith('2') && schema !== undefined)
        validators.set(`${id} ${status}`, ajv.compile(rewriteRefs(schema as object)));
    }
  }

  return (operation, status, body) => {
    const validate = validators.get(`${operation} ${status}`);
    if (!validate) return [`${OPENAPI_FILE} documents no JSON answer ${status} for ${Operations[operation].name}`];
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(the body)'} ${e.message ?? 'is invalid'}`);
  };
}
