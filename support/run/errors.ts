/**
 * The errors that stop a run before any test: bad configuration (ConfigError, support/run/config.ts) and a
 * target the suite cannot use (PreflightError, support/run/preflight.ts). Nothing is judged about the
 * target then: the conformance report says NO VERDICT and the run exits with 2.
 *
 * Each is one readable block and nothing else. Playwright prints an error's stack, and takes the code
 * frame it shows under it from the stack's first `at` line: a stack that is the message alone is
 * printed as is, without a stack trace or a code frame of the suite's own source.
 */
import { redact } from '../redaction/redact.ts';

export abstract class SetupError extends Error {
  protected constructor(name: string, message: string) {
    super(redact(message));
    this.name = name;
    this.stack = `${name}: ${this.message}`;
  }
}
