CREATE TABLE `print_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`printer_id` integer NOT NULL,
	`branch_id` integer NOT NULL,
	`order_id` text,
	`kind` text NOT NULL,
	`document` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`not_before` text NOT NULL,
	`claim_token` text,
	`lease_until` text,
	`created_at` text NOT NULL,
	`printed_at` text,
	FOREIGN KEY (`printer_id`) REFERENCES `printers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `print_jobs_printer_status` ON `print_jobs` (`printer_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `print_jobs_status_due` ON `print_jobs` (`status`,`not_before`);--> statement-breakpoint
CREATE TABLE `printers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`branch_id` integer NOT NULL,
	`name` text NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`prep_station` text NOT NULL,
	`receipts` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'unknown' NOT NULL,
	`status_changed_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`branch_id`) REFERENCES `branches`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `printers_branch` ON `printers` (`branch_id`);