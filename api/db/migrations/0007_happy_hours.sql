ALTER TABLE `branches` ADD `happy_hours` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `branches` ADD `time_zone` text DEFAULT 'America/Toronto' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `happy_hour_price_cents` integer;