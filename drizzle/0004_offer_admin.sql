CREATE TABLE "staged_images" (
	"image_id" text PRIMARY KEY NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staged_images" ADD CONSTRAINT "staged_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staged_images_created_idx" ON "staged_images" USING btree ("created_at");