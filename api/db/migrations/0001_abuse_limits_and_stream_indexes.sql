CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`attempts` integer NOT NULL,
	`window_ends_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `events` ADD `station_id` text;--> statement-breakpoint
CREATE INDEX `events_branch_type` ON `events` (`branch_id`,`type`,`id`);--> statement-breakpoint
CREATE INDEX `events_station` ON `events` (`station_id`,`id`);--> statement-breakpoint
CREATE INDEX `events_created` ON `events` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_station_created` ON `orders` (`station_id`,`created_at`);