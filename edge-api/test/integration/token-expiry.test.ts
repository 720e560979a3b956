import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('accepts the same token shape while exp is still ahead', async () => {
    const token = await tokenExpiringAt(Math.floor(Date.now() / 1000) + 60);
    const res = await call(server, 'GET', '/api/auth/verify-admin', { token });
    expect(res.status).toBe(200);
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
