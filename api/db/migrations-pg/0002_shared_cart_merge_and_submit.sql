ALTER TABLE "cart_lines" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "stamp" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "phones" jsonb DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "last_order_id" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "submitted_version" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "submitting_version" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "submitting_at" timestamp (3) with time zone;