/** `npm run mutation [-- file,file] [--max-tests=<n>] [--workers=<n>]`: selftest/mutation/cli.ts. */
import '../selftest/mutation/cli.ts';
