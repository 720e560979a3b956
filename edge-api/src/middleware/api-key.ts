import { PUBLIC_API_RATE_LIMIT, PUBLIC_API_RATE_WINDOW_SECONDS } from '@labeldesk/contracts';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import type { RateLimitRequest, RateLimitResult } from '../ports/rate-limiter';
import { authenticateApiKey } from '../use-cases/api-keys/authenticate-api-key';

export const API_KEY_IN_URL_MESSAGE =
  'API keys are accepted in the x-api-key (or Authorization) header only, never in the URL: URLs end up in logs';
export const API_RATE_LIMITED_MESSAGE = `Rate limit exceeded: ${PUBLIC_API_RATE_LIMIT} requests per ${PUBLIC_API_RATE_WINDOW_SECONDS / 60} minutes per account (test keys counted apart). Retry after the time in the Retry-After header.`;

/** Query parameter names that smell of a credential: a request carrying one is refused, whatever its value. */
const KEY_PARAMS = new Set(['api_key', 'apikey', 'api-key', 'x-api-key', 'key', 'token', 'access_token']);

/**
 * The limit: 100 requests per 5 minutes (SPEC §9) in a fixed window, counted by the key's row id — one row per account
 * and mode, kept when the key is regenerated, so it is per account (a test key's count is its own).
 */
export const apiKeyLimit = (keyId: string): RateLimitRequest => ({
  key: `api-v1:key:${keyId}`,
  limit: PUBLIC_API_RATE_LIMIT,
  windowMs: PUBLIC_API_RATE_WINDOW_SECONDS * 1000,
});

export const TWO_API_KEYS_MESSAGE =
  'Two different API keys were sent (x-api-key and Authorization): send one key, in the x-api-key header';

/**
 * The key a request presents: `x-api-key: Bearer <key>` (SPEC), a bare `x-api-key: <key>`, or
 * `Authorization: Bearer <key>`. Both headers with the same key is fine; two different keys are refused (400) rather
 * than one silently chosen, so a client never acts with an account it did not mean.
 */
export function presentedApiKey(c: Context): string | undefined {
  const header = c.req.header('x-api-key');
  const auth = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  if (header === undefined) return auth;
  const value = header.trim();
  const fromHeader = /^Bearer\s+(\S+)$/i.exec(value)?.[1] ?? value;
  if (auth !== undefined && auth !== fromHeader) {
    throw new ApiError('invalid_input', TWO_API_KEYS_MESSAGE, {
      details: [{ path: 'headers', message: TWO_API_KEYS_MESSAGE }],
    });
  }
  return fromHeader;
}

function keyInUrl(c: Context): boolean {
  const url = c.req.url;
  const q = url.indexOf('?');
  if (q < 0) return false;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [name, value] of params) {
    if (KEY_PARAMS.has(name.toLowerCase()) || /ld_(live|test)_/.test(value)) return true;
  }
  return false;
}

/** The IETF draft fields (draft-ietf-httpapi-ratelimit-headers-10) and the common X-RateLimit-* trio. */
export function rateLimitHeaders(result: RateLimitResult, nowMs: number): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((result.reset - nowMs) / 1000));
  return {
    'RateLimit-Policy': `"api-key";q=${result.limit};w=${PUBLIC_API_RATE_WINDOW_SECONDS}`,
    RateLimit: `"api-key";r=${result.remaining};t=${resetSeconds}`,
    'X-RateLimit-Limit': String(result.limit),
    'X-RateLimit-Remaining': String(result.remaining),
    // Epoch seconds when the window ends (as GitHub's API sends it).
    'X-RateLimit-Reset': String(Math.ceil(result.reset / 1000)),
  };
}

/**
 * Every /api/v1 route: authenticates the key (401 in the house error shape otherwise), then counts the request
 * against the key's window (429 with Retry-After when it is spent). Every answer to an authenticated request carries
 * the limit headers, errors included. Sets `user` (the key's owner) and `apiKey` (id and mode).
 */
export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  if (keyInUrl(c)) {
    throw new ApiError('unauthorized', API_KEY_IN_URL_MESSAGE, {
      details: [{ path: 'query', message: API_KEY_IN_URL_MESSAGE }],
    });
  }
  const services = c.get('services');
  const principal = await authenticateApiKey(services, presentedApiKey(c));
  const result = await services.rateLimiter.limit(apiKeyLimit(principal.keyId));
  const nowMs = services.clock.now().getTime();
  const headers = rateLimitHeaders(result, nowMs);
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - nowMs) / 1000));
    throw new ApiError('rate_limited', API_RATE_LIMITED_MESSAGE, {
      headers: { ...headers, 'Retry-After': String(retryAfter) },
    });
  }
  c.set('user', principal.user);
  c.set('apiKey', { id: principal.keyId, mode: principal.mode });
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
});
