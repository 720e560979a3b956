import type { User } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { verifySessionToken } from '../../lib/jwt';
import { getUserById } from '../users/get-user-by-id';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
export const INVALID_TOKEN_MESSAGE = 'Invalid or missing session token. Please log in.';

/**
 * Resolves a session token to the current user row (re-read on every call, so a deleted account or a revoked admin
 * flag takes effect at once). Throws 401 `token_expired` or `unauthorized`.
 */
export async function verifySession(services: Services, token: string | undefined): Promise<User> {
  const userId = await verifySessionSignature(services, token);
  const user = await getUserById(services, userId);
  if (!user)
    throw new ApiError('unauthorized', INVALID_TOKEN_MESSAGE, { logMessage: `token for missing user ${userId}` });
  return user;
}

/**
 * The user id a session token was issued to, from its signature and expiry alone (no database read). Only for
 * read-only answers that reveal nothing beyond what the token's holder could already see (the price quote): a token of
 * a since-deleted account keeps getting quotes until it expires, and nothing else. Throws like {@link verifySession}.
 */
export async function verifySessionSignature(services: Services, token: string | undefined): Promise<string> {
  if (!token) throw new ApiError('unauthorized', INVALID_TOKEN_MESSAGE);
  const check = await verifySessionToken(token, services.config.jwtSecret, services.clock.now());
  if (!check.ok) {
    if (check.reason === 'expired') throw new ApiError('token_expired', SESSION_EXPIRED_MESSAGE);
    throw new ApiError('unauthorized', INVALID_TOKEN_MESSAGE);
  }
  return check.userId;
}
