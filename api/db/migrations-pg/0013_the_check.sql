CREATE TABLE "cash_counts" (
	"branch_id" integer NOT NULL,
	"day" text NOT NULL,
	"counted_cents" integer NOT NULL,
	"counted_by_id" integer NOT NULL,
	"counted_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "cash_counts_branch_id_day_pk" PRIMARY KEY("branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "tab_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"tab_id" text NOT NULL,
	"branch_id" integer NOT NULL,
	"station_id" text NOT NULL,
	"kind" text NOT NULL,
	"line_id" text,
	"percent" integer,
	"amount_cents" integer,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"approved_by_id" integer,
	"approved_by" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"decided_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "tab_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"tab_id" text NOT NULL,
	"branch_id" integer NOT NULL,
	"station_id" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"tendered_cents" integer,
	"change_cents" integer DEFAULT 0 NOT NULL,
	"line_ids" jsonb DEFAULT '[]' NOT NULL,
	"taken_by_id" integer NOT NULL,
	"taken_by" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tab_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"tab_id" text NOT NULL,
	"branch_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"by_id" integer NOT NULL,
	"by" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tab_splits" (
	"tab_id" text PRIMARY KEY NOT NULL,
	"ways" integer NOT NULL,
	"payments_before" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tabs" ADD COLUMN "discounts_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tabs" ADD COLUMN "comps_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tabs" ADD COLUMN "voids_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tab_adjustments_tab" ON "tab_adjustments" USING btree ("tab_id","created_at");--> statement-breakpoint
CREATE INDEX "tab_adjustments_branch" ON "tab_adjustments" USING btree ("branch_id","decided_at");--> statement-breakpoint
CREATE INDEX "tab_payments_tab" ON "tab_payments" USING btree ("tab_id","created_at");--> statement-breakpoint
CREATE INDEX "tab_payments_branch" ON "tab_payments" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "tab_refunds_payment" ON "tab_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "tab_refunds_branch" ON "tab_refunds" USING btree ("branch_id","created_at");