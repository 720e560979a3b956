CREATE TABLE `webhook_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`message_id` text NOT NULL,
	`endpoint_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`trigger` text NOT NULL,
	`attempted_at` text NOT NULL,
	`succeeded` integer NOT NULL,
	`response_status` integer,
	`error` text,
	`latency_ms` integer NOT NULL,
	`response_body` text,
	FOREIGN KEY (`message_id`) REFERENCES `webhook_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_attempts_job_unique` ON `webhook_attempts` (`job_id`);--> statement-breakpoint
CREATE INDEX `webhook_attempts_endpoint_idx` ON `webhook_attempts` (`endpoint_id`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `webhook_attempts_message_idx` ON `webhook_attempts` (`message_id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`description` text,
	`secret_sealed` text NOT NULL,
	`previous_secret_sealed` text,
	`previous_secret_expires_at` text,
	`disabled_at` text,
	`disabled_reason` text,
	`failing_since` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "webhook_endpoints_disabled_reason_valid" CHECK("webhook_endpoints"."disabled_reason" IS NULL OR "webhook_endpoints"."disabled_reason" IN ('manual', 'gone', 'failing'))
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_user_mode_idx` ON `webhook_endpoints` (`user_id`,`livemode`);--> statement-breakpoint
CREATE TABLE `webhook_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_messages_user_created_idx` ON `webhook_messages` (`user_id`,`created_at`);