import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { errorOf, loginAdmin, type TestServer } from './helpers';
import { newCustomer, startOrdersServer } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';

/** SPEC §9: 100 requests per 5 minutes per key, exact, on the Node server over HTTP (time moved by the clock port). */
describe('the public API limit', () => {
  const clock = fixedClock(new Date('2026-06-01T10:00:00.000Z'));
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startOrdersServer({ clock });
    admin = (await loginAdmin(server)).token;
  });
  afterAll(() => server.stop());

  it('1,000 parallel calls on one key: exactly 100 answered, 900 refused 429 with Retry-After; another key unaffected; the window reopens', async () => {
    const a = await apiKeysOf(server, (await newCustomer(server, admin, 0)).token);
    const b = await apiKeysOf(server, (await newCustomer(server, admin, 0)).token);

    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => v1(server, 'GET', '/user', { key: a.apiKey })),
    );
    const ok = answers.filter((r) => r.status === 200);
    const limited = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(100);
    expect(limited).toHaveLength(900);
    for (const res of limited) {
      expect(errorOf(res).error.code).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBe(300);
      expect(res.headers.get('ratelimit')).toBe('"api-key";r=0;t=300');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    }
    // Every accepted answer announced the limit, and the remaining counts are exactly 99..0.
    const remaining = ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (const res of ok) {
      expect(res.headers.get('ratelimit-policy')).toBe('"api-key";q=100;w=300');
      expect(res.headers.get('x-ratelimit-limit')).toBe('100');
      expect(res.headers.get('x-ratelimit-reset')).toBe(String(Date.parse('2026-06-01T10:05:00.000Z') / 1000));
    }

    // Another customer's key, and the same customer's test key, have windows of their own.
    expect((await v1(server, 'GET', '/user', { key: b.apiKey })).status).toBe(200);
    expect((await v1(server, 'GET', '/user', { key: a.testKey })).status).toBe(200);

    // Still closed a second before the window ends, open at its end.
    clock.advance(299_000);
    const late = await v1(server, 'GET', '/user', { key: a.apiKey });
    expect(late.status).toBe(429);
    expect(late.headers.get('retry-after')).toBe('1');
    clock.advance(1_000);
    const reopened = await v1(server, 'GET', '/user', { key: a.apiKey });
    expect(reopened.status).toBe(200);
    expect(reopened.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('an error answer still counts and still carries the limit headers; regenerating does not reset the window', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const keys = await apiKeysOf(server, buyer.token);
    const missing = await v1(server, 'GET', '/orders/ord_nope', { key: keys.apiKey, template: '/orders/:order_id' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(missing.headers.get('ratelimit')).toMatch(/^"api-key";r=99;t=\d+$/);

    const res = await fetch(`${server.url}/api/user/api-key/regenerate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${buyer.token}` },
    });
    const fresh = (await res.json()) as { apiKey: string };
    const after = await v1(server, 'GET', '/user', { key: fresh.apiKey });
    expect(after.headers.get('x-ratelimit-remaining')).toBe('98');
  });
});
