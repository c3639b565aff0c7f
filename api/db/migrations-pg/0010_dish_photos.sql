CREATE TABLE "photo_variants" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"product_id" integer NOT NULL,
	"variant_hash" text NOT NULL,
	CONSTRAINT "product_photos_product_id_variant_hash_pk" PRIMARY KEY("product_id","variant_hash")
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_variant_hash_photo_variants_hash_fk" FOREIGN KEY ("variant_hash") REFERENCES "public"."photo_variants"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_variant" ON "product_photos" USING btree ("variant_hash");