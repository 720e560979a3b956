-- Hand-written (as 0013): drizzle-kit wanted to rebuild orders and users for the CHECKs (copying columns the old tables
-- lack, and a rebuild under foreign keys is unsafe on D1); SQLite adds a column with its CHECK in place.
ALTER TABLE `orders` ADD `reference` text CONSTRAINT "orders_reference_length" CHECK("reference" IS NULL OR length("reference") <= 35);--> statement-breakpoint
ALTER TABLE `users` ADD `label_format` text DEFAULT 'pdf' NOT NULL CONSTRAINT "users_label_format_valid" CHECK("label_format" IN ('pdf', 'png', 'zpl'));--> statement-breakpoint
ALTER TABLE `users` ADD `zpl_dpi` integer DEFAULT 203 NOT NULL CONSTRAINT "users_zpl_dpi_valid" CHECK("zpl_dpi" IN (203, 300));
