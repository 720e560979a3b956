import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Processed webhook deliveries, keyed by the processor's delivery id: a delivery seen before is answered 200 with no
 * further work. (Only a speed-up: a redelivery under a new id is still credited once, by `ledger_settlements`.)
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    eventType: text('event_type').notNull(),
    invoiceId: text('invoice_id'),
    /** What we did: credited, failed, pending, ignored. */
    outcome: text('outcome').notNull(),
    receivedAt: text('received_at').notNull(),
  },
  (t) => [index('webhook_deliveries_received_idx').on(t.receivedAt)],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
