import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { sessions, type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { verifySessionToken } from '../../lib/jwt';
import { perDatabase } from '../../ports/database';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';
export const INVALID_TOKEN_MESSAGE = 'Invalid or missing session token. Please log in.';

/** A verified token: its user and the session it names. */
export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** The named session of the named user, not revoked and not expired (placeholders sessionId, userId, now). */
const isLiveSession = () =>
  and(
    eq(sessions.id, sql.placeholder('sessionId')),
    eq(sessions.userId, sql.placeholder('userId')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql.placeholder('now')),
  );

/** A live session (not revoked, not expired) and its user, in one read by the sessions primary key. */
const liveSessionUser = perDatabase((db) =>
  db
    .select(getTableColumns(users))
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isLiveSession())
    .limit(1)
    .prepare(),
);

/** Whether a session is live, without reading its user (one read by the sessions primary key). */
const liveSession = perDatabase((db) =>
  db.select({ id: sessions.id }).from(sessions).where(isLiveSession()).limit(1).prepare(),
);

function sessionEnded(claims: SessionClaims): ApiError {
  return new ApiError('token_expired', SESSION_ENDED_MESSAGE, {
    logMessage: `session ${claims.sessionId} of ${claims.userId} is revoked, expired or gone`,
  });
}

/**
 * Resolves a session token to its session and the current user row, re-read on every call (so a deleted account, a
 * revoked admin flag, a logout or a password change take effect at once). One indexed read. Throws 401
 * `token_expired` (expired, revoked, or a token from before sessions were recorded) or `unauthorized`.
 */
export async function verifySession(
  services: Services,
  token: string | undefined,
): Promise<{ user: User; sessionId: string }> {
  const claims = await verifySessionClaims(services, token);
  const [user] = await liveSessionUser(services.db).all({ ...claims, now: services.clock.now().toISOString() });
  if (!user) throw sessionEnded(claims);
  return { user, sessionId: claims.sessionId };
}

/**
 * The user id of a live session, without reading the user row: for hot read-only answers that reveal nothing beyond
 * what the token's holder could already see (the price quote). Still one indexed read of the session, so a token stops
 * getting quotes the moment its session is revoked. Throws like {@link verifySession}.
 */
export async function verifySessionLive(services: Services, token: string | undefined): Promise<string> {
  const claims = await verifySessionClaims(services, token);
  const [live] = await liveSession(services.db).all({ ...claims, now: services.clock.now().toISOString() });
  if (!live) throw sessionEnded(claims);
  return claims.userId;
}

/** A token's user and session from its signature and expiry alone (no database read). */
async function verifySessionClaims(services: Services, token: string | undefined): Promise<SessionClaims> {
  if (!token) throw new ApiError('unauthorized', INVALID_TOKEN_MESSAGE);
  const check = await verifySessionToken(token, services.config.jwtSecret, services.clock.now());
  if (!check.ok) {
    if (check.reason === 'expired') throw new ApiError('token_expired', SESSION_EXPIRED_MESSAGE);
    throw new ApiError('unauthorized', INVALID_TOKEN_MESSAGE);
  }
  if (!check.sessionId) {
    // Signed by us before tokens named their session: it cannot be revoked, so it is no longer accepted.
    throw new ApiError('token_expired', SESSION_EXPIRED_MESSAGE, { logMessage: 'token without a session id' });
  }
  return { userId: check.userId, sessionId: check.sessionId };
}
