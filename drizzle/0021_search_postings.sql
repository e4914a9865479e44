CREATE TABLE "offer_search_postings" (
	"stem" bigint NOT NULL,
	"id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"city" text NOT NULL,
	"location" text NOT NULL,
	"property_type" text NOT NULL,
	"price" bigint NOT NULL,
	"area" double precision NOT NULL,
	"bedrooms" integer NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"ad_licence_ends_at" timestamp with time zone,
	"ad_licence_number" text NOT NULL,
	"stems" bigint[] NOT NULL,
	"head" bigint[] NOT NULL,
	CONSTRAINT "offer_search_postings_id_stem_pk" PRIMARY KEY("id","stem")
);
--> statement-breakpoint

-- The keyword search's postings (decision 002, version 3): a word's matches, or their count, read
-- from this index alone (every column the search reads is in it), one range per stem, or per stem
-- and city when the list's city filter is chosen (half of all searches); newest first within it.
CREATE INDEX "offer_search_postings_walk_idx" ON "offer_search_postings" ("stem", "city", "created_at" DESC, "id" DESC)
  INCLUDE ("status", "ad_licence_ends_at", "ad_licence_number", "location", "property_type", "price", "area", "bedrooms", "lat", "lng", "stems", "head");
--> statement-breakpoint
-- A place's words come with its city ('جدة' with جدة) and a status's with its status: without
-- these, the planner multiplies their shares as if unrelated and expects a hundredth of the rows.
CREATE STATISTICS "offer_search_postings_stem_place" (mcv, dependencies) ON "stem", "city", "status" FROM "offer_search_postings";
--> statement-breakpoint

-- Keeps the postings in step with the offers, one statement at a time: an offer's postings are
-- one per stem of its search_all, with what the search reads of the offer; written again when
-- anything they hold changed (not for a change they do not hold, such as updated_at), removed with
-- the offer, and all of them with a TRUNCATE.
CREATE FUNCTION search_postings_sync() RETURNS trigger
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
    WHERE (n.search_all, n.search_head, n.created_at, n.status, n.city, n.location, n.property_type, n.price, n.area, n.bedrooms, n.lat, n.lng, n.ad_licence_ends_at, n.ad_licence_number)
      IS DISTINCT FROM (o.search_all, o.search_head, o.created_at, o.status, o.city, o.location, o.property_type, o.price, o.area, o.bedrooms, o.lat, o.lng, o.ad_licence_ends_at, o.ad_licence_number);
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
    DELETE FROM offer_search_postings WHERE id = ANY (changed);
  END IF;
  INSERT INTO offer_search_postings (stem, id, created_at, status, city, location, property_type, price, area, bedrooms, lat, lng, ad_licence_ends_at, ad_licence_number, stems, head)
  SELECT s.stem, o.id, o.created_at, o.status, o.city, o.location, o.property_type, o.price, o.area, o.bedrooms, o.lat, o.lng, o.ad_licence_ends_at, o.ad_licence_number, h.stems, o.search_head
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
CREATE TRIGGER "offers_search_postings_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER "offers_search_postings_update" AFTER UPDATE ON "offers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER "offers_search_postings_delete" AFTER DELETE ON "offers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER "offers_search_postings_truncate" AFTER TRUNCATE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION search_postings_sync();
--> statement-breakpoint
-- The offers there are.
INSERT INTO offer_search_postings (stem, id, created_at, status, city, location, property_type, price, area, bedrooms, lat, lng, ad_licence_ends_at, ad_licence_number, stems, head)
SELECT s.stem, o.id, o.created_at, o.status, o.city, o.location, o.property_type, o.price, o.area, o.bedrooms, o.lat, o.lng, o.ad_licence_ends_at, o.ad_licence_number, h.stems, o.search_head
FROM offers AS o
CROSS JOIN LATERAL (SELECT search_hashes(o.search_all) AS stems) AS h
CROSS JOIN LATERAL unnest(h.stems) AS s (stem)
ON CONFLICT DO NOTHING;
