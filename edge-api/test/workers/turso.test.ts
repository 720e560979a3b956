import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { AuthResponse, HealthResponse } from '@labeldesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { libsqlWebDb } from '../../src/adapters/workers/libsql-web-db';
import { users } from '../../src/db/schema';
import deployed from '../../src/entries/worker/index';
import { batch } from '../../src/ports/database';

/**
 * TURSO_URL set: the Worker uses drizzle-orm/libsql/web + @libsql/client/web instead of D1. The server is a local
 * Hrana-over-HTTP endpoint over a migrated libSQL file (test/workers/node/global-setup.ts), reached with workerd's
 * fetch, so this runs the exact client code a deployed Worker would use against Turso.
 */
const tursoUrl = inject('tursoUrl');
const tursoAuthToken = inject('tursoAuthToken');
const tursoEnv = { ...env, TURSO_URL: tursoUrl, TURSO_AUTH_TOKEN: tursoAuthToken } as unknown as Env;

async function fetchWorker(path: string, body?: unknown): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await deployed.fetch(
    new Request(`https://api.labeldesk.test${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.200' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    tursoEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const userRow = (email: string) => ({
  id: `usr_turso_${email.split('@')[0]}`,
  name: email,
  email,
  passwordHash: 'x',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

describe('Turso (libSQL over HTTP) from inside workerd', () => {
  const db = libsqlWebDb(tursoUrl, tursoAuthToken);

  it('reads and writes through drizzle, and a failing batch changes nothing', async () => {
    expect(await db.get<{ ok: number }>(sql`select 1 as ok`)).toEqual({ ok: 1 });
    await batch(db, [
      db.insert(users).values(userRow('t1@example.com')),
      db.insert(users).values(userRow('t2@example.com')),
    ]);
    const rows = await db.select({ email: users.email }).from(users).where(eq(users.name, 't1@example.com'));
    expect(rows).toEqual([{ email: 't1@example.com' }]);

    // The second statement breaks the non-negative balance CHECK: the first one is rolled back with it.
    await expect(
      batch(db, [
        db.insert(users).values(userRow('t3@example.com')),
        db.update(users).set({ balanceCents: -1 }).where(eq(users.email, 't1@example.com')),
      ]),
    ).rejects.toThrow(/CHECK constraint failed/);
    expect(await db.select().from(users).where(eq(users.email, 't3@example.com'))).toEqual([]);
    const [t1] = await db
      .select({ balanceCents: users.balanceCents })
      .from(users)
      .where(eq(users.email, 't1@example.com'));
    expect(t1?.balanceCents).toBe(0);
  });

  it('with TURSO_URL set, the deployed Worker registers and logs in against Turso, not D1', async () => {
    const health = await fetchWorker('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json<HealthResponse>()).toMatchObject({ runtime: 'workers', database: 'ok' });

    const reg = await fetchWorker('/api/auth/register', {
      name: 'Turso User',
      email: 'turso@example.com',
      password: 'libsql-over-http',
    });
    expect(reg.status).toBe(201);
    const { user } = await reg.json<AuthResponse>();

    const [row] = await db.select().from(users).where(eq(users.email, 'turso@example.com'));
    expect(row?.id).toBe(user._id);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await env.DB.prepare('SELECT 1 FROM users WHERE email = ?').bind('turso@example.com').first()).toBeNull();

    const login = await fetchWorker('/api/auth/login', { email: 'turso@example.com', password: 'libsql-over-http' });
    expect(login.status).toBe(200);
    expect((await login.json<AuthResponse>()).user._id).toBe(user._id);
  });

  it('refuses a TURSO_URL that is not a libSQL/HTTP URL', async () => {
    const ctx = createExecutionContext();
    const res = await deployed.fetch(
      new Request('https://api.labeldesk.test/api/health'),
      { ...env, TURSO_URL: 'file:/tmp/x.db' } as unknown as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
  });
});
