import { PROVIDER_KINDS } from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Upstream label providers ("shipping API configs", SPEC §3). The API key is stored encrypted (AES-256-GCM, bound to
 * the row id, see src/lib/secret-box.ts); `key_hint` is the masked form shown in responses ('••••abcd'). Exactly one
 * default while any exist: the partial unique index refuses a second, and every change of the default is one batch.
 */
export const shippingApis = sqliteTable(
  'shipping_apis',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    keyCiphertext: text('key_ciphertext').notNull(),
    keyHint: text('key_hint').notNull(),
    baseUrl: text('base_url').notNull(),
    /** The provider's protocol (see PROVIDER_KINDS): generic (the SPEC's), easypost or shippo. */
    kind: text('kind', { enum: PROVIDER_KINDS }).notNull().default('generic'),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    /**
     * Failover order: when a purchase fails before any label exists, the next API by priority (lowest first, then the
     * oldest) that allows it and sells the same carrier service buys it. 0..10000, checked by the admin route (a CHECK
     * here would make SQLite rebuild the table, which D1 cannot do safely under its foreign keys).
     */
    priority: integer('priority').notNull().default(100),
    /** "Allow as failover target": purchases chosen on another API may be bought through this one. */
    failoverTarget: integer('failover_target', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('shipping_apis_one_default').on(t.isDefault).where(sql`${t.isDefault} = 1`),
    check('shipping_apis_is_default_bool', sql`${t.isDefault} IN (0, 1)`),
    check('shipping_apis_enabled_bool', sql`${t.enabled} IN (0, 1)`),
    check('shipping_apis_kind', sql`${t.kind} IN ('generic', 'easypost', 'shippo')`),
  ],
);

export type ShippingApiRow = typeof shippingApis.$inferSelect;
export type NewShippingApiRow = typeof shippingApis.$inferInsert;
