ALTER TABLE `tracking_refresh_runs` ADD `in_transit` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tracking_refresh_runs` ADD `delivered` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tracking_refresh_runs` ADD `exception` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tracking_refresh_runs` ADD `cancelled` integer DEFAULT 0 NOT NULL;