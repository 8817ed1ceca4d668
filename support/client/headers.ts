/**
 * The headers every request to the target carries (Endpoints: `Authorization`, `Accept`,
 * `Accept-Language`), built in one place for the API client, preflight and teardown.
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

export function targetHeaders(settings: HeaderSettings, credentials: Credentials = CONFIGURED): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': settings.acceptLanguage };
  if (credentials.kind === 'configured' && settings.token) headers.authorization = `Bearer ${settings.token}`;
  if (credentials.kind === 'header') headers.authorization = credentials.value;
  return headers;
}
