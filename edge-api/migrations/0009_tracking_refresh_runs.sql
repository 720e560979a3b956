CREATE TABLE `tracking_refresh_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`admin_id` text,
	`status` text DEFAULT 'running' NOT NULL,
	`batch_delay_ms` integer NOT NULL,
	`request_delay_ms` integer NOT NULL,
	`force_all` integer NOT NULL,
	`total_orders` integer NOT NULL,
	`processed` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`newly_delivered` integer DEFAULT 0 NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`status_changes_json` text DEFAULT '[]' NOT NULL,
	`cursor` text,
	`checked_before` text NOT NULL,
	`last_error` text,
	`started_at` text NOT NULL,
	`started_ms` integer NOT NULL,
	`finished_ms` integer,
	`finished_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tracking_refresh_runs_status_valid" CHECK("tracking_refresh_runs"."status" IN ('running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_refresh_runs_one_running` ON `tracking_refresh_runs` (`user_id`) WHERE "tracking_refresh_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX `tracking_refresh_runs_user_idx` ON `tracking_refresh_runs` (`user_id`,`started_at`);