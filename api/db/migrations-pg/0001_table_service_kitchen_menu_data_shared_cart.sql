CREATE TABLE "calls" (
	"id" text PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"station_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"done_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"station_id" text NOT NULL,
	"line_id" text NOT NULL,
	"phone_id" text NOT NULL,
	"phone_name" text NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"options" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"added_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "cart_lines_station_id_line_id_pk" PRIMARY KEY("station_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "cart_operations" (
	"op_id" text PRIMARY KEY NOT NULL,
	"station_id" text NOT NULL,
	"applied_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"station_id" text PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_boards" (
	"board_id" text PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"station" text NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tabs" (
	"id" text PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"station_id" text NOT NULL,
	"paid_with" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"closed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "prep_station" text DEFAULT 'kitchen' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seen_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unseen_alerted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bumped" jsonb DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_ready_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tab_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens" jsonb DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "diet" jsonb DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "prep_station" text DEFAULT 'kitchen' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "prep_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" jsonb DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_open_per_kind" ON "calls" USING btree ("station_id","kind") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "calls_branch_status" ON "calls" USING btree ("branch_id","status");--> statement-breakpoint
CREATE INDEX "cart_operations_station" ON "cart_operations" USING btree ("station_id","applied_at");--> statement-breakpoint
CREATE INDEX "kitchen_boards_branch" ON "kitchen_boards" USING btree ("branch_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "tabs_station" ON "tabs" USING btree ("station_id","closed_at");--> statement-breakpoint
CREATE INDEX "tabs_branch_closed" ON "tabs" USING btree ("branch_id","closed_at");--> statement-breakpoint
CREATE INDEX "orders_branch_created" ON "orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_station_tab" ON "orders" USING btree ("station_id","tab_id");