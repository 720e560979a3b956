ALTER TABLE `webhook_messages` ADD `dispatched_at` text;--> statement-breakpoint
-- Messages written before the outbox had their delivery jobs queued when they were written.
UPDATE `webhook_messages` SET `dispatched_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `webhook_messages_undispatched_idx` ON `webhook_messages` (`created_at`) WHERE "webhook_messages"."dispatched_at" IS NULL;
