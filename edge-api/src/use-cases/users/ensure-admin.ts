import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Services } from '../../env';
import { toB64Url } from '../../lib/base64';
import { hashPassword } from '../../lib/password';
import { createUser } from './create-user';

export const DEFAULT_ADMIN_EMAIL = 'admin@labeldesk.local';

export interface EnsureAdminInput {
  email?: string | undefined;
  password?: string | undefined;
}

export type EnsureAdminResult =
  | { kind: 'exists' }
  | {
      kind: 'created' | 'promoted';
      email: string;
      /** Set when we made the password up; show it once. */
      generatedPassword?: string;
    };

/**
 * First start: when no admin exists, seed one. The configured email (else admin@labeldesk.local) gets the configured
 * password (else a random one the caller prints once). An existing account with that email is promoted and its
 * password reset to the configured one, since whoever sets ADMIN_EMAIL controls the server.
 */
export async function ensureAdmin(services: Services, input: EnsureAdminInput): Promise<EnsureAdminResult> {
  const { db, clock } = services;
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  if (admins.length > 0) return { kind: 'exists' };

  const email = (input.email?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = input.password ? undefined : toB64Url(crypto.getRandomValues(new Uint8Array(18)));
  const password = input.password || (generatedPassword as string);

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    await db
      .update(users)
      .set({
        isAdmin: true,
        passwordHash: await hashPassword(password, services.config.passwordParams),
        updatedAt: clock.now().toISOString(),
      })
      .where(eq(users.id, existing.id));
    return { kind: 'promoted', email, ...(generatedPassword ? { generatedPassword } : {}) };
  }
  await createUser(services, { name: 'Administrator', email, password, isAdmin: true });
  return { kind: 'created', email, ...(generatedPassword ? { generatedPassword } : {}) };
}
