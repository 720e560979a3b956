import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { VerifyResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  login,
  loginAdmin,
  register,
  startTestServer,
  type TestServer,
} from './helpers';

describe('auth: happy paths', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('registers a customer and answers a token, the user and a message', async () => {
    const res = await register(server, { name: '  Ada Lovelace ', email: 'Ada@Example.com', password: 'pw-12345' });
    expect(res.message).toBe('Registration successful');
    expect(res.token.split('.')).toHaveLength(3);
    expect(res.user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      isAdmin: false,
      balance: 0,
      totalSpend: 0,
      address: null,
      country: null,
    });
    expect(res.user._id).toMatch(/^usr_[0-9a-z]{26}$/);
    expect(Number.isNaN(Date.parse(res.user.createdAt))).toBe(false);
    expect(JSON.stringify(res)).not.toMatch(/argon2|password/i);

    // The token works right away.
    const verify = await call(server, 'GET', '/api/auth/verify', { token: res.token });
    expect(verify.status).toBe(200);
    expect(VerifyResponse.parse(verify.body)).toEqual({
      valid: true,
      expired: false,
      user: res.user,
      message: 'Token is valid',
    });
  });

  it('logs in with the email in any case and surrounding spaces', async () => {
    await register(server, { name: 'Grace', email: 'grace@example.com', password: 'correct horse' });
    const res = await login(server, '  GRACE@Example.COM ', 'correct horse');
    expect(res.message).toBe('Login successful');
    expect(res.user.email).toBe('grace@example.com');
    const verify = await call(server, 'GET', '/api/auth/verify', { token: res.token });
    expect(VerifyResponse.parse(verify.body).user?._id).toBe(res.user._id);
  });

  it('seeds the configured admin, who passes verify-admin', async () => {
    const admin = await loginAdmin(server);
    expect(admin.user).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
    const res = await call(server, 'GET', '/api/auth/verify-admin', { token: admin.token });
    expect(res.status).toBe(200);
    expect(VerifyResponse.parse(res.body)).toMatchObject({
      valid: true,
      expired: false,
      message: 'Admin access verified',
      user: { isAdmin: true, email: ADMIN_EMAIL },
    });
  });

  it('keeps sessions valid across a restart when the JWT secret was generated into DATA_DIR', async () => {
    const first = await startTestServer({ jwtSecret: undefined });
    const secretPath = join(first.dataDir, 'jwt-secret');
    let token: string;
    try {
      token = (await login(first, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
      expect((await stat(secretPath)).mode & 0o777).toBe(0o600);
      await first.close();
      const second = await startTestServer({ jwtSecret: undefined, dataDir: first.dataDir });
      try {
        const res = await call(second, 'GET', '/api/auth/verify', { token });
        expect(res.status).toBe(200);
        expect(VerifyResponse.parse(res.body).user?.email).toBe(ADMIN_EMAIL);
      } finally {
        await second.close();
      }
    } finally {
      await first.stop();
    }
  });
});
