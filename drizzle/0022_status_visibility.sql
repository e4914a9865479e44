ALTER TABLE "offer_statuses" ADD COLUMN "visibility" text DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_statuses" ADD COLUMN "recent_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "is_rent" boolean GENERATED ALWAYS AS (rent_period <> '' or status = 'للإيجار') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "yearly_price" bigint GENERATED ALWAYS AS (case rent_period when 'monthly' then price * 12 when 'daily' then price * 365 else price end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "offers_price_order_idx" ON "offers" USING btree ("is_rent","yearly_price","id");--> statement-breakpoint
CREATE INDEX "offers_price_order_desc_idx" ON "offers" USING btree ("is_rent","yearly_price" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_status_changed_idx" ON "offers" USING btree ("status_changed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Which statuses a visitor sees is a property of the status (decision 027). A new database has no
-- statuses until the server seeds them: the defaults are written here, so every database (the tests'
-- template too) starts with them and their visibility; a list that has values keeps them, and its
-- default values take their visibility by name. A custom status stays internal until the manager says.
INSERT INTO "offer_statuses" ("name", "position")
SELECT v.name, v.position FROM (VALUES ('للبيع', 0), ('للإيجار', 1), ('مباع', 2), ('مؤجر', 3), ('محجوز', 4), ('مؤجل', 5)) AS v (name, position)
WHERE NOT EXISTS (SELECT 1 FROM "offer_statuses");
--> statement-breakpoint
UPDATE "offer_statuses" SET "visibility" = 'available' WHERE "name" IN ('للبيع', 'للإيجار');
--> statement-breakpoint
UPDATE "offer_statuses" SET "visibility" = 'recent' WHERE "name" IN ('مباع', 'مؤجر');
--> statement-breakpoint
ALTER TABLE "offer_statuses" ADD CONSTRAINT "offer_statuses_visibility_known" CHECK ("visibility" IN ('available', 'recent', 'internal'));
--> statement-breakpoint
ALTER TABLE "offer_statuses" ADD CONSTRAINT "offer_statuses_recent_days_range" CHECK ("recent_days" BETWEEN 1 AND 365);
--> statement-breakpoint
-- When each offer entered its status: its last recorded status change (the audit log's), else its
-- last update (an offer saved sold without a recorded change was last saved then), else its creation.
UPDATE "offers" AS o SET "status_changed_at" = coalesce(
  (SELECT max(a.created_at) FROM "audit_log" AS a WHERE a.entity = 'offer' AND a.entity_id = o.id AND a.action = 'status-change' AND a.details->>'to' = o.status),
  o.updated_at,
  o.created_at
);
--> statement-breakpoint
-- Kept by the database, whatever saves the offer: a change of status starts its time again, unless
-- the same statement sets the time itself (a script, a test), or the transaction renames a status
-- in the lookup list (aqar.status_renamed: the offers keep their status under its new name).
CREATE FUNCTION offer_status_changed_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status_changed_at IS NOT DISTINCT FROM OLD.status_changed_at
    AND coalesce(current_setting('aqar.status_renamed', true), '') <> 'on' THEN
    NEW.status_changed_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offers_status_changed_at BEFORE UPDATE OF status ON offers
FOR EACH ROW EXECUTE FUNCTION offer_status_changed_at();
--> statement-breakpoint
-- An offer is published (for the search alerts, drizzle/0015) when it enters an available status,
-- whichever the manager has made available, not only the two default ones.
CREATE OR REPLACE FUNCTION record_offer_publication() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN (SELECT name FROM offer_statuses WHERE visibility = 'available')
    AND (NEW.ad_licence_ends_at IS NULL OR NEW.ad_licence_ends_at > now())
    AND (
      TG_OP = 'INSERT'
      OR OLD.status IS DISTINCT FROM NEW.status
      OR (NEW.ad_licence_ends_at IS NOT NULL AND (OLD.ad_licence_ends_at IS NULL OR NEW.ad_licence_ends_at > OLD.ad_licence_ends_at))
    )
  THEN
    INSERT INTO offer_publications (offer_id, at) VALUES (NEW.id, now())
    ON CONFLICT (offer_id) DO UPDATE SET at = excluded.at;
  END IF;
  RETURN NULL;
END;
$$;
