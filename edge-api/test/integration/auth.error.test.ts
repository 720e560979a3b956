import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { ADMIN_EMAIL, call, errorOf, register, startTestServer, type TestServer } from './helpers';

describe('auth: errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await register(server, { name: 'Existing', email: 'taken@example.com', password: 'right-password' });
  });
  afterAll(() => server.stop());

  it('refuses a second account for the same email, whatever its case (409)', async () => {
    const res = await call(server, 'POST', '/api/auth/register', {
      json: { name: 'Copy', email: 'TAKEN@example.com', password: 'another-password-1' },
    });
    expect(res.status).toBe(409);
    expect(errorOf(res).error).toEqual({
      code: 'conflict',
      message: 'An account with this email already exists',
      details: [],
    });
    const [row] = await server.services.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, 'taken@example.com'));
    expect(row?.n).toBe(1);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrongPassword = await call(server, 'POST', '/api/auth/login', {
      json: { email: 'taken@example.com', password: 'wrong' },
    });
    const unknownEmail = await call(server, 'POST', '/api/auth/login', {
      json: { email: 'nobody@example.com', password: 'right-password' },
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(errorOf(res)).toEqual({
        error: { code: 'unauthorized', message: 'Invalid email or password', details: [] },
        expired: true,
      });
    }
  });

  it('validates the login body with the contract texts (400 invalid_input with details)', async () => {
    const res = await call(server, 'POST', '/api/auth/login', { json: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    const { error } = errorOf(res);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Please enter a valid email address');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('validates the register body and creates nothing', async () => {
    const res = await call(server, 'POST', '/api/auth/register', {
      json: { name: '   ', email: 'new@example.com', password: '' },
    });
    expect(res.status).toBe(400);
    const { error } = errorOf(res);
    expect(error.code).toBe('invalid_input');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
    const rows = await server.services.db.select().from(users).where(eq(users.email, 'new@example.com'));
    expect(rows).toEqual([]);
  });

  it('answers 401 unauthorized with expired: true when the token is missing or malformed', async () => {
    const missing = await call(server, 'GET', '/api/auth/verify');
    const garbage = await call(server, 'GET', '/api/auth/verify', { token: 'not.a.jwt' });
    const wrongScheme = await call(server, 'GET', '/api/auth/verify', { headers: { Authorization: 'Basic abc' } });
    for (const res of [missing, garbage, wrongScheme]) {
      expect(res.status).toBe(401);
      const body = errorOf(res);
      expect(body.error.code).toBe('unauthorized');
      expect(body.expired).toBe(true);
    }
  });

  it('the seeded admin exists exactly once', async () => {
    const rows = await server.services.db.select().from(users).where(eq(users.isAdmin, true));
    expect(rows.map((u) => u.email)).toEqual([ADMIN_EMAIL]);
  });
});
