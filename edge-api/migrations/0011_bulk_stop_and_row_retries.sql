ALTER TABLE `bulk_orders` ADD `stopped_at` text;--> statement-breakpoint
ALTER TABLE `bulk_orders` ADD `stop_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `last_attempt_error` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `next_attempt_at` text;