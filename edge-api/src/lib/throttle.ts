import { ApiError } from '../errors';
import type { RateLimiter, RateLimitRequest } from '../ports/rate-limiter';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

/** Throttling rules for the public auth endpoints (per client IP and per email). */
export const authLimits = {
  loginPerIpAndEmail: (ip: string, email: string): RateLimitRequest => ({
    key: `login:ip-email:${ip}:${email}`,
    limit: 10,
    windowMs: 60_000,
  }),
  loginPerIp: (ip: string): RateLimitRequest => ({ key: `login:ip:${ip}`, limit: 30, windowMs: 60_000 }),
  registerPerIp: (ip: string): RateLimitRequest => ({ key: `register:ip:${ip}`, limit: 5, windowMs: 10 * 60_000 }),
  bootstrapAdminPerIp: (ip: string): RateLimitRequest => ({
    key: `bootstrap-admin:ip:${ip}`,
    limit: 5,
    windowMs: 10 * 60_000,
  }),
};

/**
 * Tracking refreshes go to the carrier: a customer (or a script with their token) may not hammer it. Generous for a
 * person clicking Refresh; the scheduled refresh keeps every parcel current anyway.
 */
export const TRACKING_REFRESHES_PER_MINUTE = 30;
export const trackingLimits = {
  refreshPerUser: (userId: string): RateLimitRequest => ({
    key: `tracking-refresh:user:${userId}`,
    limit: TRACKING_REFRESHES_PER_MINUTE,
    windowMs: 60_000,
  }),
};

/**
 * Counts one hit against every rule; if any rule is over its limit, throws 429 `rate_limited` with `Retry-After`
 * (whole seconds until the latest blocking window ends).
 */
export async function enforceRateLimits(limiter: RateLimiter, rules: RateLimitRequest[], now: Date): Promise<void> {
  const results = await Promise.all(rules.map((rule) => limiter.limit(rule)));
  const blocked = results.filter((r) => !r.success);
  if (blocked.length === 0) return;
  const reset = Math.max(...blocked.map((r) => r.reset));
  const retryAfter = Math.max(1, Math.ceil((reset - now.getTime()) / 1000));
  throw new ApiError('rate_limited', RATE_LIMITED_MESSAGE, {
    headers: { 'Retry-After': String(retryAfter) },
    logMessage: `rate limited: ${rules.map((r) => r.key).join(', ')}`,
  });
}
