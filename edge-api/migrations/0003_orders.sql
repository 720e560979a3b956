CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`status` text NOT NULL,
	`delivery_status` text DEFAULT 'pending' NOT NULL,
	`api_id` text NOT NULL,
	`api_name` text NOT NULL,
	`service_id` text NOT NULL,
	`carrier` text NOT NULL,
	`service_name` text NOT NULL,
	`service_code` text NOT NULL,
	`price_cents` integer NOT NULL,
	`provider_cost_cents` integer,
	`tracking_number` text DEFAULT 'PENDING' NOT NULL,
	`provider_label_id` text,
	`label_blob_key` text,
	`sender_json` text NOT NULL,
	`recipient_json` text NOT NULL,
	`package_json` text NOT NULL,
	`recipient_name` text NOT NULL,
	`destination` text NOT NULL,
	`estimated_delivery` text,
	`tracking_events_json` text DEFAULT '[]' NOT NULL,
	`last_checked_at` text,
	`delivered_at` text,
	`idempotency_key` text,
	`request_hash` text,
	`debit_entry_id` text NOT NULL,
	`refund_entry_id` text,
	`failure_reason` text,
	`reconcile_attempts` integer DEFAULT 0 NOT NULL,
	`amazon_order_id` text,
	`sku` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "orders_status_valid" CHECK("orders"."status" IN ('processing', 'completed', 'pending_reconciliation', 'failed')),
	CONSTRAINT "orders_delivery_status_valid" CHECK("orders"."delivery_status" IN ('pending', 'processing', 'in_transit', 'delivered', 'cancelled', 'exception')),
	CONSTRAINT "orders_source_valid" CHECK("orders"."source" IN ('manual', 'api', 'bulk')),
	CONSTRAINT "orders_carrier_valid" CHECK("orders"."carrier" IN ('UPS', 'USPS', 'FEDEX')),
	CONSTRAINT "orders_price_positive" CHECK("orders"."price_cents" > 0),
	CONSTRAINT "orders_completed_has_label" CHECK("orders"."status" <> 'completed' OR ("orders"."provider_label_id" IS NOT NULL AND "orders"."tracking_number" <> 'PENDING')),
	CONSTRAINT "orders_failed_has_refund" CHECK("orders"."status" <> 'failed' OR "orders"."refund_entry_id" IS NOT NULL),
	CONSTRAINT "orders_json_valid" CHECK(json_valid("orders"."sender_json") AND json_valid("orders"."recipient_json") AND json_valid("orders"."package_json") AND json_valid("orders"."tracking_events_json"))
);
--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_tracking_due_idx` ON `orders` (`last_checked_at`) WHERE "orders"."status" = 'completed' AND "orders"."delivery_status" NOT IN ('delivered', 'cancelled');--> statement-breakpoint
CREATE INDEX `orders_tracking_number_idx` ON `orders` (`tracking_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_idempotency_key_unique` ON `orders` (`user_id`,`idempotency_key`) WHERE "orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_debit_entry_unique` ON `orders` (`debit_entry_id`);--> statement-breakpoint
ALTER TABLE `shipping_services` ADD `transit_min_days` integer;--> statement-breakpoint
ALTER TABLE `shipping_services` ADD `transit_max_days` integer;