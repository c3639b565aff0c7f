CREATE TABLE `calls` (
	`id` text PRIMARY KEY NOT NULL,
	`branch_id` integer NOT NULL,
	`station_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`done_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calls_open_per_kind` ON `calls` (`station_id`,`kind`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `calls_branch_status` ON `calls` (`branch_id`,`status`);--> statement-breakpoint
CREATE TABLE `cart_lines` (
	`station_id` text NOT NULL,
	`line_id` text NOT NULL,
	`phone_id` text NOT NULL,
	`phone_name` text NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`options` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`added_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`station_id`, `line_id`)
);
--> statement-breakpoint
CREATE TABLE `cart_operations` (
	`op_id` text PRIMARY KEY NOT NULL,
	`station_id` text NOT NULL,
	`applied_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cart_operations_station` ON `cart_operations` (`station_id`,`applied_at`);--> statement-breakpoint
CREATE TABLE `carts` (
	`station_id` text PRIMARY KEY NOT NULL,
	`branch_id` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `kitchen_boards` (
	`board_id` text PRIMARY KEY NOT NULL,
	`branch_id` integer NOT NULL,
	`station` text NOT NULL,
	`last_seen_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `kitchen_boards_branch` ON `kitchen_boards` (`branch_id`,`last_seen_at`);--> statement-breakpoint
CREATE TABLE `tabs` (
	`id` text PRIMARY KEY NOT NULL,
	`branch_id` integer NOT NULL,
	`station_id` text NOT NULL,
	`paid_with` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`closed_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tabs_station` ON `tabs` (`station_id`,`closed_at`);--> statement-breakpoint
CREATE INDEX `tabs_branch_closed` ON `tabs` (`branch_id`,`closed_at`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `note` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `prep_station` text DEFAULT 'kitchen' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `seen_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `unseen_alerted_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `bumped` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `estimated_ready_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tab_id` text;--> statement-breakpoint
CREATE INDEX `orders_branch_created` ON `orders` (`branch_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_station_tab` ON `orders` (`station_id`,`tab_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `allergens` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `diet` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `prep_station` text DEFAULT 'kitchen' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `prep_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `stock` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `translations` text DEFAULT '{}' NOT NULL;