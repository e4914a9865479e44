-- The map's price order (decision 027: sales with sales, rents by their yearly amount) sorts by
-- is_rent and yearly_price, which offers_map_idx did not cover: an area's markers in price order read
-- every offer of the area from the table (decision 022's measurements). The index now covers them.
DROP INDEX IF EXISTS "offers_map_idx";
--> statement-breakpoint
CREATE INDEX "offers_map_idx" ON "offers" ("lat", "lng")
  INCLUDE ("created_at", "id", "price", "price_per_m2", "is_rent", "yearly_price", "status", "property_type", "city", "location", "area", "bedrooms", "ad_licence_ends_at", "ad_licence_number", "available_confirmed_at");
