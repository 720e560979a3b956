import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { User } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { adminLacksRequiredTwoFactor, TWO_FACTOR_REQUIRED_MESSAGE } from '../use-cases/auth/admin-two-factor-gate';
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

/**
 * "Require two-factor for admins" (issue 23): throws 403 `two_factor_required` when the setting is on and this admin
 * has no two-factor sign-in. For admin routes (requireAdmin) and GET /api/auth/verify-admin (the shell's admin guard).
 */
export async function assertAdminTwoFactor(c: Context<AppEnv>, user: User): Promise<void> {
  if (await adminLacksRequiredTwoFactor(c.get('services'), user.id)) {
    throw new ApiError('two_factor_required', TWO_FACTOR_REQUIRED_MESSAGE, {
      logMessage: `admin ${user.id} without 2FA while it is required`,
    });
  }
}

/**
 * Any logged-in user. Sets `user` (freshly read), `sessionUserId` and `sessionId`. An admin who lacks the two-factor
 * sign-in the settings require keeps the customer routes (their own account, and the 2FA setup itself) but loses the
 * admin's reach into other accounts on shared routes (orders, bulk orders, labels, tracking): `isAdmin` is false here.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const authenticated = await authenticate(c);
  const user =
    authenticated.isAdmin && (await adminLacksRequiredTwoFactor(c.get('services'), authenticated.id))
      ? { ...authenticated, isAdmin: false }
      : authenticated;
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

/**
 * Admins only: 401 without a valid session, 403 for a customer, 403 `two_factor_required` for an admin without 2FA
 * while the settings require it. Sets `user`.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  if (!user.isAdmin) throw new ApiError('forbidden', ADMIN_REQUIRED_MESSAGE);
  await assertAdminTwoFactor(c, user);
  c.set('user', user);
  await next();
});
