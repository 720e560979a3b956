import { SessionListResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, login, register, startTestServer, type TestServer } from './helpers';

const ENDED = { code: 'token_expired', message: 'Your session has ended. Please log in again.', details: [] };

/** The Security section's sessions: the caller's live sessions, signing one out, and "sign out all other sessions". */
describe('auth: the sessions list', () => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1 });
  });
  afterAll(() => server.stop());

  async function newCustomer(name: string) {
    n += 1;
    const email = `${name}@example.com`;
    const password = `${name}-pass-phrase`;
    const first = await register(server, { name, email, password }, { 'X-Forwarded-For': `198.51.100.${n}` });
    return { email, password, token: first.token };
  }

  async function sessionsOf(token: string) {
    const res = await call(server, 'GET', '/api/auth/sessions', { token });
    expect(res.status, res.text).toBe(200);
    return SessionListResponse.parse(res.body).sessions;
  }

  it('lists the live sessions newest first with this one marked; another user sees none of them', async () => {
    const ada = await newCustomer('ada');
    const laptop = (await login(server, ada.email, ada.password)).token;
    const phone = (await login(server, ada.email, ada.password)).token;
    await call(server, 'POST', '/api/auth/logout', { token: laptop });

    const fromPhone = await sessionsOf(phone);
    // Registration's session and the phone's; the laptop logged out and is gone from the list.
    expect(fromPhone).toHaveLength(2);
    expect(fromPhone.map((s) => s.current)).toEqual([true, false]);
    expect(fromPhone[0]?.createdAt.localeCompare(fromPhone[1]?.createdAt ?? '')).toBeGreaterThanOrEqual(0);
    for (const s of fromPhone) {
      expect(s.id).toMatch(/^ses_/);
      expect(Date.parse(s.expiresAt) - Date.parse(s.createdAt)).toBe(604_800_000);
    }
    const fromRegistration = await sessionsOf(ada.token);
    expect(fromRegistration.map((s) => s.id)).toEqual(fromPhone.map((s) => s.id));
    expect(fromRegistration.map((s) => s.current)).toEqual([false, true]);

    const bob = await newCustomer('bob');
    expect((await sessionsOf(bob.token)).map((s) => s.current)).toEqual([true]);
    expect((await call(server, 'GET', '/api/auth/sessions')).status).toBe(401);
  });

  it('signing one session out: its token gets 401 at once, the others live on; nobody else can sign it out', async () => {
    const cy = await newCustomer('cy');
    const second = (await login(server, cy.email, cy.password)).token;
    const [secondSession] = (await sessionsOf(second)).filter((s) => s.current);
    if (!secondSession) throw new Error('no current session');
    expect((await call(server, 'GET', '/api/addresses', { token: second })).status).toBe(200);

    // Another account cannot sign it out (404, as for an unknown id) and the session still works.
    const dee = await newCustomer('dee');
    const foreign = await call(server, 'DELETE', `/api/auth/sessions/${secondSession.id}`, {
      token: dee.token,
      json: { password: dee.password },
    });
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign).error).toEqual({ code: 'not_found', message: 'Session not found', details: [] });
    expect((await call(server, 'GET', '/api/addresses', { token: second })).status).toBe(200);

    const out = await call(server, 'DELETE', `/api/auth/sessions/${secondSession.id}`, {
      token: cy.token,
      json: { password: cy.password },
    });
    expect(out.status, out.text).toBe(200);
    expect(out.body).toEqual({ message: 'Session signed out', revoked: 1 });

    for (const path of ['/api/addresses', '/api/auth/verify', '/api/auth/sessions']) {
      const res = await call(server, 'GET', path, { token: second });
      expect(res.status).toBe(401);
      expect(errorOf(res)).toEqual({ error: ENDED, expired: true });
    }
    expect((await call(server, 'GET', '/api/addresses', { token: cy.token })).status).toBe(200);
    expect((await sessionsOf(cy.token)).map((s) => s.current)).toEqual([true]);
    // Already signed out: 404, nothing else changes.
    const again = await call(server, 'DELETE', `/api/auth/sessions/${secondSession.id}`, {
      token: cy.token,
      json: { password: cy.password },
    });
    expect(again.status).toBe(404);
  });

  it('"sign out all other sessions" revokes every session but the one asking', async () => {
    const eve = await newCustomer('eve');
    const others = [
      (await login(server, eve.email, eve.password)).token,
      (await login(server, eve.email, eve.password)).token,
    ];
    const fay = await newCustomer('fay');

    const res = await call(server, 'POST', '/api/auth/sessions/revoke-others', {
      token: eve.token,
      json: { password: eve.password },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Signed out 2 other sessions.', revoked: 2 });

    for (const token of others) {
      const after = await call(server, 'GET', '/api/addresses', { token });
      expect(after.status).toBe(401);
      expect(errorOf(after)).toEqual({ error: ENDED, expired: true });
    }
    expect((await call(server, 'GET', '/api/addresses', { token: eve.token })).status).toBe(200);
    expect((await sessionsOf(eve.token)).map((s) => s.current)).toEqual([true]);
    // Another account's session was not touched.
    expect((await call(server, 'GET', '/api/addresses', { token: fay.token })).status).toBe(200);

    const none = await call(server, 'POST', '/api/auth/sessions/revoke-others', {
      token: eve.token,
      json: { password: eve.password },
    });
    expect(none.body).toEqual({ message: 'No other sessions were signed in.', revoked: 0 });
  });

  it('signing out asks for the password (or a code) again: without it, or with a wrong one, nothing is signed out', async () => {
    const gus = await newCustomer('gus');
    const other = (await login(server, gus.email, gus.password)).token;
    const [otherSession] = (await sessionsOf(other)).filter((s) => s.current);
    if (!otherSession) throw new Error('no current session');
    const tries = [
      {
        json: undefined,
        error: { code: 'invalid_input', message: 'Request body must be JSON (Content-Type: application/json)' },
      },
      {
        json: {},
        error: {
          code: 'invalid_input',
          details: [{ path: 'password', message: 'Enter your password or a code from your app' }],
        },
      },
      {
        json: { password: 'not-the-password' },
        error: {
          code: 'invalid_input',
          message: 'Password is incorrect',
          details: [{ path: 'password', message: 'Password is incorrect' }],
        },
      },
      // A code only proves anything with two-factor on; gus has it off.
      {
        json: { code: '123456' },
        error: {
          code: 'invalid_input',
          details: [
            { path: 'code', message: 'That code is not valid. Enter the current code from your authenticator app.' },
          ],
        },
      },
    ];
    for (const { json, error } of tries) {
      for (const [method, path] of [
        ['DELETE', `/api/auth/sessions/${otherSession.id}`],
        ['POST', '/api/auth/sessions/revoke-others'],
      ] as const) {
        const res = await call(server, method, path, { token: gus.token, ...(json ? { json } : {}) });
        expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
        expect(errorOf(res).error).toMatchObject(error);
      }
    }
    // Nothing was signed out: both sessions still work.
    expect((await call(server, 'GET', '/api/addresses', { token: other })).status).toBe(200);
    expect((await sessionsOf(gus.token)).map((s) => s.current)).toEqual([false, true]);
  });
});
