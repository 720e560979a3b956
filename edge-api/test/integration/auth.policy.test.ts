import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { call, errorOf, login, startTestServer, type TestServer } from './helpers';

const TOO_SHORT = 'Password must be at least 8 characters';
const TOO_LONG = 'Password must be at most 128 characters';
const IS_EMAIL = 'Password must not be your email address or the part of it before the @';
const COMMON = 'This password is one of the 10,000 most common passwords. Please choose a less common one.';

/** Password policy (OWASP ASVS 5.0 V6.2) on registration, over HTTP; logging in holds old passwords to none of it. */
describe('auth: password policy', () => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    // Every registration from an address of its own: registration is throttled per address (5 per 10 minutes).
    server = await startTestServer({ trustProxy: 1 });
  });
  afterAll(() => server.stop());

  function registerAs(email: string, password: string) {
    n += 1;
    return call(server, 'POST', '/api/auth/register', {
      json: { name: 'Grace Hopper', email, password },
      headers: { 'X-Forwarded-For': `198.51.100.${n}` },
    });
  }

  async function accountsWith(email: string): Promise<number> {
    const [row] = await server.services.db.select({ n: count() }).from(users).where(eq(users.email, email));
    return row?.n ?? 0;
  }

  it('refuses a password shorter than 8 characters (counted as characters, not bytes) and creates nothing', async () => {
    for (const password of ['7-chars', '😀😀😀😀😀😀😀']) {
      const res = await registerAs('short@example.com', password);
      expect(res.status, password).toBe(400);
      expect(errorOf(res).error).toEqual({
        code: 'invalid_input',
        message: TOO_SHORT,
        details: [{ path: 'password', message: TOO_SHORT }],
      });
    }
    expect(await accountsWith('short@example.com')).toBe(0);
    // Eight emoji are eight characters (16 UTF-16 units, 32 bytes): accepted.
    expect((await registerAs('short@example.com', '😀😀😀😀😀😀😀😀')).status).toBe(201);
  });

  it('refuses the 10,000 most common passwords, whatever their case', async () => {
    for (const password of ['password123', 'PassWord123', 'qwertyuiop', 'iloveyou1', 'baseball']) {
      const res = await registerAs('common@example.com', password);
      expect(res.status, password).toBe(400);
      expect(errorOf(res).error).toEqual({
        code: 'invalid_input',
        message: COMMON,
        details: [{ path: 'password', message: COMMON }],
      });
    }
    expect(await accountsWith('common@example.com')).toBe(0);
  });

  it('refuses the email address itself and the part before the @, case-insensitively', async () => {
    for (const password of ['grace.hopper@example.com', 'Grace.Hopper@Example.COM', 'GRACE.HOPPER']) {
      const res = await registerAs('Grace.Hopper@example.com', password);
      expect(res.status, password).toBe(400);
      expect(errorOf(res).error).toEqual({
        code: 'invalid_input',
        message: IS_EMAIL,
        details: [{ path: 'password', message: IS_EMAIL }],
      });
    }
    expect(await accountsWith('grace.hopper@example.com')).toBe(0);
  });

  it('accepts a 64-character passphrase with no composition rules, and logs in with it', async () => {
    const passphrase = 'correct horse battery staple and a long walk along the sea shore';
    expect(passphrase).toHaveLength(64);
    const res = await registerAs('passphrase@example.com', passphrase);
    expect(res.status, res.text).toBe(201);
    expect((await login(server, 'passphrase@example.com', passphrase)).user.email).toBe('passphrase@example.com');
    // All lower-case letters, no digit, no symbol: no composition rule refuses it.
    expect((await registerAs('letters@example.com', 'lowercaseonlyletters')).status).toBe(201);
  });

  it('refuses more than 128 characters (a bound on what the server hashes), and accepts exactly 128', async () => {
    const res = await registerAs('long@example.com', `${'a1'.repeat(64)}x`);
    expect(res.status).toBe(400);
    expect(errorOf(res).error.message).toBe(TOO_LONG);
    expect((await registerAs('long@example.com', 'a1'.repeat(64))).status).toBe(201);
  });

  it('still logs in an account made before the policy with a password it would now refuse', async () => {
    const now = new Date().toISOString();
    await server.services.db.insert(users).values({
      id: 'usr_01h0000000000000000000old1',
      name: 'Old Timer',
      email: 'old@example.com',
      passwordHash: await hashPassword('pw'),
      createdAt: now,
      updatedAt: now,
    });
    const res = await call(server, 'POST', '/api/auth/login', { json: { email: 'old@example.com', password: 'pw' } });
    expect(res.status, res.text).toBe(200);
  });
});
