DROP TABLE `test_bulk_orders`;--> statement-breakpoint
DROP TABLE `test_orders`;--> statement-breakpoint
DROP INDEX `bulk_orders_user_idempotency_key_unique`;--> statement-breakpoint
ALTER TABLE `bulk_orders` ADD `livemode` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `bulk_orders_test_created_idx` ON `bulk_orders` (`created_at`) WHERE "bulk_orders"."livemode" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `bulk_orders_user_mode_idempotency_key_unique` ON `bulk_orders` (`user_id`,`livemode`,`idempotency_key`) WHERE "bulk_orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
DROP INDEX `orders_user_idempotency_key_unique`;--> statement-breakpoint
ALTER TABLE `orders` ADD `livemode` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_test_created_idx` ON `orders` (`user_id`,`created_at`) WHERE "orders"."livemode" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_mode_idempotency_key_unique` ON `orders` (`user_id`,`livemode`,`idempotency_key`) WHERE "orders"."idempotency_key" IS NOT NULL;