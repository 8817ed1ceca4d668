/**
 * `npm run seeds [-- --seeds=20 --stores=standard,divergent,strict,foreign:all,foreign:random:7]`: the
 * proof that one store gets one verdict and one set of outcomes whatever FAKER_SEED is
 * (selftest/bench/seeds.ts). Exits 1 when a store's verdict or a test's outcome differed between seeds.
 */
import { parseArgs } from 'node:util';
import { benchSeeds, isStore } from '../selftest/bench/seeds.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    stores: { type: 'string', default: 'standard,divergent,strict,foreign:all' },
  },
});
const seeds = Number(values.seeds);
const stores = values.stores.split(',').map((s) => s.trim());
if (!Number.isInteger(seeds) || seeds < 1 || !stores.every(isStore)) {
  console.error(
    '--seeds must be a positive integer, --stores a list of reference variants and foreign:<STORE_CHOICES>',
  );
  process.exit(2);
}
const unstable = await benchSeeds(stores, seeds);
console.log(
  `${stores.length} store(s) × ${seeds} seeds: ${unstable} store(s) whose verdict or outcomes depend on the seed`,
);
process.exit(unstable > 0 ? 1 : 0);
