CREATE TABLE `photo_variants` (
	`hash` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` blob NOT NULL
);
--> statement-breakpoint
CREATE TABLE `product_photos` (
	`product_id` integer NOT NULL,
	`variant_hash` text NOT NULL,
	PRIMARY KEY(`product_id`, `variant_hash`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_hash`) REFERENCES `photo_variants`(`hash`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `product_photos_variant` ON `product_photos` (`variant_hash`);