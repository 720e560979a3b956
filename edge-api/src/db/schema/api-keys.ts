import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/**
 * Public API keys (SPEC §2 API key page): at most one live and one test key per customer. The key itself is never
 * stored in plaintext: `key_hash` is HMAC-SHA256 of the key under a server secret (API_KEY_SECRET), so a request is
 * authenticated by ONE indexed lookup, and `key_ciphertext` is the key sealed with AES-256-GCM (bound to the row id,
 * src/lib/secret-box.ts) only so its owner's page can show it again. Regenerating overwrites both in place: the old
 * key's hash is gone, so it is refused from that moment on. `last_used_at` is written at most once a minute per key.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: API_KEY_MODES }).notNull(),
    keyHash: text('key_hash').notNull(),
    keyCiphertext: text('key_ciphertext').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_unique').on(t.keyHash),
    uniqueIndex('api_keys_user_mode_unique').on(t.userId, t.mode),
    check('api_keys_mode_valid', sql`${t.mode} IN ('live', 'test')`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;

/**
 * Labels "bought" with a TEST key: priced and validated exactly as a live purchase, the label made by the carrier
 * sandbox's renderer (marked as a specimen), and no money moves. They live in a table of their own so no list, count,
 * statistic, reconciliation or ledger query (all of which read `orders`/`ledger_entries`) can ever see one; only the
 * test key's GET /api/v1/orders|labels/{id} reads them.
 */
export const testOrders = sqliteTable(
  'test_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiId: text('api_id').notNull(),
    apiName: text('api_name').notNull(),
    serviceId: text('service_id').notNull(),
    carrier: text('carrier').notNull(),
    serviceName: text('service_name').notNull(),
    serviceCode: text('service_code').notNull(),
    /** What the label would have cost with the live key (nothing was charged). */
    priceCents: integer('price_cents').notNull(),
    senderJson: text('sender_json').notNull(),
    recipientJson: text('recipient_json').notNull(),
    packageJson: text('package_json').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    estimatedDelivery: text('estimated_delivery'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: text('created_at').notNull(),
    /** The test bulk order this specimen belongs to (`tblk_…`), and its row (0-based); null for a single one. */
    bulkOrderId: text('bulk_order_id'),
    rowIndex: integer('row_index'),
    /** When the test label was voided (nothing to refund: no money moved), and the key of that void request. */
    voidedAt: text('voided_at'),
    voidIdempotencyKey: text('void_idempotency_key'),
  },
  (t) => [
    uniqueIndex('test_orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('test_orders_bulk_row_idx').on(t.bulkOrderId, t.rowIndex),
  ],
);

export type TestOrderRow = typeof testOrders.$inferSelect;
export type NewTestOrderRow = typeof testOrders.$inferInsert;

/**
 * A bulk order made with a TEST key (POST /api/v1/create-bulk-labels): its rows checked and priced exactly as a live
 * bulk order's, then written at once as `test_orders` specimens (bulk_order_id = this id) — no hold, no ledger row, no
 * provider purchase, no job. Read only by the v1 routes with a test key of the same customer; no list, count,
 * statistic or job reads it, so it is never visible as a live bulk order. Ids are `tblk_…`.
 */
export const testBulkOrders = sqliteTable(
  'test_bulk_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiId: text('api_id').notNull(),
    apiName: text('api_name').notNull(),
    serviceId: text('service_id').notNull(),
    carrier: text('carrier').notNull(),
    serviceName: text('service_name').notNull(),
    /** USPS template; null for UPS and FedEx. */
    template: text('template'),
    orderCount: integer('order_count').notNull(),
    /** What the labels would have cost with the live key (nothing was charged). */
    totalPriceCents: integer('total_price_cents').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('test_bulk_orders_idempotency_key').on(t.userId, t.idempotencyKey)],
);

export type TestBulkOrderRow = typeof testBulkOrders.$inferSelect;
