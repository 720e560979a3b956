-- Hand-written: drizzle-kit wanted to rebuild shipping_apis for the CHECK (copying a column the old table lacks, and a
-- rebuild under foreign keys is unsafe on D1); SQLite adds a column with its CHECK in place, testing existing rows.
ALTER TABLE `shipping_apis` ADD `kind` text DEFAULT 'generic' NOT NULL CONSTRAINT "shipping_apis_kind" CHECK("kind" IN ('generic', 'easypost', 'shippo'));
