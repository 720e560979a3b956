import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_MESSAGES } from '../../src/use-cases/users/bootstrap-admin';
import { call, errorOf, loginAdmin, startTestServer, type TestServer } from './helpers';

/**
 * POST /api/auth/bootstrap-admin is the Workers way to the first admin (ADMIN_BOOTSTRAP_TOKEN). The Node entry seeds its
 * admin on start and has no bootstrap token: there the route stays closed, whatever is sent.
 */
describe('POST /api/auth/bootstrap-admin on the Node entry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('is closed: 403, and no account is created', async () => {
    const body = {
      bootstrapToken: 'a-token-nobody-configured-0123456789abcdef',
      name: 'Mallory',
      email: 'mallory@example.com',
      password: 'mallory-password-1',
    };
    const res = await call(server, 'POST', '/api/auth/bootstrap-admin', { json: body });
    expect(res.status).toBe(403);
    expect(errorOf(res).error).toEqual({ code: 'forbidden', message: BOOTSTRAP_MESSAGES.disabled, details: [] });
    const login = await call(server, 'POST', '/api/auth/login', {
      json: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(401);
    // The seeded admin is untouched.
    expect((await loginAdmin(server)).user.isAdmin).toBe(true);
  });
});
