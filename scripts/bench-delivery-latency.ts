/** `npm run bench:delivery-latency [-- count]`: selftest/bench/delivery-latency.ts. */
import '../selftest/bench/delivery-latency.ts';
