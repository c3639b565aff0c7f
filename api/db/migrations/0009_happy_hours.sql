ALTER TABLE `branches` ADD `happy_hours` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `branches` ADD `time_zone` text DEFAULT 'America/Toronto' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `happy_hour_price_cents` integer;--> statement-breakpoint
-- The restaurant's own happy hour (the spec: Monday–Friday 2–6 PM) for branches that were there before.
UPDATE `branches` SET `happy_hours` = '[{"weekdays":[1,2,3,4,5],"from":"14:00","to":"18:00"}]';