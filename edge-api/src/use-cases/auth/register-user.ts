import type { Services } from '../../env';
import { assertNewPasswordAllowed } from '../../lib/password-policy';
import { authLimits, enforceRateLimits } from '../../lib/throttle';
import { enqueueMail } from '../mail/enqueue-mail';
import { createUser } from '../users/create-user';
import { issueSession, type Session } from './issue-session';

export interface RegisterUserInput {
  name: string;
  email: string;
  password: string;
  clientIp: string;
}

/**
 * Self-service sign-up: always a customer (never admin), throttled per client IP, the password held to the password
 * policy (400 with every problem), answers with a session (SPEC: signed in straight away, buying is not held back)
 * and queues the email verification mail.
 */
export async function registerUser(services: Services, input: RegisterUserInput): Promise<Session> {
  await enforceRateLimits(services.rateLimiter, [authLimits.registerPerIp(input.clientIp)], services.clock.now());
  assertNewPasswordAllowed(input.password, input.email);
  const user = await createUser(services, {
    name: input.name,
    email: input.email,
    password: input.password,
    isAdmin: false,
  });
  const session = await issueSession(services, user);
  await enqueueMail(services, { template: 'email-verification', userId: user.id });
  return session;
}
