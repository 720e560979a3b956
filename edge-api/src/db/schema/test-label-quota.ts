import { sql } from 'drizzle-orm';
import { check, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * TEST_LABELS_PER_DAY, held by the schema (README "Test mode"): one row per account and UTC day with the test labels
 * reserved so far and the limit they were reserved under. Every test purchase (a single label, a bulk order's rows)
 * adds its labels with an UPSERT in the same db.batch that writes its orders; the CHECK fails that batch when the sum
 * would pass the limit, so requests racing at the limit cannot pass it and a refused one writes nothing.
 */
export const testLabelQuota = sqliteTable(
  'test_label_quota',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD (UTC). */
    day: text('day').notNull(),
    used: integer('used').notNull(),
    /** The limit the last reservation was made under (the setting may change). */
    dayLimit: integer('day_limit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('test_label_quota_within_limit', sql`${t.used} >= 0 AND ${t.used} <= ${t.dayLimit}`),
  ],
);
