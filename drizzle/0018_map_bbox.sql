-- The map search's area (decision 022): `lat BETWEEN south AND north AND lng BETWEEN west AND east`,
-- with every other filter of /offers. A B-tree on (lat, lng), not a GiST index on a point: the planner
-- estimates a range of a B-tree's columns from their statistics, so it walks the newest-first index
-- for a large area and reads this one for a small one; a GiST operator's estimate is a constant, and
-- every area, a whole city included, was read through the index and sorted (70-115 ms at 100,000
-- offers). It covers every column the filters, the licence rule and the list's orders read, so an
-- area of thousands of offers is read and ordered without touching the table. drizzle's index
-- builder cannot write INCLUDE, so these live here.
CREATE INDEX "offers_map_idx" ON "offers" ("lat", "lng")
  INCLUDE ("created_at", "id", "price", "price_per_m2", "status", "property_type", "city", "location", "area", "bedrooms", "ad_licence_ends_at", "ad_licence_number");
--> statement-breakpoint
-- A large area (a whole city, the kingdom) holds tens of thousands of offers: reading them all through
-- offers_map_idx to keep the newest 500 costs 10-25 ms. Walking the newest first and stopping at the
-- 500th inside the area is cheaper, when the walk needs no table: this one covers the point, the
-- filters' and the licence rule's columns and the list's price per m² (offers_search_recent_idx, the
-- keyword search's, covers neither the point nor the price per m²). The planner picks between the two
-- by the area's size, from the columns' statistics.
CREATE INDEX "offers_map_recent_idx" ON "offers" ("created_at" DESC, "id" DESC)
  INCLUDE ("lat", "lng", "status", "ad_licence_ends_at", "ad_licence_number", "city", "location", "property_type", "price", "price_per_m2", "area", "bedrooms");
--> statement-breakpoint
-- A point is both coordinates or none (the offer form and the demo data write them so): "without a point"
-- is then `lat IS NULL`, which offers_map_idx answers too (its nulls sort last), for the offers listed
-- below the map. A half point left by an older writer is dropped first.
UPDATE "offers" SET "lat" = NULL, "lng" = NULL WHERE ("lat" IS NULL) <> ("lng" IS NULL);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_point_whole" CHECK (("lat" IS NULL) = ("lng" IS NULL));
