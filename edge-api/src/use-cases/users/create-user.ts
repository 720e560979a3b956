import { eq } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  isAdmin?: boolean;
}

/** Creates an account (email stored lower-cased). Throws 409 `conflict` when the email is taken. */
export async function createUser(services: Services, input: CreateUserInput): Promise<User> {
  const { db, clock } = services;
  const email = input.email.trim().toLowerCase();
  const taken = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken.length > 0) throw new ApiError('conflict', EMAIL_TAKEN_MESSAGE);

  const passwordHash = await hashPassword(input.password, services.config.passwordParams);
  const now = clock.now().toISOString();
  try {
    const [user] = await db
      .insert(users)
      .values({
        id: newId('usr'),
        name: input.name.trim(),
        email,
        passwordHash,
        isAdmin: input.isAdmin ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error('insert into users returned no row');
    return user;
  } catch (err) {
    // Two registrations racing for the same email: the unique index decides.
    if (isUniqueViolation(err, 'users.email')) throw new ApiError('conflict', EMAIL_TAKEN_MESSAGE);
    throw err;
  }
}
