ALTER TABLE "branches" ADD COLUMN "happy_hours" jsonb DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "time_zone" text DEFAULT 'America/Toronto' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "happy_hour_price_cents" integer;