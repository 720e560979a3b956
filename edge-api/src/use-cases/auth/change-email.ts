import { eq } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { EMAIL_TAKEN_MESSAGE } from '../users/create-user';
import { confirmIdentity } from './confirm-identity';

export const SAME_EMAIL_MESSAGE = 'That is already your email address';

/**
 * Changes the caller's email address (issue 23: "changing the email asks for verification again"): the password
 * proves it is the owner (confirmIdentity: throttled, a wrong one is a 400 on its field); an address another account
 * has is a 409 as at registration. The new address is unverified and gets a verification mail (the mail job makes the
 * token); links sent to the old address stop working (verify-email checks the token's address against the account's).
 * Nothing else changes: the sessions, the balance, the orders.
 */
export async function changeEmail(
  services: Services,
  input: { userId: string; email: string; password: string },
): Promise<User> {
  const { db, clock } = services;
  await confirmIdentity(services, { userId: input.userId, password: input.password });
  const email = input.email.trim().toLowerCase();
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (current?.email === email) {
    throw new ApiError('invalid_input', SAME_EMAIL_MESSAGE, {
      details: [{ path: 'email', message: SAME_EMAIL_MESSAGE }],
    });
  }
  const now = clock.now().toISOString();
  let updated: User | undefined;
  try {
    [updated] = await db
      .update(users)
      .set({ email, emailVerifiedAt: null, updatedAt: now })
      .where(eq(users.id, input.userId))
      .returning();
  } catch (err) {
    // Another account has it (the unique index decides, also when two accounts race for it).
    if (isUniqueViolation(err, 'users.email')) {
      throw new ApiError('conflict', EMAIL_TAKEN_MESSAGE, {
        details: [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }],
      });
    }
    throw err;
  }
  if (!updated) throw new ApiError('not_found', 'User not found');
  await enqueueMail(services, { template: 'email-verification', userId: updated.id });
  return updated;
}
