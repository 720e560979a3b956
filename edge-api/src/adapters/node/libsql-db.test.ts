import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { openLibsqlDb } from './libsql-db';
import { tempDir } from './test-support';

describe('openLibsqlDb', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it('creates DATA_DIR/labeldesk.db in WAL mode with every table of the schema', async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const handle = await openLibsqlDb({ dataDir: `${dir}/nested/data` });
    try {
      expect(handle.path).toBe(`${dir}/nested/data/labeldesk.db`);
      const mode = await handle.client.execute('PRAGMA journal_mode');
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const busy = await handle.client.execute('PRAGMA busy_timeout');
      expect(Number(busy.rows[0]?.[0])).toBeGreaterThan(0);
      const tables = await handle.client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      expect(tables.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['addresses', 'app_settings', 'faqs', 'jobs', 'users']),
      );
    } finally {
      handle.close();
    }
  });

  it('applies migrations once: reopening keeps the data and the migration log', async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const first = await openLibsqlDb({ dataDir: dir });
    await first.db.insert(users).values({
      id: 'usr_1',
      name: 'A',
      email: 'a@example.com',
      passwordHash: 'x',
      createdAt: 'now',
      updatedAt: 'now',
    });
    const applied = await first.client.execute('SELECT count(*) AS n FROM __drizzle_migrations');
    first.close();

    const second = await openLibsqlDb({ dataDir: dir });
    try {
      const again = await second.client.execute('SELECT count(*) AS n FROM __drizzle_migrations');
      expect(again.rows[0]?.n).toBe(applied.rows[0]?.n);
      expect(await second.db.select().from(users)).toHaveLength(1);
    } finally {
      second.close();
    }
  });

  it('enforces the schema invariants: no negative balance, unique lower-case email, valid address type', async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const { db, close } = await openLibsqlDb({ dataDir: dir });
    try {
      const row = { name: 'A', passwordHash: 'x', createdAt: 'now', updatedAt: 'now' };
      await db.insert(users).values({ ...row, id: 'usr_1', email: 'a@example.com' });
      await expect(db.insert(users).values({ ...row, id: 'usr_2', email: 'a@example.com' })).rejects.toThrow();
      await expect(db.insert(users).values({ ...row, id: 'usr_3', email: 'B@example.com' })).rejects.toThrow();
      await expect(db.update(users).set({ balanceCents: -1 })).rejects.toThrow();
      await expect(
        db.run(
          sql`INSERT INTO addresses (id, user_id, name, street1, city, state, zip, phone, type, created_at, updated_at)
              VALUES ('adr_1', 'usr_1', 'n', 's', 'c', 's', 'z', 'p', 'billing', 'now', 'now')`,
        ),
      ).rejects.toThrow();
      // Foreign keys are on: an address for a missing user is refused.
      await expect(
        db.run(
          sql`INSERT INTO addresses (id, user_id, name, street1, city, state, zip, phone, type, created_at, updated_at)
              VALUES ('adr_2', 'usr_missing', 'n', 's', 'c', 's', 'z', 'p', 'sender', 'now', 'now')`,
        ),
      ).rejects.toThrow();
      const [user] = await db.select().from(users);
      expect(user?.balanceCents).toBe(0);
    } finally {
      close();
    }
  });
});
