import { afterEach, describe, expect, it } from 'vitest';
import { accountLoginDelayMs } from '../../src/lib/throttle';
import { fixedClock } from '../../src/ports/clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, errorOf, startTestServer, type TestServer } from './helpers';

const RATE_LIMITED = { code: 'rate_limited', message: 'Too many attempts. Please try again later.', details: [] };

describe('rate limiting of login and register', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('answers 429 with Retry-After once one email is hammered from one IP, even with the right password', async () => {
    // The account's own progressive delay (auth.throttle.test.ts) is waited out between attempts, as a patient
    // attacker would: the per-IP+email window (10 a minute) is what refuses the 11th.
    const clock = fixedClock(new Date());
    server = await startTestServer({ clock });
    const attempts = [];
    for (let i = 0; i < 10; i++) {
      attempts.push(await call(server, 'POST', '/api/auth/login', { json: { email: ADMIN_EMAIL, password: `x${i}` } }));
      clock.advance(accountLoginDelayMs(i + 1));
    }
    expect(attempts.map((r) => r.status)).toEqual(Array(10).fill(401));

    const blocked = await call(server, 'POST', '/api/auth/login', {
      json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked).error).toEqual(RATE_LIMITED);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another email from the same IP is still allowed (the per-IP budget is larger).
    const other = await call(server, 'POST', '/api/auth/login', { json: { email: 'x@example.com', password: 'x' } });
    expect(other.status).toBe(401);
  });

  it('caps logins per IP across many emails, and a spoofed X-Forwarded-For does not reset it', async () => {
    server = await startTestServer();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(server, 'POST', '/api/auth/login', {
        json: { email: `user${i}@example.com`, password: 'x' },
        headers: { 'X-Forwarded-For': `198.51.100.${i}`, 'CF-Connecting-IP': `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    // 30 Argon2id checks (~0.3 s each, several times that on a machine busy with other suites).
  }, 90_000);

  it('throttles registrations per IP (5 per 10 minutes) and creates nothing when throttled', async () => {
    server = await startTestServer();
    for (let i = 0; i < 5; i++) {
      const res = await call(server, 'POST', '/api/auth/register', {
        json: { name: `U${i}`, email: `u${i}@example.com`, password: 'pw-12345' },
      });
      expect(res.status).toBe(201);
    }
    const blocked = await call(server, 'POST', '/api/auth/register', {
      json: { name: 'U5', email: 'u5@example.com', password: 'pw-12345' },
    });
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked).error).toEqual(RATE_LIMITED);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
    const login = await call(server, 'POST', '/api/auth/login', {
      json: { email: 'u5@example.com', password: 'pw-12345' },
    });
    expect(login.status).toBe(401);
  });

  it('behind a trusted proxy (TRUST_PROXY=1) tells clients apart by the forwarded address', async () => {
    const clock = fixedClock(new Date());
    server = await startTestServer({ trustProxy: 1, clock });
    for (let i = 0; i < 10; i++) {
      const res = await call(server, 'POST', '/api/auth/login', {
        json: { email: ADMIN_EMAIL, password: 'wrong' },
        headers: { 'X-Forwarded-For': '198.51.100.7' },
      });
      expect(res.status).toBe(401);
      clock.advance(accountLoginDelayMs(i + 1)); // the account's own delay, waited out
    }
    const sameClient = await call(server, 'POST', '/api/auth/login', {
      json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { 'X-Forwarded-For': '198.51.100.7' },
    });
    expect(sameClient.status).toBe(429);
    // The proxy appends the real client last; a forged first entry does not matter.
    const otherClient = await call(server, 'POST', '/api/auth/login', {
      json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { 'X-Forwarded-For': '198.51.100.7, 192.0.2.44' },
    });
    expect(otherClient.status).toBe(200);
  });
});
