import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestServices, testServices } from '../adapters/node/test-support';
import { isCheckViolation, isNotNullViolation, isUniqueViolation } from './db-errors';

describe('database error classification (real libSQL errors)', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices();
  });
  afterEach(() => t.cleanup());

  async function failure(statement: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await t.services.db.run(statement);
    } catch (err) {
      return err;
    }
    throw new Error('expected the statement to fail');
  }

  it('names the CHECK, NOT NULL and UNIQUE constraint that failed, and nothing else', async () => {
    await t.services.db.run(
      sql`INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES ('usr_1', 'A', 'a@x.test', 'h', 'now', 'now')`,
    );
    const check = await failure(sql`UPDATE users SET balance_cents = -1 WHERE id = 'usr_1'`);
    expect(isCheckViolation(check, 'users_balance_non_negative')).toBe(true);
    expect(isCheckViolation(check, 'users_total_spend_non_negative')).toBe(false);
    expect(isUniqueViolation(check)).toBe(false);

    const notNull = await failure(
      sql`INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES ('usr_2', NULL, 'b@x.test', 'h', 'now', 'now')`,
    );
    expect(isNotNullViolation(notNull, 'users.name')).toBe(true);
    expect(isNotNullViolation(notNull, 'users.email')).toBe(false);

    const unique = await failure(
      sql`INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES ('usr_3', 'C', 'a@x.test', 'h', 'now', 'now')`,
    );
    expect(isUniqueViolation(unique, 'users.email')).toBe(true);
    expect(isCheckViolation(unique, 'users_balance_non_negative')).toBe(false);
  });
});
