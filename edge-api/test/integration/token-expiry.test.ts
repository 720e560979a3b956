import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { call, errorOf, JWT_SECRET, loginAdmin, startTestServer, type TestServer } from './helpers';

const secret = new TextEncoder().encode(JWT_SECRET);

describe('token expiry', () => {
  let server: TestServer;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer();
    userId = (await loginAdmin(server)).user._id;
  });
  afterAll(() => server.stop());

  async function tokenExpiringAt(exp: number): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(exp - 3600)
      .setExpirationTime(exp)
      .sign(secret);
  }

  it('answers 401 token_expired with expired: true for a correctly signed token whose exp has passed', async () => {
    const token = await tokenExpiringAt(Math.floor(Date.now() / 1000) - 60);
    for (const path of ['/api/auth/verify', '/api/auth/verify-admin', '/api/faqs', '/api/addresses']) {
      const res = await call(server, 'GET', path, { token });
      expect(res.status, path).toBe(401);
      expect(errorOf(res)).toEqual({
        error: { code: 'token_expired', message: 'Your session has expired. Please log in again.', details: [] },
        expired: true,
      });
    }
  });

  it('accepts a session token until its exp, then answers token_expired', async () => {
    const clock = fixedClock(new Date());
    const timed = await startTestServer({ jwtTtlSeconds: 120, clock });
    try {
      const { token } = await loginAdmin(timed);
      clock.advance(119_000);
      expect((await call(timed, 'GET', '/api/auth/verify-admin', { token })).status).toBe(200);
      clock.advance(1_000);
      const res = await call(timed, 'GET', '/api/auth/verify-admin', { token });
      expect(res.status).toBe(401);
      expect(errorOf(res).error.code).toBe('token_expired');
    } finally {
      await timed.stop();
    }
  });

  it('issues tokens that expire after the configured JWT_TTL_SECONDS', async () => {
    const short = await startTestServer({ jwtTtlSeconds: 120 });
    try {
      const { token } = await loginAdmin(short);
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(payload.exp - payload.iat).toBe(120);
    } finally {
      await short.stop();
    }
  });
});
