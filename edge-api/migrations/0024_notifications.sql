CREATE TABLE `notification_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`bulk_order_finished` integer DEFAULT true NOT NULL,
	`deposit_credited` integer DEFAULT true NOT NULL,
	`label_refunded` integer DEFAULT true NOT NULL,
	`low_balance_threshold_cents` integer,
	`low_balance_alerted` integer DEFAULT false NOT NULL,
	`deposit_attention` integer DEFAULT true NOT NULL,
	`provider_circuit_opened` integer DEFAULT true NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_settings_threshold_positive" CHECK("notification_settings"."low_balance_threshold_cents" IS NULL OR "notification_settings"."low_balance_threshold_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE `provider_breakers` ADD `opened_at` text;