CREATE TABLE `order_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`api_id` text NOT NULL,
	`api_name` text NOT NULL,
	`outcome` text NOT NULL,
	`error` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_attempts_outcome_valid" CHECK("order_attempts"."outcome" IN ('bought', 'failed_over', 'skipped', 'not_bought', 'unknown', 'refused'))
);
--> statement-breakpoint
CREATE INDEX `order_attempts_order_idx` ON `order_attempts` (`order_id`,`id`);--> statement-breakpoint
CREATE INDEX `order_attempts_api_created_idx` ON `order_attempts` (`api_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `provider_breakers` (
	`api_id` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_started_at` text,
	`open_until` text,
	`probe_until` text,
	`last_error` text,
	`last_error_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`api_id`) REFERENCES `shipping_apis`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "provider_breakers_failures_nonnegative" CHECK("provider_breakers"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `provider_api_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `provider_api_name` text;--> statement-breakpoint
ALTER TABLE `shipping_apis` ADD `priority` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_apis` ADD `failover_target` integer DEFAULT true NOT NULL;