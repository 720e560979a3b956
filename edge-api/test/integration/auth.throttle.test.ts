import { AuthResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { call, errorOf, register, startTestServer, type TestServer } from './helpers';

const THROTTLED = {
  code: 'rate_limited',
  message: 'Too many failed logins for this account. Please try again later.',
  details: [],
};

/**
 * Login throttling per account, across addresses: behind a trusted proxy (TRUST_PROXY=1) every attempt comes from an
 * X-Forwarded-For address of its own, so the per-IP limits never apply and only the account's progressive delay can
 * slow a guesser down. The server's clock is a test clock, so the delays are waited out without sleeping.
 */
describe('auth: per-account login throttle', () => {
  const clock = fixedClock(new Date('2026-06-01T12:00:00.000Z'));
  let server: TestServer;
  let address = 0;
  const nextAddress = () => {
    address += 1;
    return `203.0.${Math.floor(address / 250)}.${(address % 250) + 1}`;
  };

  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1, clock });
  });
  afterAll(() => server.stop());

  function attempt(email: string, password: string) {
    return call(server, 'POST', '/api/auth/login', {
      json: { email, password },
      headers: { 'X-Forwarded-For': nextAddress() },
    });
  }

  async function newAccount(name: string) {
    const email = `${name}@example.com`;
    const password = `${name}-secret-phrase`;
    await register(server, { name, email, password }, { 'X-Forwarded-For': nextAddress() });
    return { email, password };
  }

  it('slows 40 wrong passwords from 40 addresses down; the owner logs in after the wait; others are unaffected', async () => {
    const victim = await newAccount('victim');
    const bystander = await newAccount('bystander');

    const statuses: number[] = [];
    let lastRefusal: Awaited<ReturnType<typeof attempt>> | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await attempt(victim.email, `guess-number-${i}`);
      statuses.push(res.status);
      if (res.status === 429) lastRefusal = res;
    }
    // Five attempts go through at once, the sixth too (it starts the 1 s wait); the other 34 are refused unchecked.
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(401));
    expect(statuses.slice(6)).toEqual(Array(34).fill(429));
    expect(lastRefusal && errorOf(lastRefusal).error).toEqual(THROTTLED);
    expect(lastRefusal?.headers.get('retry-after')).toBe('1');

    // The owner, from an address that never failed, is held to the same wait: no password is checked during it.
    const early = await attempt(victim.email, victim.password);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');

    // Another account is not slowed down at all.
    const other = await attempt(bystander.email, bystander.password);
    expect(other.status, other.text).toBe(200);

    // After the wait, the right password logs the owner in (no lockout) ...
    clock.advance(1000);
    const owner = await attempt(victim.email, victim.password);
    expect(owner.status, owner.text).toBe(200);
    const session = AuthResponse.parse(owner.body);
    expect((await call(server, 'GET', '/api/auth/verify', { token: session.token })).status).toBe(200);

    // ... and a success starts the count again: five more mistakes go through at once.
    for (let i = 0; i < 5; i++) expect((await attempt(victim.email, `typo-${i}`)).status).toBe(401);
  });

  it('doubles the wait with every further wrong password, up to 15 minutes', async () => {
    const account = await newAccount('doubling');
    for (let i = 0; i < 6; i++) expect((await attempt(account.email, `wrong-${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const refused = await attempt(account.email, `wrong-again-${i}`);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      // Refused attempts do not lengthen the wait: the same answer again.
      expect((await attempt(account.email, 'still-wrong')).headers.get('retry-after')).toBe(String(wait));
      clock.advance(wait * 1000);
      expect((await attempt(account.email, `wrong-after-wait-${i}`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);

    // The owner still gets in once the (capped) wait is over.
    const refused = await attempt(account.email, account.password);
    expect(refused.status).toBe(429);
    clock.advance(900 * 1000);
    expect((await attempt(account.email, account.password)).status).toBe(200);
  });

  it('lets at most six of 40 simultaneous guesses be checked', async () => {
    const account = await newAccount('burst');
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(account.email, `burst-${i}`)));
    const checked = results.filter((r) => r.status === 401).length;
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(6);
  });
});
