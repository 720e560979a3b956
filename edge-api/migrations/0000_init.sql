CREATE TABLE `addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`street1` text NOT NULL,
	`street2` text DEFAULT '' NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zip` text NOT NULL,
	`country` text DEFAULT 'US' NOT NULL,
	`phone` text NOT NULL,
	`type` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "addresses_type_valid" CHECK("addresses"."type" IN ('sender', 'recipient'))
);
--> statement-breakpoint
CREATE INDEX `addresses_user_type_idx` ON `addresses` (`user_id`,`type`);--> statement-breakpoint
CREATE UNIQUE INDEX `addresses_one_default_per_type` ON `addresses` (`user_id`,`type`) WHERE "addresses"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `app_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`discord_invite_link` text DEFAULT '' NOT NULL,
	`telegram_invite_link` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "app_settings_single_row" CHECK("app_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `faqs` (
	`id` text PRIMARY KEY NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`sort_order` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `faqs_sort_order_idx` ON `faqs` (`sort_order`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_at` text NOT NULL,
	`locked_until` text,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "jobs_status_valid" CHECK("jobs"."status" IN ('queued', 'running', 'done', 'dead'))
);
--> statement-breakpoint
CREATE INDEX `jobs_status_run_at_idx` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`total_spend_cents` integer DEFAULT 0 NOT NULL,
	`address` text,
	`city` text,
	`state` text,
	`zip` text,
	`country` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "users_balance_non_negative" CHECK("users"."balance_cents" >= 0),
	CONSTRAINT "users_total_spend_non_negative" CHECK("users"."total_spend_cents" >= 0),
	CONSTRAINT "users_email_lower_case" CHECK("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);