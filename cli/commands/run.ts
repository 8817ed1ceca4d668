/** `store-api-conformance run`: the suite, against the embedded reference or the configured target. */
import type { Command } from '../command.ts';
import { playwright } from '../playwright.ts';
import { RUN_OPTIONS, RUN_USAGE, runOf } from '../run-options.ts';

export const run: Command = {
  name: 'run',
  summary: 'Run the suite: against the embedded reference, or the target the options, the environment or .env name.',
  usage: RUN_USAGE,
  details: [
    'Exit code: 0 CONFORMANT, 1 NOT CONFORMANT, 2 NO VERDICT (nothing judged: a setting, named in one line).',
    'Reports go to ./reports (REPORTS_DIR): conformance.html, .md and .json, junit.xml, html/.',
  ],
  options: RUN_OPTIONS,
  positionals: { min: 0, max: Infinity },
  passThrough: true,
  run: async (args) => {
    const { env, args: playwrightArgs } = runOf(args);
    return playwright(playwrightArgs, env);
  },
};
