import { and, eq, isNull } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Services } from '../../env';

/** Logout: revokes the session (its token is refused from the next request on, by every route). Idempotent. */
export async function logoutSession(services: Services, input: { sessionId: string }): Promise<void> {
  await services.db
    .update(sessions)
    .set({ revokedAt: services.clock.now().toISOString() })
    .where(and(eq(sessions.id, input.sessionId), isNull(sessions.revokedAt)));
}
