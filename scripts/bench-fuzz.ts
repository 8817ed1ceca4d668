/** `npm run bench:fuzz [-- --seeds=10 --variants=standard,divergent,strict --reps=1 --catch]`: selftest/bench/fuzz.ts. */
import '../selftest/bench/fuzz.ts';
