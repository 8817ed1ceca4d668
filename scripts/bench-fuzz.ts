/** `npm run bench:fuzz [-- --seeds=10 --variants=standard,divergent,strict --reps=1 --catch]`, or `-- --target` / `-- --foreign=<STORE_CHOICES>` [--seeds=20]: selftest/bench/fuzz.ts. */
import '../selftest/bench/fuzz.ts';
