import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bulkOrders } from './bulk-orders';
import { users } from './users';

export const ORDER_STATUSES = ['processing', 'completed', 'pending_reconciliation', 'failed'] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];
export const DELIVERY_STATUSES = [
  'pending',
  'processing',
  'in_transit',
  'delivered',
  'cancelled',
  'exception',
] as const;
export type DeliveryStatusValue = (typeof DELIVERY_STATUSES)[number];
export const ORDER_SOURCES = ['manual', 'api', 'bulk'] as const;
/**
 * A bought label the customer voided (POST /orders/{id}/void): `pending` while the provider has accepted the void but
 * not yet settled its refund (nothing is credited yet), `refunded` once the price came back (`refund_entry_id`).
 */
export const VOID_STATUSES = ['pending', 'refunded'] as const;
export type VoidStatusValue = (typeof VOID_STATUSES)[number];
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** The tracking number an order shows until the provider has issued its label (SPEC §4: "the placeholder PENDING"). */
export const PENDING_TRACKING_NUMBER = 'PENDING';

/**
 * One label purchase (SPEC §3 Order). A purchase is two-phase:
 *   1. one batch inserts the order (`processing`) AND debits the balance (ledger row `debit_entry_id`, reference = the
 *      order id) — an overdraft fails both, so nothing is written;
 *   2. the provider is asked for the label (its Idempotency-Key is the order id); then `completed` with the label, or
 *      `failed` in the same batch as the refund credit (`refund_entry_id`), or `pending_reconciliation` when the
 *      answer was lost — the reconciliation job asks the provider again until it is one or the other.
 * The schema refuses what must never happen: a completed order without a provider label, a failed order without
 * its refund, two orders for one (user, Idempotency-Key).
 *
 * Addresses and package are JSON snapshots (the saved address may change later); the searchable fields are columns.
 * The API and service are snapshots too (an API config may be deleted; its orders stay).
 */
