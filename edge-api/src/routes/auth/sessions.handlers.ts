import type { RevokeSessionsResponse, SessionListResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/auth';
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

/** DELETE /api/auth/sessions/{id}: signs out one of the caller's sessions (404 for anyone else's). */
export const revoke = factory.createHandlers(requireUser, authValidators.sessionId, async (c) => {
  const { id } = c.req.valid('param');
  await revokeSession(c.get('services'), { userId: c.get('user').id, sessionId: id });
  const body: RevokeSessionsResponse = { message: 'Session signed out', revoked: 1 };
  return c.json(body, 200);
});

/** POST /api/auth/sessions/revoke-others: signs out every session of the caller but this one. */
export const revokeOthers = factory.createHandlers(requireUser, async (c) => {
  const revoked = await revokeOtherSessions(c.get('services'), {
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
