/**
 * The verdict is the conformance reporter's: it writes the conformance report and makes the exit code
 * follow the verdict (support/report/conformance-reporter.ts), after the redacting reporter has scrubbed
 * what every reporter reads. `--reporter=…` on the command line replaces every reporter of
 * playwright.config.ts, so a run with `--reporter=dot` would end with no verdict and Playwright's own
 * exit code (1 for a failed @assumed test). Global setup refuses such a run, with one line saying how
 * to keep both (`--add-reporter` adds reporters instead of replacing them).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { PROJECT_ROOT } from './config.ts';
import { SetupError } from './errors.ts';

export const REDACTING_REPORTER = 'support/report/redacting-reporter.ts';
export const CONFORMANCE_REPORTER = 'support/report/conformance-reporter.ts';

/** A run that would end without its verdict: one line saying how to keep it. */
export class ReporterError extends SetupError {
  constructor(message: string) {
    super('ReporterError', message);
  }
}

/** Playwright resolves a reporter given by path to an absolute one; builtin names stay names. */
export function isReporter(name: string | undefined, file: string): boolean {
  if (name === undefined) return false;
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  return real(path.resolve(PROJECT_ROOT, name)) === real(path.resolve(PROJECT_ROOT, file));
}

/** Whether the run's reporters give it a verdict: the conformance reporter among them. */
export function hasVerdictReporter(config: Pick<FullConfig, 'reporter'>): boolean {
  return config.reporter.some(([name]) => isReporter(name, CONFORMANCE_REPORTER));
}

/**
 * Throws a ReporterError unless the redacting reporter comes first and the conformance reporter is
 * among the reporters: what `--reporter` on the command line drops.
 */
export function assertVerdictKept(config: Pick<FullConfig, 'reporter'>): void {
  const names = config.reporter.map(([name]) => name);
  const redactingFirst = isReporter(names[0], REDACTING_REPORTER);
  if (redactingFirst && hasVerdictReporter(config)) return;
  const shown = names.map((name) => (path.isAbsolute(name) ? path.relative(PROJECT_ROOT, name) : name));
  const others = shown.filter(
    (name) => !isReporter(name, REDACTING_REPORTER) && !isReporter(name, CONFORMANCE_REPORTER),
  );
  const missing = !hasVerdictReporter(config)
    ? `without ./${CONFORMANCE_REPORTER} the run writes no conformance report and its exit code is not the verdict`
    : `without ./${REDACTING_REPORTER} first the reports would hold the API token`;
  throw new ReporterError(
    `Refusing to run with the reporters ${shown.join(', ')}: --reporter replaces every reporter of playwright.config.ts, and ${missing}. ` +
      `Add reporters with --add-reporter=${others.join(',') || 'dot'} instead, or keep both: --reporter=./${REDACTING_REPORTER},./${CONFORMANCE_REPORTER}${others.length > 0 ? `,${others.join(',')}` : ''}.`,
  );
}
