import type { RevokeSessionsResponse, SessionListResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/auth';
import { confirmIdentity } from '../../use-cases/auth/confirm-identity';
import { listSessions } from '../../use-cases/auth/list-sessions';
import { revokeOtherSessions, revokeSession } from '../../use-cases/auth/revoke-sessions';
import { authValidators } from './auth.routes';

const factory = createFactory<AppEnv>();

/** GET /api/auth/sessions: the caller's live sessions, the current one marked. */
export const list = factory.createHandlers(requireUser, async (c) => {
  const sessions = await listSessions(c.get('services'), {
    userId: c.get('user').id,
    currentSessionId: c.get('sessionId'),
  });
  const body: SessionListResponse = { sessions };
  return c.json(body, 200);
});

/**
 * DELETE /api/auth/sessions/{id} {password} or {code}: signs out one of the caller's sessions once they have proved
 * again who they are (404 for anyone else's).
 */
export const revoke = factory.createHandlers(
  requireUser,
  authValidators.sessionId,
  authValidators.confirmIdentity,
  async (c) => {
    const { id } = c.req.valid('param');
    const services = c.get('services');
    await confirmIdentity(services, { userId: c.get('user').id, ...c.req.valid('json') });
    await revokeSession(services, { userId: c.get('user').id, sessionId: id });
    const body: RevokeSessionsResponse = { message: 'Session signed out', revoked: 1 };
    return c.json(body, 200);
  },
);

/** POST /api/auth/sessions/revoke-others {password} or {code}: signs out every session of the caller but this one. */
export const revokeOthers = factory.createHandlers(requireUser, authValidators.confirmIdentity, async (c) => {
  const services = c.get('services');
  await confirmIdentity(services, { userId: c.get('user').id, ...c.req.valid('json') });
  const revoked = await revokeOtherSessions(services, {
    userId: c.get('user').id,
    currentSessionId: c.get('sessionId'),
  });
  const body: RevokeSessionsResponse = {
    message:
      revoked === 0
        ? 'No other sessions were signed in.'
        : `Signed out ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}.`,
    revoked,
  };
  return c.json(body, 200);
});
