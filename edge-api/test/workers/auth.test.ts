import { env } from 'cloudflare:workers';
import type { AuthResponse, ErrorBody, VerifyResponse } from '@labeldesk/contracts';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { call, freshIp, json, register, TEST_JWT_SECRET } from './support/http';

interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  is_admin: number;
  balance_cents: number;
}

const userRow = (email: string) =>
  env.DB.prepare('SELECT id, email, name, password_hash, is_admin, balance_cents FROM users WHERE email = ?')
    .bind(email)
    .first<UserRow>();

describe('auth through the Worker (Argon2id + jose inside workerd, D1 storage)', () => {
  it('registers: the account lands in D1 with an Argon2id hash, and the token is a valid HS256 session', async () => {
    const res = await call('/api/auth/register', {
      body: { name: 'Ada Lovelace', email: '  Ada@Example.COM ', password: 'correct horse battery staple' },
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
    const body = await json<AuthResponse>(res);
    expect(body.message).toBe('Registration successful');
    expect(body.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', balance: 0, isAdmin: false });
    expect(body.user._id).toMatch(/^usr_[0-9a-z]{26}$/);

    const row = await userRow('ada@example.com');
    expect(row).toMatchObject({ id: body.user._id, name: 'Ada Lovelace', is_admin: 0, balance_cents: 0 });
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(row?.password_hash).not.toContain('correct horse');

    expect(decodeProtectedHeader(body.token).alg).toBe('HS256');
    const { payload } = await jwtVerify(body.token, new TextEncoder().encode(TEST_JWT_SECRET));
    expect(payload.sub).toBe(body.user._id);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(Number(env.JWT_TTL_SECONDS));

    const verified = await call('/api/auth/verify', { token: body.token });
    expect(verified.status).toBe(200);
    expect(await json<VerifyResponse>(verified)).toMatchObject({ valid: true, expired: false, user: body.user });
  });

  it('logs in with the right password only, and refuses a second account on the same email', async () => {
    const { user } = await register('Grace Hopper', 'grace@example.com', 'cobol-1959!');

    const ok = await call('/api/auth/login', { body: { email: 'GRACE@example.com', password: 'cobol-1959!' } });
    expect(ok.status).toBe(200);
    const session = await json<AuthResponse>(ok);
    expect(session.user._id).toBe(user._id);
    expect((await call('/api/auth/verify', { token: session.token })).status).toBe(200);

    const wrong = await call('/api/auth/login', { body: { email: 'grace@example.com', password: 'cobol-1960!' } });
    expect(wrong.status).toBe(401);
    expect((await json<ErrorBody>(wrong)).error).toMatchObject({
      code: 'unauthorized',
      message: 'Invalid email or password',
    });
    const unknown = await call('/api/auth/login', { body: { email: 'nobody@example.com', password: 'cobol-1959!' } });
    expect(unknown.status).toBe(401);

    const dup = await call('/api/auth/register', {
      body: { name: 'Grace Again', email: 'grace@example.com', password: 'another-password-1' },
      ip: freshIp(),
    });
    expect(dup.status).toBe(409);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?')
      .bind('grace@example.com')
      .first<{ n: number }>();
    expect(count?.n).toBe(1);

    // A token signed with another key is refused.
    const forged = `${session.token.slice(0, session.token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    const refused = await call('/api/auth/verify', { token: forged });
    expect(refused.status).toBe(401);
    expect((await json<ErrorBody>(refused)).expired).toBe(true);
  });

  it('throttles login per IP and email through the RateLimiter Durable Object: 429 with Retry-After', async () => {
    await register('Linus T', 'linus@example.com', 'penguin-power');
    const ip = '192.0.2.77';
    // The account's own progressive delay (after 5 failures, from any address) is forgotten after each attempt here,
    // as if waited out, so that this test sees the per-IP+email window alone.
    const attempt = async (password: string, from = ip) => {
      const res = await call('/api/auth/login', { body: { email: 'linus@example.com', password }, ip: from });
      await env.DB.prepare(
        "UPDATE users SET failed_logins = 0, login_retry_at = NULL WHERE email = 'linus@example.com'",
      ).run();
      return res;
    };

    // Windows are epoch-aligned minutes and 11 Argon2id logins take 10+ s on a busy machine: start at the beginning
    // of a window when less than 40 s of this one are left, so the sequence never straddles two windows.
    const leftMs = 60_000 - (Date.now() % 60_000);
    if (leftMs < 40_000) await new Promise((r) => setTimeout(r, leftMs + 50));
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}`)).status).toBe(401);
    const blocked = await attempt('guess-10');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await json<ErrorBody>(blocked)).error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again later.',
    });
    // Even the right password is refused while the window lasts...
    expect((await attempt('penguin-power')).status).toBe(429);
    // ...but another client is not affected.
    expect((await attempt('penguin-power', '192.0.2.78')).status).toBe(200);

    // The counter lives in the Durable Object named by the key.
    const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`login:ip-email:${ip}:linus@example.com`));
    const again = await stub.limit({ key: `login:ip-email:${ip}:linus@example.com`, limit: 10, windowMs: 60_000 });
    expect(again.success).toBe(false);
  }, 120_000);

  it('keeps sessions in D1: logout revokes the token, and the account delay holds across addresses', async () => {
    const { token } = await register('Barbara L', 'barbara@example.com', 'liskov-substitution');
    expect((await call('/api/auth/verify', { token })).status).toBe(200);
    const out = await call('/api/auth/logout', { token, method: 'POST' });
    expect(out.status).toBe(200);
    const after = await call('/api/auth/verify', { token });
    expect(after.status).toBe(401);
    expect(await json<ErrorBody>(after)).toMatchObject({ error: { code: 'token_expired' }, expired: true });
    const row = await env.DB.prepare(
      'SELECT revoked_at FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?)',
    )
      .bind('barbara@example.com')
      .first<{ revoked_at: string | null }>();
    expect(row?.revoked_at).toBeTruthy();

    // Real time here: each checked guess itself takes a moment (Argon2id), which can outlast the first short waits
    // (1 s, 2 s, 4 s, ...), and the refused guesses take a moment too; the doubling wait soon outlasts both, and then a
    // guess from yet another address is refused unchecked. (Which guess that is depends on the machine's load: on a
    // loaded machine a guess can land just after a wait ran out, so the test looks for the refusal, not at one index.)
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await call('/api/auth/login', {
        body: { email: 'barbara@example.com', password: `guess-${i}` },
        ip: freshIp(),
      });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    // The first five are free and the sixth starts the wait (1 s): all six are checked and wrong.
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(401));
    expect(statuses.at(-1)).toBe(429);
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });
});
