/**
 * Generated requests to every documented operation (fixtures/generated/, docs/generated.md): bodies
 * changed at every depth, List Products' query, `Accept-Language` and identifiers, derived from the
 * request schemas with fast-check. Each test judges readings only (`@assumed`, tagged `@generated`):
 * no 5xx, no 2xx for a value no careful store takes as its field's type (fixtures/generated/readings.ts),
 * and a 2xx answer that matches its schema. `FUZZ=off` skips them; a failure prints the command that
 * replays its input.
 */
import { expect, test } from '../../fixtures/index.ts';
import { generated } from '../../fixtures/generated/details.ts';
import { OperationIds, Operations } from '../../support/contract/operations.ts';

test.describe('Generated requests', () => {
  for (const operation of OperationIds) {
    test(
      `${Operations[operation].name} answers every generated request without a 5xx, refusing what no reading takes`,
      generated(operation),
      async ({ api, calls, config }, testInfo) => {
        test.skip(!config.fuzz.enabled, 'FUZZ=off: the generated requests are switched off');
        // Loaded when a generated test runs: a run with FUZZ=off loads neither fast-check nor the generators.
        const { runGenerated } = await import('../../fixtures/generated/fuzz.ts');
        const { failures } = await runGenerated(operation, { api, calls, config, testInfo });
        expect(failures.length, `${failures.length} distinct failure(s):\n\n${failures.join('\n\n')}\n`).toBe(0);
      },
    );
  }
});
