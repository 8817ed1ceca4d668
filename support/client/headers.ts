/**
 * The headers every request to the target carries (Endpoints: `Authorization`, `Accept`,
 * `Accept-Language`, and `Content-Type` with a body), built in one place for the API client,
 * preflight and teardown.
 */
export type Credentials =
  | { readonly kind: 'configured' }
  | { readonly kind: 'none' }
  /** A raw Authorization header value, for the security tests (wrong token, other scheme). */
  | { readonly kind: 'header'; readonly value: string };

const CONFIGURED: Credentials = { kind: 'configured' };

export interface HeaderSettings {
  readonly acceptLanguage: string;
  /** The bearer token; without one, no Authorization header is sent. */
  readonly token: string | undefined;
}

export interface HeaderOptions {
  /** Whose Authorization is sent (default: the configured token, when there is one). */
  readonly credentials?: Credentials | undefined;
  /** A JSON body goes with the request: `Content-Type: application/json` (Endpoints: operations with a body). */
  readonly jsonBody?: boolean;
}

export function targetHeaders(settings: HeaderSettings, options: HeaderOptions = {}): Record<string, string> {
  const credentials = options.credentials ?? CONFIGURED;
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': settings.acceptLanguage };
  if (credentials.kind === 'configured' && settings.token) headers.authorization = `Bearer ${settings.token}`;
  if (credentials.kind === 'header') headers.authorization = credentials.value;
  if (options.jsonBody) headers['content-type'] = 'application/json';
  return headers;
}
