import { eq } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/opaque-token';

export const PASSWORD_RESET_TTL_MINUTES = 30;

/**
 * Makes a password reset token for the account with this email (run by the `mail.send` job, never by the request, so
 * Forgot Password answers the same whether the account exists). Only the token's hash is stored; the token itself is
 * returned for the mail. Unknown email: null.
 */
export async function issuePasswordReset(
  services: Services,
  email: string,
): Promise<{ token: string; name: string; email: string } | null> {
  const { db, clock } = services;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user) return null;
  const token = newOpaqueToken();
  const now = clock.now();
  await db.insert(passwordResetTokens).values({
    id: newId('prt'),
    userId: user.id,
    tokenHash: hashOpaqueToken(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
  });
  return { token, name: user.name, email: user.email };
}
