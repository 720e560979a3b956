CREATE TABLE `custom_pricing` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`api_id` text NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`carriers` text DEFAULT '{}' NOT NULL,
	`updated_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`api_id`) REFERENCES `shipping_apis`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_pricing_carriers_json" CHECK(json_valid("custom_pricing"."carriers") AND json_type("custom_pricing"."carriers") = 'object')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_pricing_user_api` ON `custom_pricing` (`user_id`,`api_id`);--> statement-breakpoint
CREATE INDEX `custom_pricing_api_idx` ON `custom_pricing` (`api_id`);--> statement-breakpoint
CREATE TABLE `shipping_apis` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`key_ciphertext` text NOT NULL,
	`key_hint` text NOT NULL,
	`base_url` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "shipping_apis_is_default_bool" CHECK("shipping_apis"."is_default" IN (0, 1)),
	CONSTRAINT "shipping_apis_enabled_bool" CHECK("shipping_apis"."enabled" IN (0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_apis_one_default` ON `shipping_apis` (`is_default`) WHERE "shipping_apis"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `shipping_services` (
	`id` text PRIMARY KEY NOT NULL,
	`api_id` text NOT NULL,
	`carrier` text NOT NULL,
	`name` text NOT NULL,
	`service_code` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`base_price_cents` integer NOT NULL,
	`reliability_status` text DEFAULT 'testing' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`max_weight` real,
	`weight_unit` text NOT NULL,
	`has_dynamic_pricing` integer DEFAULT false NOT NULL,
	`pricing_tiers` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`api_id`) REFERENCES `shipping_apis`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "shipping_services_carrier_valid" CHECK("shipping_services"."carrier" IN ('UPS', 'USPS', 'FEDEX')),
	CONSTRAINT "shipping_services_reliability_valid" CHECK("shipping_services"."reliability_status" IN ('testing', 'unreliable', 'reliable')),
	CONSTRAINT "shipping_services_weight_unit_valid" CHECK("shipping_services"."weight_unit" IN ('lbs', 'oz')),
	CONSTRAINT "shipping_services_base_price_non_negative" CHECK("shipping_services"."base_price_cents" >= 0),
	CONSTRAINT "shipping_services_max_weight_positive" CHECK("shipping_services"."max_weight" IS NULL OR "shipping_services"."max_weight" > 0),
	CONSTRAINT "shipping_services_tiers_json" CHECK(json_valid("shipping_services"."pricing_tiers") AND json_type("shipping_services"."pricing_tiers") = 'array')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_services_api_carrier_name` ON `shipping_services` (`api_id`,`carrier`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_services_api_code` ON `shipping_services` (`api_id`,`service_code`);--> statement-breakpoint
CREATE INDEX `shipping_services_api_idx` ON `shipping_services` (`api_id`);