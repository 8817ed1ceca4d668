/**
 * What a failed test hands a vendor, as attachments readable in the HTML report without a trace:
 * the last request as a copy-paste curl line (`$API_TOKEN` for the token), its response (status,
 * headers, body truncated), and the requests before it, attached by the `api` fixture as the test ends
 * (fixtures/evidence.ts); and the schema diff of every shape check that failed, which `toMatchSchema`
 * attaches to the running test itself as it fails (fixtures/expect.ts). Everything is redacted.
 */
import { redact } from '../redaction/redact.ts';
import { describeExchange, describeResponse, REQUEST_BODY_FILE, toCurl, type Exchange } from './exchange.ts';

export const EvidenceNames = {
  curl: 'request (curl)',
  response: 'response',
  schemaDiff: 'schema diff',
  earlier: 'earlier requests',
  /** A body too large for the curl line: the line sends this file (`--data-binary @request-body`). */
  requestBody: REQUEST_BODY_FILE,
} as const;

/** How many requests before the last one are shown: enough to see the setup that led to the failure. */
const EARLIER_SHOWN = 3;

export interface EvidenceAttachment {
  readonly name: string;
  readonly body: string | Buffer;
  readonly contentType: string;
}

export function failureAttachments(exchanges: readonly Exchange[]): EvidenceAttachment[] {
  const attachments: EvidenceAttachment[] = [];
  const last = exchanges.at(-1);
  if (last) {
    attachments.push({ name: EvidenceNames.curl, body: toCurl(last.request, true), contentType: TEXT });
    const { bytes } = last.request;
    // Redacted like the curl line; bytes that are not text (none the suite sends) are attached as they are.
    if (bytes !== undefined)
      attachments.push({ name: EvidenceNames.requestBody, body: redactedBytes(bytes), contentType: BINARY });
    attachments.push({
      name: EvidenceNames.response,
      body: describeResponse(last.response, last.error),
      contentType: TEXT,
    });
  }
  const earlier = exchanges.slice(-1 - EARLIER_SHOWN, -1);
  if (earlier.length > 0) {
    const skipped = exchanges.length - 1 - earlier.length;
    const heading = skipped > 0 ? `(${skipped} earlier request(s) not shown)\n\n` : '';
    attachments.push({
      name: EvidenceNames.earlier,
      body: heading + earlier.map(describeExchange).join(`\n\n${'-'.repeat(72)}\n\n`),
      contentType: TEXT,
    });
  }
  return attachments;
}

const TEXT = 'text/plain';
const BINARY = 'application/octet-stream';

function redactedBytes(bytes: Buffer): Buffer {
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return bytes;
  const clean = redact(text);
  return clean === text ? bytes : Buffer.from(clean, 'utf8');
}
