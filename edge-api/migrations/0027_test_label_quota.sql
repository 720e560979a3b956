CREATE TABLE `test_label_quota` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`used` integer NOT NULL,
	`day_limit` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "test_label_quota_within_limit" CHECK("test_label_quota"."used" >= 0 AND "test_label_quota"."used" <= "test_label_quota"."day_limit")
);
