CREATE TABLE "offer_availability_checks" (
	"offer_id" integer NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_availability_checks_offer_id_confirmed_at_pk" PRIMARY KEY("offer_id","confirmed_at")
);
--> statement-breakpoint
ALTER TABLE "offer_search_postings" ADD COLUMN "available_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "available_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "available_confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "availability_confirm_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_availability_checks" ADD CONSTRAINT "offer_availability_checks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_availability_checks" ADD CONSTRAINT "offer_availability_checks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_availability_checks_task_idx" ON "offer_availability_checks" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_available_confirmed_by_staff_users_id_fk" FOREIGN KEY ("available_confirmed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_available_confirmed_idx" ON "offers" USING btree ("available_confirmed_at","id");
--> statement-breakpoint
-- custom:
-- Offers that are really available (decision 046). An offer already stored counts as confirmed when
-- the firm upgrades (the column's default, now()): its clock starts then, so nothing leaves the site
-- at once and the first confirm tasks come N days later.
--
-- The postings carry the confirmation too (the availability rule is part of the public condition,
-- which the keyword search reads from the postings as if they were offers).
UPDATE "offer_search_postings" AS p SET "available_confirmed_at" = o."available_confirmed_at" FROM "offers" AS o WHERE o."id" = p."id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE offer_search_postings;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM offer_search_postings AS p USING old_rows AS o WHERE p.id = o.id;
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO changed
    FROM new_rows AS n JOIN old_rows AS o USING (id)
    WHERE (n.search_all, n.search_head, n.created_at, n.status, n.city, n.location, n.property_type, n.price, n.area, n.bedrooms, n.lat, n.lng, n.ad_licence_ends_at, n.ad_licence_number, n.available_confirmed_at)
      IS DISTINCT FROM (o.search_all, o.search_head, o.created_at, o.status, o.city, o.location, o.property_type, o.price, o.area, o.bedrooms, o.lat, o.lng, o.ad_licence_ends_at, o.ad_licence_number, o.available_confirmed_at);
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
    DELETE FROM offer_search_postings WHERE id = ANY (changed);
  END IF;
  INSERT INTO offer_search_postings (stem, id, created_at, status, city, location, property_type, price, area, bedrooms, lat, lng, ad_licence_ends_at, ad_licence_number, available_confirmed_at, stems, head)
  SELECT s.stem, o.id, o.created_at, o.status, o.city, o.location, o.property_type, o.price, o.area, o.bedrooms, o.lat, o.lng, o.ad_licence_ends_at, o.ad_licence_number, o.available_confirmed_at, h.stems, o.search_head
  FROM new_rows AS o
  CROSS JOIN LATERAL (SELECT search_hashes(o.search_all) AS stems) AS h
  CROSS JOIN LATERAL unnest(h.stems) AS s (stem)
  WHERE changed IS NULL OR o.id = ANY (changed)
  ORDER BY o.id, s.stem
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The covering indexes of the public walks (drizzle/0016, 0018, 0021) cover the availability rule's
-- column too, so the lists, the map and the keyword search still read no table row to test it.
DROP INDEX IF EXISTS "offers_search_recent_idx";
--> statement-breakpoint
CREATE INDEX "offers_search_recent_idx" ON "offers" ("created_at" DESC, "id" DESC)
  INCLUDE ("search_signature", "search_head", "status", "ad_licence_ends_at", "ad_licence_number", "available_confirmed_at", "city", "location", "property_type", "price", "area", "bedrooms");
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_search_city_idx";
--> statement-breakpoint
CREATE INDEX "offers_search_city_idx" ON "offers" ("city", "created_at" DESC, "id" DESC)
  INCLUDE ("search_signature", "search_head", "status", "ad_licence_ends_at", "ad_licence_number", "available_confirmed_at", "location", "property_type", "price", "area", "bedrooms");
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_map_idx";
--> statement-breakpoint
CREATE INDEX "offers_map_idx" ON "offers" ("lat", "lng")
  INCLUDE ("created_at", "id", "price", "price_per_m2", "status", "property_type", "city", "location", "area", "bedrooms", "ad_licence_ends_at", "ad_licence_number", "available_confirmed_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_map_recent_idx";
--> statement-breakpoint
CREATE INDEX "offers_map_recent_idx" ON "offers" ("created_at" DESC, "id" DESC)
  INCLUDE ("lat", "lng", "status", "ad_licence_ends_at", "ad_licence_number", "available_confirmed_at", "city", "location", "property_type", "price", "price_per_m2", "area", "bedrooms");
--> statement-breakpoint
DROP INDEX IF EXISTS "offer_search_postings_walk_idx";
--> statement-breakpoint
CREATE INDEX "offer_search_postings_walk_idx" ON "offer_search_postings" ("stem", "city", "created_at" DESC, "id" DESC)
  INCLUDE ("status", "ad_licence_ends_at", "ad_licence_number", "available_confirmed_at", "location", "property_type", "price", "area", "bedrooms", "lat", "lng", "stems", "head");
