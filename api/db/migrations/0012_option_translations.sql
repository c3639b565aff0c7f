ALTER TABLE `option_groups` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `options` ADD `translations` text DEFAULT '{}' NOT NULL;