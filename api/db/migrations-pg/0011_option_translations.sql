ALTER TABLE "option_groups" ADD COLUMN "translations" jsonb DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "translations" jsonb DEFAULT '{}' NOT NULL;