DROP INDEX `jobs_status_run_at_idx`;--> statement-breakpoint
ALTER TABLE `jobs` ADD `lane` text;--> statement-breakpoint
-- Jobs still to run get their lane as jobLane names it (finished ones never need it).
UPDATE `jobs` SET `lane` = CASE `type`
  WHEN 'bulk.buy-row' THEN json_extract(`payload`, '$.apiId')
  WHEN 'webhooks.deliver' THEN json_extract(`payload`, '$.endpointId')
  END
WHERE `status` IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX `jobs_status_run_at_lane_idx` ON `jobs` (`status`,`run_at`,`lane`);
