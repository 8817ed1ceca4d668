/**
 * `store-api-conformance openapi [--out file]`: writes the contract the suite checks, as an OpenAPI 3.1
 * document generated from its own schemas and clauses (support/report/openapi/document.ts; docs/openapi.md).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from '../command.ts';

const DEFAULT_OUT = 'store-api.openapi.json';

export const openapi: Command = {
  name: 'openapi',
  summary: 'Write the contract the suite checks as an OpenAPI 3.1 document (mocks, client generators, linters).',
  usage: '[--out <file>]',
  options: {
    out: { type: 'string', value: '<file>', description: `where to write it (default ./${DEFAULT_OUT})` },
  },
  positionals: { min: 0, max: 0 },
  run: async ({ values }) => {
    const out = path.resolve(typeof values.out === 'string' ? values.out : DEFAULT_OUT);
    const { openApiText } = await import('../../support/report/openapi/document.ts');
    writeFileSync(out, openApiText());
    console.log(`Wrote ${path.relative(process.cwd(), out) || out}`);
    return 0;
  },
};
