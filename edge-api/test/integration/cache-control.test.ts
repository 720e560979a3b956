import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, register, startTestServer, type TestServer } from './helpers';

/**
 * Every API answer about someone's account (and every error) carries `Cache-Control: no-store`: nothing a signed-in
 * user saw may be kept by the browser cache, a shared proxy or the back/forward cache after logout.
 */
describe('API answers are never stored by caches', () => {
  let server: TestServer;
  let customer: string;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    customer = (await register(server, { name: 'C', email: 'cache@example.com', password: 'a-long-passphrase-77' }))
      .token;
    admin = (await loginAdmin(server)).token;
  });
  afterAll(() => server.stop());

  const cases: Array<[string, string, 'customer' | 'admin' | 'none' | 'bad', number]> = [
    ['GET', '/api/balance', 'customer', 200],
    ['GET', '/api/balance/transactions', 'customer', 200],
    ['GET', '/api/addresses', 'customer', 200],
    ['GET', '/api/orders', 'customer', 200],
    ['GET', '/api/auth/verify', 'customer', 200],
    ['GET', '/api/admin/users', 'admin', 200],
    ['GET', '/api/admin/users', 'customer', 403],
    ['GET', '/api/orders/ord_doesnotexist', 'customer', 404],
    ['GET', '/api/no-such-route', 'customer', 404],
    ['GET', '/api/balance', 'none', 401],
    ['GET', '/api/balance', 'bad', 401],
  ];
  for (const [method, path, who, status] of cases) {
    it(`${method} ${path} as ${who} → ${status} with Cache-Control: no-store`, async () => {
      const token = who === 'customer' ? customer : who === 'admin' ? admin : who === 'bad' ? 'not.a.token' : undefined;
      const res = await call(server, method, path, { token });
      expect(res.status).toBe(status);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  }

  it('the login answer (it carries the session token) is not stored either', async () => {
    const res = await call(server, 'POST', '/api/auth/login', {
      json: { email: 'cache@example.com', password: 'a-long-passphrase-77' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
