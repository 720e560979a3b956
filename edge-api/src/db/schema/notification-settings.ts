import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * What a user wants to be mailed about (issue 23). One row per user who changed anything; no row means the defaults:
 * every notification on, the low-balance alert off (no threshold).
 * - Customers: a bulk order finished, a deposit credited, a label voided and refunded, the balance below
 *   `low_balance_threshold_cents` (null: off).
 * - Admins: a deposit needing attention, a provider API whose circuit opened.
 * `low_balance_alerted` de-duplicates the low-balance mail: set (compare-and-set) by the check that sends it when the
 * balance is below the threshold, cleared when the balance is back at or above it or the threshold changes, so one
 * crossing below sends one mail, however many purchases follow.
 */
export const notificationSettings = sqliteTable(
  'notification_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bulkOrderFinished: integer('bulk_order_finished', { mode: 'boolean' }).notNull().default(true),
    depositCredited: integer('deposit_credited', { mode: 'boolean' }).notNull().default(true),
    labelRefunded: integer('label_refunded', { mode: 'boolean' }).notNull().default(true),
    lowBalanceThresholdCents: integer('low_balance_threshold_cents'),
    lowBalanceAlerted: integer('low_balance_alerted', { mode: 'boolean' }).notNull().default(false),
    depositAttention: integer('deposit_attention', { mode: 'boolean' }).notNull().default(true),
    providerCircuitOpened: integer('provider_circuit_opened', { mode: 'boolean' }).notNull().default(true),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    check(
      'notification_settings_threshold_positive',
      sql`${t.lowBalanceThresholdCents} IS NULL OR ${t.lowBalanceThresholdCents} > 0`,
    ),
  ],
);

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