export const orders = sqliteTable(
  'orders',
  {
    /** `ord_…`: the _id and orderId the API shows. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('manual'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    apiId: text('api_id').notNull(),
    apiName: text('api_name').notNull(),
    /**
     * The API the label is bought through when a failover moved the purchase off the chosen one (`api_id`, which
     * priced it and keeps the customer's price); null: bought through `api_id`. Snapshots, like api_id/api_name.
     * Every provider call about the order (reconciliation, void, label PDF, tracking) goes to this API.
     */
    providerApiId: text('provider_api_id'),
    providerApiName: text('provider_api_name'),
    serviceId: text('service_id').notNull(),
    carrier: text('carrier', { enum: ['UPS', 'USPS', 'FEDEX'] }).notNull(),
    serviceName: text('service_name').notNull(),
    serviceCode: text('service_code').notNull(),
    /** What the customer paid (cents). */
    priceCents: integer('price_cents').notNull(),
    /** What the provider charged us (cents), once known. */
    providerCostCents: integer('provider_cost_cents'),
    trackingNumber: text('tracking_number').notNull().default(PENDING_TRACKING_NUMBER),
    providerLabelId: text('provider_label_id'),
    /** Blob-store key of the label PDF; null when it could not be stored yet (it is fetched from the provider then). */
    labelBlobKey: text('label_blob_key'),
    /** JSON: OrderParty. */
    senderJson: text('sender_json').notNull(),
    recipientJson: text('recipient_json').notNull(),
    /** JSON: { weight, weightUnit, length, width, height, description, valueCents, template }. */
    packageJson: text('package_json').notNull(),
    /** The customer's own text printed on the label (what Pirate Ship calls a rubber stamp), at most 35 characters. */
    reference: text('reference'),
    recipientName: text('recipient_name').notNull(),
    /** 'City, ST'. */
    destination: text('destination').notNull(),
    /** YYYY-MM-DD. */
    estimatedDelivery: text('estimated_delivery'),
    /** JSON array of { status, description, location, date }, oldest first. */
    trackingEventsJson: text('tracking_events_json').notNull().default('[]'),
    lastCheckedAt: text('last_checked_at'),
    deliveredAt: text('delivered_at'),
    /** The Idempotency-Key header of the request that created it, and a hash of that request's body. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    debitEntryId: text('debit_entry_id').notNull(),
    refundEntryId: text('refund_entry_id'),
    /** Customer-safe reason of a failed purchase. */
    failureReason: text('failure_reason'),
    /**
     * The fields the refusal named (JSON array of { path, message } on the request's own paths, e.g.
     * `recipient.street1`), so a replayed Idempotency-Key answers the very body the first request got. Null: none.
     */
    failureDetailsJson: text('failure_details_json'),
    reconcileAttempts: integer('reconcile_attempts').notNull().default(0),
    amazonOrderId: text('amazon_order_id'),
    sku: text('sku'),
    /** The bulk order this row belongs to (its debit is the bulk order's hold), and its 0-based CSV row. */
    bulkOrderId: text('bulk_order_id').references((): AnySQLiteColumn => bulkOrders.id, { onDelete: 'restrict' }),
    rowIndex: integer('row_index'),
    /** How many times the provider was asked for this label by the bulk engine. */
    purchaseAttempts: integer('purchase_attempts').notNull().default(0),
    /**
     * While the row is still open after an unsuccessful attempt (the provider rate limited us or did not answer): the
     * customer-safe reason and when it is asked again (ISO time). Shown by the bulk order details; cleared by nothing
     * (a settled row's state is its status).
     */
    lastAttemptError: text('last_attempt_error'),
    nextAttemptAt: text('next_attempt_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    completedAt: text('completed_at'),
    /** See VOID_STATUSES; null: not voided. Only a completed order can be voided, and a refunded void has its credit. */
    voidStatus: text('void_status', { enum: VOID_STATUSES }),
    /** When the provider accepted the void (the refund may come later). */
    voidRequestedAt: text('void_requested_at'),
    /** The Idempotency-Key of the void request that voided it: the same key replays the answer instead of a 409. */
    voidIdempotencyKey: text('void_idempotency_key'),
    /**
     * false: bought with a TEST key (README "Test mode"): the same pipeline, but no money moves (`debit_entry_id` and
     * `refund_entry_id` then hold NO_LEDGER_ENTRY ids, never a ledger row), the label comes from the sandbox of the
     * API's kind, and only the test key's v1 reads see it (every web, admin and statistics read is live only:
     * LIVE_ORDERS). Purged after TEST_DATA_RETENTION_DAYS.
     */
    livemode: integer('livemode', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // Test data: the daily quota per account and the purge.
    index('orders_test_created_idx').on(t.userId, t.createdAt).where(sql`${t.livemode} = 0`),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The tracking refresh: bought labels not yet delivered, least recently checked first.
    index('orders_tracking_due_idx')
      .on(t.lastCheckedAt)
      .where(sql`${t.status} = 'completed' AND ${t.deliveryStatus} NOT IN ('delivered', 'cancelled')`),
    index('orders_tracking_number_idx').on(t.trackingNumber),
    // Per mode: a test key's Idempotency-Key never replays (or collides with) a live purchase, nor the reverse.
    uniqueIndex('orders_user_mode_idempotency_key_unique')
      .on(t.userId, t.livemode, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    // A single purchase has its own debit; the rows of a bulk order share the bulk order's hold.
    uniqueIndex('orders_debit_entry_unique').on(t.debitEntryId).where(sql`${t.bulkOrderId} IS NULL`),
    uniqueIndex('orders_bulk_row_unique').on(t.bulkOrderId, t.rowIndex).where(sql`${t.bulkOrderId} IS NOT NULL`),
    // A bulk order's open rows and its counts by status (progress, finalization: "is any row still open?").
    index('orders_bulk_status_idx').on(t.bulkOrderId, t.status).where(sql`${t.bulkOrderId} IS NOT NULL`),
    check('orders_status_valid', sql`${t.status} IN ('processing', 'completed', 'pending_reconciliation', 'failed')`),
    check(
      'orders_delivery_status_valid',
      sql`${t.deliveryStatus} IN ('pending', 'processing', 'in_transit', 'delivered', 'cancelled', 'exception')`,
    ),
    check('orders_source_valid', sql`${t.source} IN ('manual', 'api', 'bulk')`),
    check('orders_reference_length', sql`${t.reference} IS NULL OR length(${t.reference}) <= 35`),
    check('orders_carrier_valid', sql`${t.carrier} IN ('UPS', 'USPS', 'FEDEX')`),
    check('orders_price_positive', sql`${t.priceCents} > 0`),
    check(
      'orders_completed_has_label',
      sql`${t.status} <> 'completed' OR (${t.providerLabelId} IS NOT NULL AND ${t.trackingNumber} <> 'PENDING')`,
    ),
    check(
      'orders_void_status_valid',
      sql`${t.voidStatus} IS NULL OR (${t.voidStatus} IN ('pending', 'refunded') AND ${t.status} = 'completed' AND (${t.voidStatus} <> 'refunded' OR ${t.refundEntryId} IS NOT NULL))`,
    ),
    // Voids still waiting for the provider's refund (the settle sweep reads them).
    index('orders_void_pending_idx').on(t.voidRequestedAt).where(sql`${t.voidStatus} = 'pending'`),
    check('orders_failed_has_refund', sql`${t.status} <> 'failed' OR ${t.refundEntryId} IS NOT NULL`),
    check(
      'orders_json_valid',
      sql`json_valid(${t.senderJson}) AND json_valid(${t.recipientJson}) AND json_valid(${t.packageJson}) AND json_valid(${t.trackingEventsJson})`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/**
 * Test orders move no money: their `debit_entry_id` (and `refund_entry_id` once failed or voided) name no ledger row.
 * Such an id says so (`nomoney_…`), is unique like a ledger id (the unique indexes hold) and is never a `txn_…`.
 */
export const NO_LEDGER_ENTRY_PREFIX = 'nomoney';

/** The API an order's label is (being) bought through: the failover target, else the chosen API. */
export function providerApiOf(order: Pick<OrderRow, 'apiId' | 'apiName' | 'providerApiId' | 'providerApiName'>): {
  id: string;
  name: string;
} {
  return order.providerApiId
    ? { id: order.providerApiId, name: order.providerApiName ?? order.apiName }
    : { id: order.apiId, name: order.apiName };
}
export type NewOrderRow = typeof orders.$inferInsert;
