-- The keyword search's ranking stems as 64 bits (decision 002): bit (h & 63) set for each stem
-- number h of search_head. Whether an offer may hold a stem is then one AND of two integers
-- (signatureMask in app/modules/search/search.server.ts), before its array is compared.
CREATE FUNCTION search_signature(hashes bigint[]) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (SELECT coalesce(bit_or(1::bigint << (h & 63)::int), 0) FROM unnest(hashes) AS h);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_signature" bigint GENERATED ALWAYS AS (search_signature(search_head(title, status, city, location))) STORED NOT NULL;
--> statement-breakpoint

-- The covering walks by recency: a broad word ('شقة', 'الرياض') with filters reads these in order
-- and stops at the counting cap without touching the table, since every column the filters, the
-- licence rule and the ranking read is in them, the signature first (the cheapest test). drizzle's
-- index builder cannot write INCLUDE, so they live here.
DROP INDEX IF EXISTS "offers_search_recent_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_search_city_idx";
--> statement-breakpoint
CREATE INDEX "offers_search_recent_idx" ON "offers" ("created_at" DESC, "id" DESC)
  INCLUDE ("search_signature", "search_head", "status", "ad_licence_ends_at", "ad_licence_number", "city", "location", "property_type", "price", "area", "bedrooms");
--> statement-breakpoint
CREATE INDEX "offers_search_city_idx" ON "offers" ("city", "created_at" DESC, "id" DESC)
  INCLUDE ("search_signature", "search_head", "status", "ad_licence_ends_at", "ad_licence_number", "location", "property_type", "price", "area", "bedrooms");
