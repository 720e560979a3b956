import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { User } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { verifySession } from '../use-cases/auth/verify-session';

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

/** Any logged-in user. Sets `user`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await authenticate(c));
  await next();
});

/** Admins only: 401 without a valid session, 403 for a customer. Sets `user`. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  if (!user.isAdmin) throw new ApiError('forbidden', ADMIN_REQUIRED_MESSAGE);
  c.set('user', user);
  await next();
});
