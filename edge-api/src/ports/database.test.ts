import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestServices, testServices } from '../adapters/node/test-support';
import { users } from '../db/schema';
import { batch, type Db, reusableStatement } from './database';

describe('reusableStatement', () => {
  let t: TestServices;
  let db: Db;
  beforeEach(async () => {
    t = await testServices();
    db = t.services.db;
  });
  afterEach(() => t.cleanup());

  let builds = 0;
  const insertUser = reusableStatement((db) => {
    builds++;
    return db
      .insert(users)
      .values({
        id: sql.placeholder('id'),
        name: sql.placeholder('name'),
        email: sql.placeholder('email'),
        passwordHash: 'x',
        balanceCents: sql.placeholder('balance'),
        createdAt: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      })
      .returning({ id: users.id, balanceCents: users.balanceCents, isAdmin: users.isAdmin });
  });
  const user = (n: number) => ({
    id: `usr_${n}`,
    name: `User ${n}`,
    email: `u${n}@example.test`,
    balance: n * 100,
    now: '2026-01-01T00:00:00.000Z',
  });

  it("builds once per database, binds each use's values and maps the rows as the query would", async () => {
    builds = 0;
    const results = await batch(db, [insertUser(db, user(1)), insertUser(db, user(2))]);
    const [again] = await batch(db, [insertUser(db, user(3))]);
    expect(builds).toBe(1);
    // Mapped by drizzle as the query's own `returning` (camelCase keys, booleans from 0/1).
    expect(results).toEqual([
      [{ id: 'usr_1', balanceCents: 100, isAdmin: false }],
      [{ id: 'usr_2', balanceCents: 200, isAdmin: false }],
    ]);
    expect(again).toEqual([{ id: 'usr_3', balanceCents: 300, isAdmin: false }]);
    const stored = await db.select({ id: users.id, name: users.name }).from(users).orderBy(users.id);
    expect(stored).toEqual([
      { id: 'usr_1', name: 'User 1' },
      { id: 'usr_2', name: 'User 2' },
      { id: 'usr_3', name: 'User 3' },
    ]);

    // Another database builds its own.
    const other = await testServices();
    try {
      await batch(other.services.db, [insertUser(other.services.db, user(4))]);
      expect(builds).toBe(2);
      expect(await other.services.db.select({ id: users.id }).from(users)).toEqual([{ id: 'usr_4' }]);
    } finally {
      await other.cleanup();
    }
  });

  it('runs atomically with built queries in one batch: a failing statement leaves nothing written', async () => {
    await expect(
      batch(db, [
        insertUser(db, user(1)),
        db.update(users).set({ balanceCents: -1 }).where(eq(users.id, 'usr_1')), // CHECK balance >= 0
      ]),
    ).rejects.toThrow();
    expect(await db.select().from(users)).toEqual([]);
  });

  it('refuses a use that leaves a placeholder without a value, before anything runs', async () => {
    const { balance: _missing, ...partial } = user(1);
    expect(() => insertUser(db, partial)).toThrow(/balance/);
    expect(await db.select().from(users)).toEqual([]);
  });
});
