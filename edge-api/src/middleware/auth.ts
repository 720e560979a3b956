import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { User } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { verifySession, verifySessionSignature } from '../use-cases/auth/verify-session';

export const ADMIN_REQUIRED_MESSAGE = 'Admin access required';

/** The token of `Authorization: Bearer <token>`, if any. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Authenticates the request (401 otherwise) and returns the freshly read user row. */
export async function authenticate(c: Context<AppEnv>): Promise<User> {
  return verifySession(c.get('services'), bearerToken(c));
}

/** Any logged-in user. Sets `user` (freshly read) and `sessionUserId`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  c.set('user', user);
  c.set('sessionUserId', user.id);
  await next();
});

/**
 * A valid session token, checked by its signature and expiry only (no database read): for hot read-only routes whose
 * answer reveals nothing beyond what the token's holder could already see (the price quote). Sets `sessionUserId`.
 */
export const requireSessionToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set('sessionUserId', await verifySessionSignature(c.get('services'), bearerToken(c)));
  await next();
});

/** Admins only: 401 without a valid session, 403 for a customer. Sets `user`. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  if (!user.isAdmin) throw new ApiError('forbidden', ADMIN_REQUIRED_MESSAGE);
  c.set('user', user);
  await next();
});
