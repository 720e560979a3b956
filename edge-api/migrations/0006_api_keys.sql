CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`mode` text NOT NULL,
	`key_hash` text NOT NULL,
	`key_ciphertext` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "api_keys_mode_valid" CHECK("api_keys"."mode" IN ('live', 'test'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_user_mode_unique` ON `api_keys` (`user_id`,`mode`);--> statement-breakpoint
CREATE TABLE `test_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`api_id` text NOT NULL,
	`api_name` text NOT NULL,
	`service_id` text NOT NULL,
	`carrier` text NOT NULL,
	`service_name` text NOT NULL,
	`service_code` text NOT NULL,
	`price_cents` integer NOT NULL,
	`sender_json` text NOT NULL,
	`recipient_json` text NOT NULL,
	`package_json` text NOT NULL,
	`tracking_number` text NOT NULL,
	`estimated_delivery` text,
	`idempotency_key` text,
	`request_hash` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_orders_idempotency_key` ON `test_orders` (`user_id`,`idempotency_key`);