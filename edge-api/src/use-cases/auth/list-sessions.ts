import type { SessionInfo } from '@labeldesk/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Services } from '../../env';

/**
 * The user's live sessions (neither signed out nor expired), newest first, with the caller's own marked `current`.
 * Only what the server keeps of a session is shown: when it was opened and when it runs out.
 */
export async function listSessions(
  services: Services,
  input: { userId: string; currentSessionId: string },
): Promise<SessionInfo[]> {
  const rows = await services.db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, services.clock.now().toISOString()),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => ({ ...row, current: row.id === input.currentSessionId }));
}
