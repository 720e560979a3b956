import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { call, errorOf, JWT_SECRET, loginAdmin, register, startTestServer, type TestServer } from './helpers';

const secret = new TextEncoder().encode(JWT_SECRET);

describe('auth: security', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The one server of the suite that hashes at full strength (the others use TEST_FAST_PASSWORD_HASHING).
    server = await startTestServer({ testFastPasswordHashing: false });
  });
  afterAll(() => server.stop());

  it('refuses to start with cheap test password hashing outside a test run (NODE_ENV other than test)', async () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(startTestServer({ testFastPasswordHashing: true })).rejects.toThrow(
        'TEST_FAST_PASSWORD_HASHING is for test suites only',
      );
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });

  it('never lets a registration create an admin', async () => {
    const res = await call(server, 'POST', '/api/auth/register', {
      json: { name: 'Mallory', email: 'mallory@example.com', password: 'pw-12345', isAdmin: true },
    });
    expect(res.status).toBe(201);
    const [row] = await server.services.db.select().from(users).where(eq(users.email, 'mallory@example.com'));
    expect(row?.isAdmin).toBe(false);
    const verifyAdmin = await call(server, 'GET', '/api/auth/verify-admin', {
      token: (res.body as { token: string }).token,
    });
    expect(verifyAdmin.status).toBe(403);
    expect(errorOf(verifyAdmin).error).toEqual({ code: 'forbidden', message: 'Admin access required', details: [] });
  });

  it('stores passwords as Argon2id PHC strings with the OWASP parameters, salted per user', async () => {
    await register(server, { name: 'One', email: 'one@example.com', password: 'same password' });
    await register(server, { name: 'Two', email: 'two@example.com', password: 'same password' });
    const rows = await server.services.db.select().from(users);
    const one = rows.find((u) => u.email === 'one@example.com');
    const two = rows.find((u) => u.email === 'two@example.com');
    expect(one?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(one?.passwordHash).not.toBe(two?.passwordHash);
  });

  it('refuses tokens signed with another secret, with alg none, or for a user that no longer exists', async () => {
    const user = await register(server, { name: 'Victim', email: 'victim@example.com', password: 'pw-12345' });
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.user._id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('some-other-secret-of-at-least-32-bytes!!'));
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.user._id, exp: now + 3600 })}.`;
    const [header, , signature] = user.token.split('.');
    const tampered = `${header}.${b64({ sub: 'usr_someone_else', exp: now + 3600 })}.${signature}`;

    for (const token of [forged, algNone, tampered]) {
      const res = await call(server, 'GET', '/api/auth/verify', { token });
      expect(res.status).toBe(401);
      expect(errorOf(res)).toMatchObject({ error: { code: 'unauthorized' }, expired: true });
    }

    // A token of an account that has since been deleted stops working at once.
    const ghost = await register(server, { name: 'Ghost', email: 'ghost@example.com', password: 'pw-12345' });
    expect((await call(server, 'GET', '/api/auth/verify', { token: ghost.token })).status).toBe(200);
    await server.services.db.delete(users).where(eq(users.id, ghost.user._id));
    const res = await call(server, 'GET', '/api/auth/verify', { token: ghost.token });
    expect(res.status).toBe(401);
    expect(errorOf(res)).toMatchObject({ error: { code: 'token_expired' }, expired: true });

    // A correctly signed token from before tokens named their session (no jti) cannot be revoked: refused as expired.
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.user._id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(secret);
    const legacyRes = await call(server, 'GET', '/api/auth/verify', { token: legacy });
    expect(legacyRes.status).toBe(401);
    expect(errorOf(legacyRes)).toEqual({
      error: { code: 'token_expired', message: 'Your session has expired. Please log in again.', details: [] },
      expired: true,
    });
  });

  it('re-reads the user on every request: a revoked admin loses admin access immediately', async () => {
    const admin = await loginAdmin(server);
    expect((await call(server, 'GET', '/api/admin/faqs', { token: admin.token })).status).toBe(200);
    await server.services.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user._id));
    try {
      const res = await call(server, 'GET', '/api/admin/faqs', { token: admin.token });
      expect(res.status).toBe(403);
      expect((await call(server, 'GET', '/api/auth/verify-admin', { token: admin.token })).status).toBe(403);
    } finally {
      await server.services.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user._id));
    }
  });
});
