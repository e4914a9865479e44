DROP INDEX "offers_created_at_idx";--> statement-breakpoint
DROP INDEX "offers_city_created_idx";--> statement-breakpoint
DROP INDEX "offers_type_created_idx";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "price_per_m2" double precision GENERATED ALWAYS AS (case when area > 0 then price / area end) STORED;--> statement-breakpoint
CREATE INDEX "offers_city_location_created_idx" ON "offers" USING btree ("city","location","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_price_per_m2_idx" ON "offers" USING btree ("price_per_m2","id");--> statement-breakpoint
CREATE INDEX "offers_area_idx" ON "offers" USING btree ("area");--> statement-breakpoint
CREATE INDEX "offers_created_at_idx" ON "offers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_city_created_idx" ON "offers" USING btree ("city","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_type_created_idx" ON "offers" USING btree ("property_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);