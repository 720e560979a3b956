CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`requested_cents` integer,
	`balance_after_cents` integer,
	`description` text NOT NULL,
	`reference` text,
	`payment_url` text,
	`admin_id` text,
	`reason` text,
	`idempotency_key` text,
	`settlement_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "ledger_entries_type_valid" CHECK("ledger_entries"."type" IN ('credit', 'debit')),
	CONSTRAINT "ledger_entries_status_valid" CHECK("ledger_entries"."status" IN ('pending', 'completed', 'failed')),
	CONSTRAINT "ledger_entries_method_valid" CHECK("ledger_entries"."method" IN ('crypto', 'admin_adjustment', 'label_purchase', 'label_refund')),
	CONSTRAINT "ledger_entries_amount_positive" CHECK("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_requested_positive" CHECK("ledger_entries"."requested_cents" IS NULL OR "ledger_entries"."requested_cents" > 0),
	CONSTRAINT "ledger_entries_balance_after_iff_completed" CHECK(("ledger_entries"."status" = 'completed') = ("ledger_entries"."balance_after_cents" IS NOT NULL)),
	CONSTRAINT "ledger_entries_balance_after_non_negative" CHECK("ledger_entries"."balance_after_cents" IS NULL OR "ledger_entries"."balance_after_cents" >= 0),
	CONSTRAINT "ledger_entries_completed_at_iff_completed" CHECK(("ledger_entries"."status" = 'completed') = ("ledger_entries"."completed_at" IS NOT NULL)),
	CONSTRAINT "ledger_entries_crypto_is_invoice_credit" CHECK("ledger_entries"."method" <> 'crypto' OR ("ledger_entries"."reference" IS NOT NULL AND "ledger_entries"."type" = 'credit')),
	CONSTRAINT "ledger_entries_admin_has_admin" CHECK("ledger_entries"."method" <> 'admin_adjustment' OR "ledger_entries"."admin_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `ledger_entries_user_created_idx` ON `ledger_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_entries_method_created_idx` ON `ledger_entries` (`method`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_crypto_invoice_unique` ON `ledger_entries` (`reference`) WHERE "ledger_entries"."method" = 'crypto' AND "ledger_entries"."requested_cents" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_idempotency_key_unique` ON `ledger_entries` (`idempotency_key`) WHERE "ledger_entries"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_settlement_id_unique` ON `ledger_entries` (`settlement_id`) WHERE "ledger_entries"."settlement_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `ledger_settlements` (
	`entry_id` text PRIMARY KEY NOT NULL,
	`settlement_id` text NOT NULL,
	`reference` text NOT NULL,
	`received_through_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`source` text NOT NULL,
	`processor_state` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `ledger_entries`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "ledger_settlements_amount_positive" CHECK("ledger_settlements"."amount_cents" > 0),
	CONSTRAINT "ledger_settlements_amount_within_received" CHECK("ledger_settlements"."amount_cents" <= "ledger_settlements"."received_through_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_settlements_settlement_id_unique` ON `ledger_settlements` (`settlement_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_settlements_reference_received_unique` ON `ledger_settlements` (`reference`,`received_through_cents`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`delivery_id` text PRIMARY KEY NOT NULL,
	`event_type` text NOT NULL,
	`invoice_id` text,
	`outcome` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_received_idx` ON `webhook_deliveries` (`received_at`);