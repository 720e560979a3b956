import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bulkOrders } from './bulk-orders';
import { orders } from './orders';
import { users } from './users';

export const AMAZON_CONFIRMATION_STATUSES = ['sending', 'confirmed', 'refused', 'failed'] as const;
export type AmazonConfirmationStatus = (typeof AMAZON_CONFIRMATION_STATUSES)[number];

/**
 * One order's shipment confirmation on Amazon (SPEC §2 Amazon Order Confirmation). At most one row per order: a call
 * CLAIMS the row (insert, or flip a `refused` / `failed` / long-stale `sending` row to `sending` under its claim id)
 * before sending, so two calls at once or a retry never send the same order twice, and a `confirmed` row is final.
 */
export const amazonConfirmations = sqliteTable(
  'amazon_confirmations',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bulkOrderId: text('bulk_order_id')
      .notNull()
      .references(() => bulkOrders.id, { onDelete: 'cascade' }),
    amazonOrderId: text('amazon_order_id').notNull(),
    status: text('status', { enum: AMAZON_CONFIRMATION_STATUSES }).notNull(),
    /** The marketplace's refusal reason, or why the send failed. */
    reason: text('reason'),
    /** The call that holds the row while `sending`. */
    claimId: text('claim_id').notNull(),
    claimedAt: text('claimed_at').notNull(),
    attempts: integer('attempts').notNull().default(1),
    confirmedAt: text('confirmed_at'),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('amazon_confirmations_order_unique').on(t.orderId),
    index('amazon_confirmations_bulk_idx').on(t.bulkOrderId),
    index('amazon_confirmations_claim_idx').on(t.claimId),
    check('amazon_confirmations_status_valid', sql`${t.status} IN ('sending', 'confirmed', 'refused', 'failed')`),
    check('amazon_confirmations_confirmed_at', sql`${t.status} <> 'confirmed' OR ${t.confirmedAt} IS NOT NULL`),
  ],
);
export type AmazonConfirmationRow = typeof amazonConfirmations.$inferSelect;

/**
 * A customer's saved Amazon credentials (SPEC §3), each sealed with the server's secret box (associated data names the
 * user and the field, so a sealed value cannot be moved to another user or field), each with its own saved time.
 */
export const amazonCredentials = sqliteTable('amazon_credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cookiesSealed: text('cookies_sealed'),
  cookiesSavedAt: text('cookies_saved_at'),
  csrfTokenSealed: text('csrf_token_sealed'),
  csrfTokenSavedAt: text('csrf_token_saved_at'),
  updatedAt: text('updated_at').notNull(),
});
export type AmazonCredentialsRow = typeof amazonCredentials.$inferSelect;
