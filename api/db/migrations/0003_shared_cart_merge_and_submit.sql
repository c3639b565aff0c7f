ALTER TABLE `cart_lines` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `cart_lines` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `carts` ADD `phones` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `carts` ADD `last_order_id` text;--> statement-breakpoint
ALTER TABLE `carts` ADD `submitted_version` integer;--> statement-breakpoint
ALTER TABLE `carts` ADD `submitting_version` integer;--> statement-breakpoint
ALTER TABLE `carts` ADD `submitting_at` text;