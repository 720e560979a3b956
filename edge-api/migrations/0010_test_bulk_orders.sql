CREATE TABLE `test_bulk_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`api_id` text NOT NULL,
	`api_name` text NOT NULL,
	`service_id` text NOT NULL,
	`carrier` text NOT NULL,
	`service_name` text NOT NULL,
	`template` text,
	`order_count` integer NOT NULL,
	`total_price_cents` integer NOT NULL,
	`idempotency_key` text,
	`request_hash` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_bulk_orders_idempotency_key` ON `test_bulk_orders` (`user_id`,`idempotency_key`);--> statement-breakpoint
ALTER TABLE `test_orders` ADD `bulk_order_id` text;--> statement-breakpoint
ALTER TABLE `test_orders` ADD `row_index` integer;--> statement-breakpoint
CREATE INDEX `test_orders_bulk_row_idx` ON `test_orders` (`bulk_order_id`,`row_index`);