import { and, eq, lte } from 'drizzle-orm';
import { sessions, type User } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { signSessionToken } from '../../lib/jwt';
import { batch } from '../../ports/database';

export interface Session {
  token: string;
  user: User;
  sessionId: string;
}

/**
 * Opens a session for the user: a `sessions` row (which logout and a password change revoke) and a token naming it
 * (HS256, `jti` = the row's id, expiry from config). The user's sessions that have expired are deleted in the same
 * batch, so the table holds little more than live sessions.
 */
export async function issueSession(services: Services, user: User): Promise<Session> {
  const { db, clock, config } = services;
  const now = clock.now();
  const sessionId = newId('ses');
  const expiresAt = new Date(now.getTime() + config.jwtTtlSeconds * 1000);
  await batch(db, [
    db.delete(sessions).where(and(eq(sessions.userId, user.id), lte(sessions.expiresAt, now.toISOString()))),
    db.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    }),
  ]);
  const token = await signSessionToken({
    userId: user.id,
    sessionId,
    secret: config.jwtSecret,
    ttlSeconds: config.jwtTtlSeconds,
    now,
  });
  return { token, user, sessionId };
}
