/**
 * The first reporter of every run: it scrubs secrets from what the workers reported before any other
 * reporter (HTML, JUnit, blob, list, conformance) reads it. Reporters share the same result objects,
 * so editing them here, in order, is enough.
 *
 * Why the workers' own redaction is not enough: Playwright records every API call as a step, and the
 * step of a failed or timed-out request carries the call log, Authorization header included. Those
 * steps reach the runner before any fixture can touch them. The runner knows the API token (from the
 * environment or the dotenv file; global setup puts a generated one in the environment) and `redact`
 * catches bearer headers and JSON secret fields on sight, known or not.
 * Trace archives (off by default) are rewritten with every text entry scrubbed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestError, TestResult, TestStep } from '@playwright/test/reporter';
import { readEnvironment } from '../run/config.ts';
import { variablesWhere } from '../contract/variables.ts';
import { redact, registerSecret } from '../redaction/redact.ts';
import { looksLikeZip, readZip, writeZip } from './zip.ts';

/** Variables holding a credential, in the runner's environment or the dotenv file. */
const SECRET_VARIABLES = variablesWhere((v) => v.secret === true);

/** The dotenv file's credentials, once; a bad ENV_FILE stops the run in global setup anyway. */
function registerFileSecrets(): void {
  try {
    const fromFile = readEnvironment();
    for (const name of SECRET_VARIABLES) registerSecret(fromFile[name]);
  } catch {
    // Nothing to register from a file that cannot be read.
  }
}

/**
 * The environment's credentials, checked at every event: global setup runs after onBegin and puts the
 * embedded reference's generated token (and the capture server's) into this process's environment.
 */
function registerEnvironmentSecrets(): void {
  for (const name of SECRET_VARIABLES) registerSecret(process.env[name]);
}

export function scrubError(error: TestError | undefined): void {
  if (!error) return;
  if (error.message) error.message = redact(error.message);
  if (error.stack) error.stack = redact(error.stack);
  if (error.value) error.value = redact(error.value);
  if (error.snippet) error.snippet = redact(error.snippet);
  scrubError(error.cause);
}

const isText = (contentType: string) => /^text\/|json|xml|markdown|yaml|javascript/i.test(contentType);

/** A text entry scrubbed; binary entries (their bytes are not UTF-8) are kept as they are. */
function scrubBytes(data: Buffer): Buffer {
  const text = data.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(data)) return data;
  const clean = redact(text);
  return clean === text ? data : Buffer.from(clean, 'utf8');
}

/** Rewrites a zip (a trace) with every text entry scrubbed; returns whether anything changed. */
export function scrubZipFile(file: string): boolean {
  const bytes = readFileSync(file);
  if (!looksLikeZip(bytes)) return false;
  const entries = readZip(bytes);
  const scrubbed = entries.map((e) => ({ name: e.name, data: scrubBytes(e.data) }));
  if (scrubbed.every((e, i) => e.data === entries[i]?.data)) return false;
  writeFileSync(file, writeZip(scrubbed));
  return true;
}

function scrubAttachment(attachment: TestResult['attachments'][number]): void {
  if (attachment.body && isText(attachment.contentType)) attachment.body = scrubBytes(attachment.body);
  if (!attachment.path) return;
  try {
    if (attachment.contentType === 'application/zip') scrubZipFile(attachment.path);
    else if (isText(attachment.contentType)) {
      const data = readFileSync(attachment.path);
      const clean = scrubBytes(data);
      if (clean !== data) writeFileSync(attachment.path, clean);
    }
  } catch (error) {
    // An attachment that cannot be read cannot be published either: drop its path rather than risk it.
    delete attachment.path;
    attachment.body = Buffer.from(
      `attachment withheld: it could not be checked for secrets (${(error as Error).message})`,
    );
    attachment.contentType = 'text/plain';
  }
}

function scrubOutput(chunks: (string | Buffer)[]): void {
  for (const [i, chunk] of chunks.entries()) chunks[i] = typeof chunk === 'string' ? redact(chunk) : scrubBytes(chunk);
}

export default class RedactingReporter implements Reporter {
  printsToStdio(): boolean {
    return false;
  }

  onBegin(): void {
    registerFileSecrets();
    registerEnvironmentSecrets();
  }

  onError(error: TestError): void {
    registerEnvironmentSecrets();
    scrubError(error);
  }

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    registerEnvironmentSecrets();
    scrubError(step.error);
    for (const attachment of step.attachments) scrubAttachment(attachment);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    registerEnvironmentSecrets();
    for (const error of result.errors) scrubError(error);
    scrubError(result.error);
    scrubOutput(result.stdout);
    scrubOutput(result.stderr);
    for (const attachment of result.attachments) scrubAttachment(attachment);
    for (const annotation of [...result.annotations, ...test.annotations]) {
      if (annotation.description) annotation.description = redact(annotation.description);
    }
  }
}
