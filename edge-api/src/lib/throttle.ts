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
  /** Forgot Password: per client address, and per typed address (whether or not it has an account). */
  forgotPasswordPerIp: (ip: string): RateLimitRequest => ({
    key: `forgot-password:ip:${ip}`,
    limit: 10,
    windowMs: 15 * 60_000,
  }),
  forgotPasswordPerEmail: (email: string): RateLimitRequest => ({
    key: `forgot-password:email:${email}`,
    limit: 3,
    windowMs: 15 * 60_000,
  }),
  /** Reset Password: per client address, and per account once the token names one. */
  resetPasswordPerIp: (ip: string): RateLimitRequest => ({
    key: `reset-password:ip:${ip}`,
    limit: 10,
    windowMs: 15 * 60_000,
  }),
  resetPasswordPerUser: (userId: string): RateLimitRequest => ({
    key: `reset-password:user:${userId}`,
    limit: 5,
    windowMs: 15 * 60_000,
  }),
  /** Two-factor codes (setup, enable, disable, the login's second step): per account, and per client address. */
  twoFactorPerUser: (userId: string): RateLimitRequest => ({
    key: `2fa:user:${userId}`,
    limit: 10,
    windowMs: 15 * 60_000,
  }),
  twoFactorPerIp: (ip: string): RateLimitRequest => ({ key: `2fa:ip:${ip}`, limit: 30, windowMs: 60_000 }),
  /** Email verification links (issue 23): the token is 256 random bits, so this only bounds the work per address. */
  verifyEmailPerIp: (ip: string): RateLimitRequest => ({
    key: `verify-email:ip:${ip}`,
    limit: 30,
    windowMs: 15 * 60_000,
  }),
  /** "Resend" of the verification mail: one a minute and five an hour per account, so it cannot flood a mailbox. */
  verifyEmailResendPerMinute: (userId: string): RateLimitRequest => ({
    key: `verify-email-resend:minute:${userId}`,
    limit: 1,
    windowMs: 60_000,
  }),
  verifyEmailResendPerHour: (userId: string): RateLimitRequest => ({
    key: `verify-email-resend:hour:${userId}`,
    limit: 5,
    windowMs: 60 * 60_000,
  }),
  /** Guessing the current password through change-password with a stolen session: 5 tries per 15 minutes. */
  changePasswordPerUser: (userId: string): RateLimitRequest => ({
    key: `change-password:user:${userId}`,
    limit: 5,
    windowMs: 15 * 60_000,
  }),
};

/**
 * Login attempts per account, from any address (OWASP ASVS 5.0 V6.3, credential stuffing from many IPs): a progressive
 * delay, not a lockout. The first ACCOUNT_LOGIN_FREE_ATTEMPTS attempts since the last successful login go through at
 * once; after that each attempt must wait 1 s, 2 s, 4 s, … (doubling) after the previous one, at most 15 minutes, and
 * an attempt during the wait is refused (429 + Retry-After) without checking the password or counting. A successful
 * login, or a day without attempts, starts again from zero. So the owner is slowed down like anyone else but never
 * locked out: the correct password after the wait logs in. 40 guesses from 40 addresses in a burst: 6 are checked, the
 * rest refused; sustained guessing gets ~15 in the first hour, then 4 an hour.
 */
export const ACCOUNT_LOGIN_FREE_ATTEMPTS = 5;
export const ACCOUNT_LOGIN_MAX_DELAY_MS = 15 * 60_000;
export const ACCOUNT_LOGIN_RESET_MS = 24 * 60 * 60_000;
export const ACCOUNT_THROTTLED_MESSAGE = 'Too many failed logins for this account. Please try again later.';

/** How long the attempt after the `attempts`-th (counted since the last success) must wait. */
export function accountLoginDelayMs(attempts: number): number {
  if (attempts <= ACCOUNT_LOGIN_FREE_ATTEMPTS) return 0;
  return Math.min(ACCOUNT_LOGIN_MAX_DELAY_MS, 1000 * 2 ** (attempts - ACCOUNT_LOGIN_FREE_ATTEMPTS - 1));
}

/** 429 `rate_limited` with Retry-After (whole seconds, at least 1) until `untilMs`. */
export function rateLimited(message: string, untilMs: number, now: Date, logMessage: string): ApiError {
  const retryAfter = Math.max(1, Math.ceil((untilMs - now.getTime()) / 1000));
  return new ApiError('rate_limited', message, { headers: { 'Retry-After': String(retryAfter) }, logMessage });
}

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
  throw rateLimited(RATE_LIMITED_MESSAGE, reset, now, `rate limited: ${rules.map((r) => r.key).join(', ')}`);
}
