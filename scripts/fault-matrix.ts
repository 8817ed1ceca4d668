/** `npm run fault-matrix [-- fault-a,fault-b] [--plan] ...`: selftest/matrix/cli.ts. */
import '../selftest/matrix/cli.ts';
