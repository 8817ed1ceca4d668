/**
 * One cheap request before any test: an unreachable target, a refused token or a wrong base path ends
 * the run here with one message, instead of one timeout per test.
 */
import type { Config } from './config.ts';
import { redact } from './redact.ts';
import { Operations } from './spec/operations.ts';

const PREFLIGHT_TIMEOUT_MS = 5_000;

export async function preflight(baseUrl: string, config: Config, token: string | undefined): Promise<void> {
  const url = `${baseUrl}${Operations.webhookEvents.path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'accept-language': config.acceptLanguage, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(Math.min(PREFLIGHT_TIMEOUT_MS, config.requestTimeoutMs)),
      redirect: 'manual',
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new Error(redact(`Target unreachable: GET ${url} failed (${cause}). Check BASE_URL and that the target is up.`));
  }
  const body = await response.text();
  if (response.status === 401 || response.status === 403) {
    throw new Error(`Target refused the token: GET ${url} answered ${response.status}. Check API_TOKEN.`);
  }
  if (response.status === 404) {
    throw new Error(`Target has no ${Operations.webhookEvents.path}: GET ${url} answered 404. Check that BASE_URL is the base address (without /api/core/v1).`);
  }
  if (!response.ok) {
    throw new Error(redact(`Target is not healthy: GET ${url} answered ${response.status}: ${body.slice(0, 200)}`));
  }
}
