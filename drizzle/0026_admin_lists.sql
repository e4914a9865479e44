ALTER TABLE "offers" ADD COLUMN "title_folded" text GENERATED ALWAYS AS (search_fold(title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "inquiries_property_created_idx" ON "inquiries" USING btree ("property_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_title_folded_trgm_idx" ON "offers" USING gin ("title_folded" gin_trgm_ops);