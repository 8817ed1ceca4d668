/**
 * Traces are scrubbed by one reporter only (support/report/redacting-reporter.ts rewrites each trace
 * archive): Playwright writes the request headers, the bearer token among them, into every trace.
 * `--reporter=…` on the command line replaces every reporter of playwright.config.ts, so a run with
 * `--trace=on` and its own reporters would leave the token in test-results/. Global setup refuses it.
 */
import type { FullConfig } from '@playwright/test';
import { SetupError } from './errors.ts';
import { isReporter, REDACTING_REPORTER } from './reporter-guard.ts';

/** A run that would write secrets where no reporter scrubs them: one line saying how to fix it. */
export class RedactionError extends SetupError {
  constructor(message: string) {
    super('RedactionError', message);
  }
}

type TraceOption = FullConfig['projects'][number]['use']['trace'];

function traceMode(trace: TraceOption): string {
  if (trace === undefined) return 'off';
  return typeof trace === 'string' ? trace : trace.mode;
}

/**
 * Throws a RedactionError when a project records traces and the redacting reporter is not the first
 * reporter: first, because the reporters before it would see (and a blob or JSON report would keep)
 * unscrubbed errors and steps.
 */
export function assertTracesRedacted(config: Pick<FullConfig, 'projects' | 'reporter'>): void {
  const tracing = config.projects.filter((p) => traceMode(p.use.trace) !== 'off');
  if (tracing.length === 0) return;
  if (isReporter(config.reporter[0]?.[0], REDACTING_REPORTER)) return;
  const mode = traceMode(tracing[0]?.use.trace);
  throw new RedactionError(
    `Refusing to record traces (trace mode "${mode}") without ./${REDACTING_REPORTER} as the first reporter: ` +
      `Playwright writes the API token and webhook secrets into trace archives, and only that reporter scrubs them. ` +
      `--reporter replaces every reporter of playwright.config.ts: keep it first (--reporter=./${REDACTING_REPORTER},line), drop --reporter, or turn traces off (--trace=off).`,
  );
}
