import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { immediateWriteBatches, openLibsqlDb } from './libsql-db';
import { tempDir } from './test-support';
import { SELF_CHECKPOINT_PAGES } from './wal-checkpointer';

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
      // Its log is checkpointed by a thread of its own; the connection only past SELF_CHECKPOINT_PAGES.
      const selfCheckpoint = await handle.client.execute('PRAGMA wal_autocheckpoint');
      expect(Number(selfCheckpoint.rows[0]?.[0])).toBe(SELF_CHECKPOINT_PAGES);
      const busy = await handle.client.execute('PRAGMA busy_timeout');
      expect(Number(busy.rows[0]?.[0])).toBeGreaterThan(0);
      const tables = await handle.client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      expect(tables.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['addresses', 'app_settings', 'faqs', 'jobs', 'users']),
      );
    } finally {
      await handle.close();
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
    await first.close();

    const second = await openLibsqlDb({ dataDir: dir });
    try {
      const again = await second.client.execute('SELECT count(*) AS n FROM __drizzle_migrations');
      expect(again.rows[0]?.n).toBe(applied.rows[0]?.n);
      expect(await second.db.select().from(users)).toHaveLength(1);
    } finally {
      await second.close();
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
      await close();
    }
  });

  // @libsql/client is patched (patches/) to reuse prepared statements: one SQL text must act as if prepared anew.
  it('runs one statement many times with other arguments, after a failure, and after the schema changed', async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const { client, close } = await openLibsqlDb({ dataDir: dir });
    try {
      await client.execute('CREATE TABLE scratch (id INTEGER PRIMARY KEY, n INTEGER NOT NULL CHECK (n >= 0))');
      const insert = 'INSERT INTO scratch (id, n) VALUES (?, ?) RETURNING id, n';
      const select = 'SELECT id, n FROM scratch WHERE n >= ? ORDER BY id';
      for (let i = 1; i <= 5; i++) {
        expect((await client.execute({ sql: insert, args: [i, i * 10] })).rows[0]).toMatchObject({ id: i, n: i * 10 });
      }
      expect((await client.execute({ sql: select, args: [30] })).rows.map((r) => r.id)).toEqual([3, 4, 5]);
      // A failed run (CHECK) leaves the statement usable, and nothing of it written.
      await expect(client.execute({ sql: insert, args: [6, -1] })).rejects.toThrow(/CHECK/);
      await expect(
        client.batch([
          { sql: insert, args: [7, 70] },
          { sql: insert, args: [8, -1] },
        ]),
      ).rejects.toThrow();
      expect((await client.execute({ sql: insert, args: [9, 90] })).rows[0]).toMatchObject({ id: 9, n: 90 });
      expect((await client.execute({ sql: select, args: [0] })).rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 9]);
      // The result's column list is the caller's own.
      const first = await client.execute({ sql: select, args: [0] });
      first.columns.push('changed');
      expect((await client.execute({ sql: select, args: [0] })).columns).toEqual(['id', 'n']);
      // A new column: the same text answers with the new shape.
      await client.execute('ALTER TABLE scratch ADD COLUMN label TEXT');
      await client.execute({ sql: 'UPDATE scratch SET label = ? WHERE id = ?', args: ['nine', 9] });
      const star = 'SELECT * FROM scratch WHERE id = ?';
      expect((await client.execute({ sql: star, args: [9] })).rows[0]).toMatchObject({ id: 9, n: 90, label: 'nine' });
      await client.execute('ALTER TABLE scratch RENAME COLUMN label TO tag');
      const renamed = await client.execute({ sql: star, args: [9] });
      expect(renamed.columns).toEqual(['id', 'n', 'tag']);
      expect(renamed.rows[0]).toMatchObject({ tag: 'nine' });
    } finally {
      await close();
    }
  });

  it('a batch that writes begins IMMEDIATE; one that only reads DEFERRED, and never waits for another writer', async () => {
    const modes: unknown[] = [];
    const batch = immediateWriteBatches(async (_stmts, mode) => {
      modes.push(mode);
      return [];
    });
    await batch(['SELECT 1', { sql: ' select 2', args: [] }]);
    await batch([{ sql: 'SELECT 1', args: [] }, 'UPDATE users SET name = name']);
    await batch(['INSERT INTO faqs DEFAULT VALUES']);
    await batch(['SELECT 1'], 'write');
    expect(modes).toEqual(['deferred', 'write', 'write', 'write']);

    // Two connections to one file, as the server and its job thread hold: while the other holds the write lock, a
    // read-only batch answers at once from its snapshot, and a writing one is refused at BEGIN (it would wait up to
    // the busy timeout), before it has read anything it could then write over.
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const server = await openLibsqlDb({ dataDir: dir, busyTimeoutMs: 50 });
    const jobs = await openLibsqlDb({ dataDir: dir, secondary: true });
    try {
      // The job thread's connection leaves the log to the server's checkpointer thread, as the server's own does.
      const selfCheckpoint = await jobs.client.execute('PRAGMA wal_autocheckpoint');
      expect(Number(selfCheckpoint.rows[0]?.[0])).toBe(SELF_CHECKPOINT_PAGES);
      const writer = await jobs.client.transaction('write');
      await writer.execute("DELETE FROM faqs WHERE id = 'none'");
      const read = await server.client.batch(['SELECT COUNT(*) AS n FROM users', 'SELECT COUNT(*) AS n FROM faqs']);
      expect(read.map((r) => Number(r.rows[0]?.n))).toEqual([0, 0]);
      const write = server.client.batch(['SELECT COUNT(*) FROM users', "DELETE FROM faqs WHERE id = 'none'"]);
      await expect(write).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
      await expect(write).rejects.not.toHaveProperty('statementIndex');
      await writer.rollback();
      await server.client.batch(['SELECT COUNT(*) FROM users', "DELETE FROM faqs WHERE id = 'none'"]);
    } finally {
      await jobs.close();
      await server.close();
    }
  });
});
