import type { User } from '../../db/schema';
import type { Services } from '../../env';
import { signSessionToken } from '../../lib/jwt';

export interface Session {
  token: string;
  user: User;
}

/** Signs a session token for the user (HS256, expiry from config). */
export async function issueSession(services: Services, user: User): Promise<Session> {
  const token = await signSessionToken({
    userId: user.id,
    secret: services.config.jwtSecret,
    ttlSeconds: services.config.jwtTtlSeconds,
    now: services.clock.now(),
  });
  return { token, user };
}
