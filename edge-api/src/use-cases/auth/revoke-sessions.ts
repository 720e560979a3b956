import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';

export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';

/** Live (not revoked, not expired) sessions of the user. */
const liveSessionsOf = (userId: string, now: string) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/**
 * Signs out one of the user's own live sessions (the caller's own included: that is a logout). Another user's
 * session, an unknown id, or one already signed out or expired is 404 and changes nothing. The revocation takes effect
 * on that token's next request, on every route (verify-session reads the row each time).
 */
export async function revokeSession(services: Services, input: { userId: string; sessionId: string }): Promise<void> {
  const now = services.clock.now().toISOString();
  const revoked = await services.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, input.sessionId), liveSessionsOf(input.userId, now)))
    .returning({ id: sessions.id });
  if (revoked.length === 0) throw new ApiError('not_found', SESSION_NOT_FOUND_MESSAGE);
}

/**
 * "Sign out everywhere else": revokes every live session of the user except the one asking, in one statement.
 * Answers how many were revoked (0 when the caller was the only one).
 */
export async function revokeOtherSessions(
  services: Services,
  input: { userId: string; currentSessionId: string },
): Promise<number> {
  const now = services.clock.now().toISOString();
  const revoked = await services.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(liveSessionsOf(input.userId, now), ne(sessions.id, input.currentSessionId)))
    .returning({ id: sessions.id });
  return revoked.length;
}
