import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { User } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { verifySession, verifySessionLive } from '../use-cases/auth/verify-session';

export const ADMIN_REQUIRED_MESSAGE = 'Admin access required';

/** The token of `Authorization: Bearer <token>`, if any. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Authenticates the request (401 otherwise): a live session (not logged out, not revoked by a password change) and
 * the freshly read user row, in one indexed read. Sets `sessionId` and returns the user.
 */
export async function authenticate(c: Context<AppEnv>): Promise<User> {
  const { user, sessionId } = await verifySession(c.get('services'), bearerToken(c));
  c.set('sessionId', sessionId);
  return user;
}

/** Any logged-in user. Sets `user` (freshly read), `sessionUserId` and `sessionId`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  c.set('user', user);
  c.set('sessionUserId', user.id);
  await next();
});

/**
 * A live session without reading its user row: for hot read-only routes whose answer reveals nothing beyond what the
 * token's holder could already see (the price quote). The session row is still read (by primary key), so a token
 * stops working here the moment its session is revoked. Sets `sessionUserId`.
 */
export const requireSessionToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set('sessionUserId', await verifySessionLive(c.get('services'), bearerToken(c)));
  await next();
});

/** Admins only: 401 without a valid session, 403 for a customer. Sets `user`. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  if (!user.isAdmin) throw new ApiError('forbidden', ADMIN_REQUIRED_MESSAGE);
  c.set('user', user);
  await next();
});
