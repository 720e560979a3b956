import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const BULK_ORDER_STATUSES = ['processing', 'completed', 'partial', 'failed'] as const;
export type BulkOrderStatus = (typeof BULK_ORDER_STATUSES)[number];
export const BULK_ORDER_SOURCES = ['web', 'api'] as const;
/** Why a bulk order stopped buying before every row was bought: its owner or an admin cancelled it, or its deadline. */
export const BULK_STOP_REASONS = ['customer', 'admin', 'deadline'] as const;
export type BulkStopReason = (typeof BULK_STOP_REASONS)[number];

/**
 * A bulk order (SPEC §3 Bulk order): many rows bought with one service, paid by ONE hold on the customer's balance.
 * Creation is one batch: this row, one order row per CSV row (status `processing`, `orders.bulk_order_id` set, every
 * one's `debit_entry_id` = `hold_entry_id`) and the hold (a ledger debit of `total_price_cents`) — an overdraft fails
 * the batch on the users CHECK, so nothing is written. Each row is then bought by a job through the purchase's phase 2
 * (the order id is the provider's Idempotency-Key); a row that fails is refunded on its own (a ledger credit naming the
 * order). When no row is open any more the status becomes completed / partial / failed, conditionally, once.
 *
 * Counters are not stored: progress is counted from the orders (one indexed read), so no redelivery can miscount.
 *
 * Stopping (cancel by the owner or an admin, or the row deadline): `stopped_at` is set first, conditionally, once; from
 * then on no job claims a row of it (buy-bulk-row's claim reads it), and every row still open is refunded on its own
 * through refundOrder — the same conditional batch as a failed row, so a row the engine completes at that moment is
 * either bought (the refund's batch is refused) or refunded (the completion is refused and the label voided), never
 * both. The bulk order then settles as usual: partial when some rows were bought, else failed (all refunded).
 */
export const bulkOrders = sqliteTable(
  'bulk_orders',
  {
    /** `blk_…`: the _id and bulkOrderId the API shows. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    source: text('source', { enum: BULK_ORDER_SOURCES }).notNull().default('web'),
    status: text('status', { enum: BULK_ORDER_STATUSES }).notNull().default('processing'),
    apiId: text('api_id').notNull(),
    apiName: text('api_name').notNull(),
    serviceId: text('service_id').notNull(),
    carrier: text('carrier', { enum: ['UPS', 'USPS', 'FEDEX'] }).notNull(),
    serviceName: text('service_name').notNull(),
    /** USPS template; null for UPS and FedEx. */
    template: text('template'),
    /** Rows (labels asked for). */
    orderCount: integer('order_count').notNull(),
    /** Set with the final status. */
    failedOrderCount: integer('failed_order_count').notNull().default(0),
    /** The hold: Σ row prices, cents. */
    totalPriceCents: integer('total_price_cents').notNull(),
    /** The ledger debit holding the total (every row's orders.debit_entry_id). */
    holdEntryId: text('hold_entry_id').notNull(),
    /** Idempotency-Key of the creating request (public API) and a hash of its body. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** Blob key of the combined labels PDF, once produced. */
    labelsBlobKey: text('labels_blob_key'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    completedAt: text('completed_at'),
    /** Set once when the bulk order was stopped (cancelled or past its deadline); its open rows are refunded. */
    stoppedAt: text('stopped_at'),
    stopReason: text('stop_reason', { enum: BULK_STOP_REASONS }),
    /** false: made with a TEST key (no hold: `hold_entry_id` is a NO_LEDGER_ENTRY id); see orders.livemode. */
    livemode: integer('livemode', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    index('bulk_orders_user_created_idx').on(t.userId, t.createdAt),
    index('bulk_orders_test_created_idx').on(t.createdAt).where(sql`${t.livemode} = 0`),
    index('bulk_orders_created_idx').on(t.createdAt),
    index('bulk_orders_status_idx').on(t.status, t.createdAt),
    uniqueIndex('bulk_orders_hold_entry_unique').on(t.holdEntryId),
    uniqueIndex('bulk_orders_user_mode_idempotency_key_unique')
      .on(t.userId, t.livemode, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    check('bulk_orders_status_valid', sql`${t.status} IN ('processing', 'completed', 'partial', 'failed')`),
    check('bulk_orders_source_valid', sql`${t.source} IN ('web', 'api')`),
    check('bulk_orders_carrier_valid', sql`${t.carrier} IN ('UPS', 'USPS', 'FEDEX')`),
    check('bulk_orders_count_positive', sql`${t.orderCount} > 0`),
    check(
      'bulk_orders_failed_count_valid',
      sql`${t.failedOrderCount} >= 0 AND ${t.failedOrderCount} <= ${t.orderCount}`,
    ),
    check('bulk_orders_total_positive', sql`${t.totalPriceCents} > 0`),
    check('bulk_orders_final_has_completed_at', sql`${t.status} = 'processing' OR ${t.completedAt} IS NOT NULL`),
  ],
);

export type BulkOrderRow = typeof bulkOrders.$inferSelect;
export type NewBulkOrderRow = typeof bulkOrders.$inferInsert;
