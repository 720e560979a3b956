import type { ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, login, loginAdmin, register, type TestServer } from './helpers';
import { startOrdersServer, upsGround } from './orders-support';
import { seededApis } from './providers-support';

const ENDED = { code: 'token_expired', message: 'Your session has ended. Please log in again.', details: [] };

/** Server-side sessions: logout revokes the token it is sent with; a password change revokes the user's others. */
describe('auth: sessions', () => {
  let server: TestServer;
  let api1: ShippingApiConfig;
  let n = 0;
  beforeAll(async () => {
    server = await startOrdersServer();
    ({ api1 } = await seededApis(server, (await loginAdmin(server)).token));
  });
  afterAll(() => server.stop());

  async function newCustomer(name: string) {
    n += 1;
    const email = `${name}@example.com`;
    const password = `${name}-pass-phrase`;
    const first = await register(server, { name, email, password }, { 'X-Forwarded-For': `198.51.100.${n}` });
    return { email, password, token: first.token };
  }

  /** The answers a session token gets from an ordinary route, verify, and the quote. */
  async function answersTo(token: string) {
    const [addresses, verify, quote] = await Promise.all([
      call(server, 'GET', '/api/addresses', { token }),
      call(server, 'GET', '/api/auth/verify', { token }),
      call(server, 'POST', '/api/orders/calculate-price', { token, json: upsGround(api1) }),
    ]);
    return { addresses, verify, quote };
  }

  it('logout revokes that token at once: every route, verify and the quote refuse it; other sessions live on', async () => {
    const ada = await newCustomer('ada');
    const otherDevice = (await login(server, ada.email, ada.password)).token;

    const before = await answersTo(ada.token);
    expect([before.addresses.status, before.verify.status, before.quote.status]).toEqual([200, 200, 200]);

    const out = await call(server, 'POST', '/api/auth/logout', { token: ada.token });
    expect(out.status, out.text).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });

    const after = await answersTo(ada.token);
    for (const res of [after.addresses, after.verify, after.quote]) {
      expect(res.status).toBe(401);
      // expired: true is what makes the client clear its session and go to the login page (SPEC §4).
      expect(errorOf(res)).toEqual({ error: ENDED, expired: true });
    }
    // Logging out again with the dead token is refused the same way.
    expect((await call(server, 'POST', '/api/auth/logout', { token: ada.token })).status).toBe(401);

    const other = await answersTo(otherDevice);
    expect([other.addresses.status, other.verify.status, other.quote.status]).toEqual([200, 200, 200]);
  });

  it('logout needs a session token', async () => {
    const res = await call(server, 'POST', '/api/auth/logout');
    expect(res.status).toBe(401);
    expect(errorOf(res).error.code).toBe('unauthorized');
  });

  it('a password change keeps the session that made it and revokes every other one', async () => {
    const bob = await newCustomer('bob');
    const laptop = (await login(server, bob.email, bob.password)).token;
    const phone = (await login(server, bob.email, bob.password)).token;
    const change = (json: unknown) => call(server, 'POST', '/api/auth/change-password', { token: bob.token, json });

    // A wrong current password, or a new one the policy refuses, changes nothing and revokes nothing.
    const wrong = await change({ currentPassword: 'not-my-password', newPassword: 'a-much-better-phrase' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).error).toEqual({
      code: 'invalid_input',
      message: 'Current password is incorrect',
      details: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    const common = await change({ currentPassword: bob.password, newPassword: 'password123' });
    expect(common.status).toBe(400);
    expect(errorOf(common).error.details).toEqual([
      {
        path: 'newPassword',
        message: 'This password is one of the 10,000 most common passwords. Please choose a less common one.',
      },
    ]);
    const short = await change({ currentPassword: bob.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(errorOf(short).error.message).toBe('Password must be at least 8 characters');
    const asEmail = await change({ currentPassword: bob.password, newPassword: 'BOB@example.com' });
    expect(asEmail.status).toBe(400);
    expect(errorOf(asEmail).error.message).toBe(
      'Password must not be your email address or the part of it before the @',
    );
    for (const token of [laptop, phone]) {
      expect((await call(server, 'GET', '/api/auth/verify', { token })).status).toBe(200);
    }

    const ok = await change({ currentPassword: bob.password, newPassword: 'a-much-better-phrase' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ message: 'Password changed. Your other sessions were signed out.' });

    expect((await answersTo(bob.token)).addresses.status).toBe(200);
    for (const token of [laptop, phone]) {
      const after = await answersTo(token);
      for (const res of [after.addresses, after.verify, after.quote]) {
        expect(res.status).toBe(401);
        expect(errorOf(res)).toEqual({ error: ENDED, expired: true });
      }
    }

    const oldLogin = await call(server, 'POST', '/api/auth/login', {
      json: { email: bob.email, password: bob.password },
    });
    expect(oldLogin.status).toBe(401);
    expect((await login(server, bob.email, 'a-much-better-phrase')).user.email).toBe(bob.email);
  });

  it('change-password needs a live session', async () => {
    const cy = await newCustomer('cy');
    await call(server, 'POST', '/api/auth/logout', { token: cy.token });
    const res = await call(server, 'POST', '/api/auth/change-password', {
      token: cy.token,
      json: { currentPassword: cy.password, newPassword: 'a-much-better-phrase' },
    });
    expect(res.status).toBe(401);
    expect((await login(server, cy.email, cy.password)).user.email).toBe(cy.email);
  });
});
