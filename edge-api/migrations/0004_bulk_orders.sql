CREATE TABLE `bulk_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source` text DEFAULT 'web' NOT NULL,
	`status` text DEFAULT 'processing' NOT NULL,
	`api_id` text NOT NULL,
	`api_name` text NOT NULL,
	`service_id` text NOT NULL,
	`carrier` text NOT NULL,
	`service_name` text NOT NULL,
	`template` text,
	`order_count` integer NOT NULL,
	`failed_order_count` integer DEFAULT 0 NOT NULL,
	`total_price_cents` integer NOT NULL,
	`hold_entry_id` text NOT NULL,
	`idempotency_key` text,
	`request_hash` text,
	`labels_blob_key` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "bulk_orders_status_valid" CHECK("bulk_orders"."status" IN ('processing', 'completed', 'partial', 'failed')),
	CONSTRAINT "bulk_orders_source_valid" CHECK("bulk_orders"."source" IN ('web', 'api')),
	CONSTRAINT "bulk_orders_carrier_valid" CHECK("bulk_orders"."carrier" IN ('UPS', 'USPS', 'FEDEX')),
	CONSTRAINT "bulk_orders_count_positive" CHECK("bulk_orders"."order_count" > 0),
	CONSTRAINT "bulk_orders_failed_count_valid" CHECK("bulk_orders"."failed_order_count" >= 0 AND "bulk_orders"."failed_order_count" <= "bulk_orders"."order_count"),
	CONSTRAINT "bulk_orders_total_positive" CHECK("bulk_orders"."total_price_cents" > 0),
	CONSTRAINT "bulk_orders_final_has_completed_at" CHECK("bulk_orders"."status" = 'processing' OR "bulk_orders"."completed_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `bulk_orders_user_created_idx` ON `bulk_orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bulk_orders_created_idx` ON `bulk_orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `bulk_orders_status_idx` ON `bulk_orders` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `bulk_orders_hold_entry_unique` ON `bulk_orders` (`hold_entry_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bulk_orders_user_idempotency_key_unique` ON `bulk_orders` (`user_id`,`idempotency_key`) WHERE "bulk_orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
DROP INDEX `orders_debit_entry_unique`;--> statement-breakpoint
ALTER TABLE `orders` ADD `bulk_order_id` text REFERENCES bulk_orders(id);--> statement-breakpoint
ALTER TABLE `orders` ADD `row_index` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `purchase_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_bulk_row_unique` ON `orders` (`bulk_order_id`,`row_index`) WHERE "orders"."bulk_order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_debit_entry_unique` ON `orders` (`debit_entry_id`) WHERE "orders"."bulk_order_id" IS NULL;