import type { FaultDefinition } from '../faults.ts';

export const listFaults = {
  'list-products-no-pagination': { clause: 'list-products.ok', description: 'List Products leaves out `data.pagination`.' },
} as const satisfies Record<string, FaultDefinition>;
