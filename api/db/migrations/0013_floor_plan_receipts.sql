CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`branch_id` integer NOT NULL,
	`station_id` text,
	`visit_id` integer,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`not_before` text NOT NULL,
	`claim_token` text,
	`lease_until` text,
	`last_error` text,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_status_due` ON `mail_outbox` (`status`,`not_before`);--> statement-breakpoint
CREATE INDEX `mail_outbox_station_visit` ON `mail_outbox` (`station_id`,`visit_id`);--> statement-breakpoint
ALTER TABLE `branches` ADD `hst_number` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stations` ADD `area` text DEFAULT 'Main' NOT NULL;--> statement-breakpoint
ALTER TABLE `stations` ADD `position_x` integer;--> statement-breakpoint
ALTER TABLE `stations` ADD `position_y` integer;