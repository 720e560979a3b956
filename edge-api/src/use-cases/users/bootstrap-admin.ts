import { and, eq, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { secretsEqual } from '../../lib/constant-time';
import { assertNewPasswordAllowed } from '../../lib/password-policy';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { issueSession, type Session } from '../auth/issue-session';
import { createUser } from './create-user';

export const BOOTSTRAP_MESSAGES = {
  disabled: 'Admin bootstrap is not enabled on this server',
  invalidToken: 'Invalid bootstrap token',
  adminExists: 'An admin already exists: admin bootstrap is closed (delete the ADMIN_BOOTSTRAP_TOKEN secret)',
} as const;

export interface BootstrapAdminInput {
  bootstrapToken: string;
  name: string;
  email: string;
  password: string;
  clientIp: string;
}

/** Whether any admin account exists. */
async function adminExists(services: Services): Promise<boolean> {
  const rows = await services.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return rows.length > 0;
}

/**
 * The first admin of a deployment that cannot seed one on start (Workers): the caller proves it is the operator with
 * the ADMIN_BOOTSTRAP_TOKEN secret (compared in constant time; throttled per IP), and it works only while no admin
 * exists — afterwards it answers 409 whatever the token. The account is created like any other (same email and
 * password rules), then promoted by one conditional update that only succeeds while there is still no admin, so two
 * racing bootstraps cannot both make an admin: the loser's account is removed again.
 */
export async function bootstrapAdmin(services: Services, input: BootstrapAdminInput): Promise<Session> {
  const { db, clock, config } = services;
  await enforceRateLimits(services.rateLimiter, [authLimits.bootstrapAdminPerIp(input.clientIp)], clock.now());
  const configured = config.adminBootstrapToken;
  if (!configured) throw new ApiError('forbidden', BOOTSTRAP_MESSAGES.disabled);
  if (!(await secretsEqual(input.bootstrapToken, configured))) {
    throw new ApiError('forbidden', BOOTSTRAP_MESSAGES.invalidToken, {
      logMessage: `admin bootstrap refused: wrong token from ${input.clientIp}`,
    });
  }
  if (await adminExists(services)) throw new ApiError('conflict', BOOTSTRAP_MESSAGES.adminExists);
  assertNewPasswordAllowed(input.password, input.email);

  const user = await createUser(services, {
    name: input.name,
    email: input.email,
    password: input.password,
    isAdmin: false,
  });
  const admins = alias(users, 'admins');
  const [promoted] = await db
    .update(users)
    .set({ isAdmin: true, updatedAt: clock.now().toISOString() })
    .where(
      and(eq(users.id, user.id), notExists(db.select({ id: admins.id }).from(admins).where(eq(admins.isAdmin, true)))),
    )
    .returning();
  if (!promoted) {
    await db.delete(users).where(and(eq(users.id, user.id), eq(users.isAdmin, false)));
    throw new ApiError('conflict', BOOTSTRAP_MESSAGES.adminExists);
  }
  services.log.warn('admin.bootstrapped', { userId: promoted.id });
  return issueSession(services, promoted);
}
