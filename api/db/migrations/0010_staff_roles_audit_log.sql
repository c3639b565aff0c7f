CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`actor_id` integer,
	`actor_email` text,
	`branch_id` integer,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`details` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_branch` ON `audit_log` (`branch_id`,`id`);--> statement-breakpoint
ALTER TABLE `staff_users` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `role` text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `branch_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `pin_hash` text;