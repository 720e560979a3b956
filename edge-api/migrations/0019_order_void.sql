-- Hand-written (as 0013 and 0017): drizzle-kit wanted to rebuild orders for the new CHECK (a rebuild under foreign
-- keys is unsafe on D1); SQLite adds a column with its CHECK in place, and a column CHECK may name other columns.
ALTER TABLE `orders` ADD `void_status` text CONSTRAINT "orders_void_status_valid" CHECK("void_status" IS NULL OR ("void_status" IN ('pending', 'refunded') AND "status" = 'completed' AND ("void_status" <> 'refunded' OR "refund_entry_id" IS NOT NULL)));--> statement-breakpoint
ALTER TABLE `orders` ADD `void_requested_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `void_idempotency_key` text;--> statement-breakpoint
CREATE INDEX `orders_void_pending_idx` ON `orders` (`void_requested_at`) WHERE "orders"."void_status" = 'pending';--> statement-breakpoint
ALTER TABLE `test_orders` ADD `voided_at` text;--> statement-breakpoint
ALTER TABLE `test_orders` ADD `void_idempotency_key` text;
