/** A request and its response as the suite saw them, and how to show them without leaking a secret. */
import { knownSecrets, redact } from '../redaction/redact.ts';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body text sent, if any; a large one by its start and size (`bytes` then holds it whole). */
  readonly body: string | undefined;
  /** A body too large to show: the exact bytes sent, which the curl line sends from a file. */
  readonly bytes?: Buffer | undefined;
}

/** The file a curl line sends a large body from: the failed test's attachment of that name. */
export const REQUEST_BODY_FILE = 'request-body';

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyText: string;
  readonly durationMs: number;
}

export interface Exchange {
  readonly request: RecordedRequest;
  /** Absent when no response came (timeout, refused connection). */
  readonly response: RecordedResponse | undefined;
  readonly error: string | undefined;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A copy-paste curl line. The run's token appears as `$API_TOKEN`, so the line works once it is
 * exported; any other Authorization value (a wrong token, another scheme, a bare `Bearer`) is kept as
 * sent, so the line reproduces what the test did. A body too large to show is sent from the file
 * REQUEST_BODY_FILE (`--data-binary @request-body`, the failed test's attachment) when `withBodyFile`,
 * and shown by its start otherwise (the earlier requests of a failure).
 */
export function toCurl(request: RecordedRequest, withBodyFile = false): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    const credential = /^Bearer (\S+)$/.exec(value)?.[1];
    if (name.toLowerCase() === 'authorization' && credential !== undefined && knownSecrets().includes(credential)) {
      parts.push('-H', `"${name}: Bearer $API_TOKEN"`);
    } else {
      parts.push('-H', shellQuote(`${name}: ${value}`));
    }
  }
  if (request.bytes !== undefined && withBodyFile) parts.push('--data-binary', `@${REQUEST_BODY_FILE}`);
  else if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return redact(parts.join(' '));
}

const MAX_SHOWN_BODY = 4_000;

/** Redacted first, then cut: a cut through the middle of a secret would otherwise hide it from redaction. */
export function truncate(text: string, max = MAX_SHOWN_BODY): string {
  const safe = redact(text);
  return safe.length <= max ? safe : `${safe.slice(0, max)}… [${safe.length - max} more characters]`;
}

/** A JSON body indented for reading (the bytes as sent are in the curl reproduction); other bodies as they came. */
function readableBody(text: string, contentType: string | undefined): string {
  if (text === '') return '(empty body)';
  if (!/json/i.test(contentType ?? '')) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The response as a short readable block: status line, headers, body (truncated, redacted). */
export function describeResponse(response: RecordedResponse | undefined, error?: string): string {
  if (!response) return redact(`no response: ${error ?? 'unknown error'}`);
  const headers = Object.entries(response.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  const body = truncate(readableBody(response.bodyText, response.headers['content-type']));
  return redact(`HTTP ${response.status} (${Math.round(response.durationMs)} ms)\n${headers}\n\n${body}`);
}

export function describeExchange(exchange: Exchange): string {
  return `${toCurl(exchange.request)}\n\n${describeResponse(exchange.response, exchange.error)}`;
}
