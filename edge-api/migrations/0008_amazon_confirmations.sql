CREATE TABLE `amazon_confirmations` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`user_id` text NOT NULL,
	`bulk_order_id` text NOT NULL,
	`amazon_order_id` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`claim_id` text NOT NULL,
	`claimed_at` text NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`confirmed_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bulk_order_id`) REFERENCES `bulk_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "amazon_confirmations_status_valid" CHECK("amazon_confirmations"."status" IN ('sending', 'confirmed', 'refused', 'failed')),
	CONSTRAINT "amazon_confirmations_confirmed_at" CHECK("amazon_confirmations"."status" <> 'confirmed' OR "amazon_confirmations"."confirmed_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `amazon_confirmations_order_unique` ON `amazon_confirmations` (`order_id`);--> statement-breakpoint
CREATE INDEX `amazon_confirmations_bulk_idx` ON `amazon_confirmations` (`bulk_order_id`);--> statement-breakpoint
CREATE INDEX `amazon_confirmations_claim_idx` ON `amazon_confirmations` (`claim_id`);--> statement-breakpoint
CREATE TABLE `amazon_credentials` (
	`user_id` text PRIMARY KEY NOT NULL,
	`cookies_sealed` text,
	`cookies_saved_at` text,
	`csrf_token_sealed` text,
	`csrf_token_saved_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
