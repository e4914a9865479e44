-- The public page cache (decision 020): every server instance keeps rendered public pages until
-- something they show changes. The app announces its own saves (publishOfferChange,
-- announceCacheChange); these triggers announce every write to what public pages read, whoever
-- makes it (the app, a script, psql, a test's SQL), on the channel the event hub already listens
-- on. A NOTIFY is delivered on commit only, once per transaction for one payload (PostgreSQL folds
-- repeats, so a statement-level trigger on a bulk write, or a save that also announces, costs one).
-- The payload names the process cache the table feeds (modules/live-updates/cache-sync.server.ts),
-- so a write in SQL drops that cache too; offers, their photos and images are "pages": only the
-- page cache holds them.
CREATE FUNCTION announce_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_changed', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offers_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offers
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('pages');
--> statement-breakpoint
CREATE TRIGGER offer_images_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_images
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('pages');
--> statement-breakpoint
-- A new image is on no page until an offer or the content points at it (those writes announce);
-- a change of a stored one (its AVIF variants, decision 021) or its removal is.
CREATE TRIGGER images_public_change AFTER UPDATE OR DELETE OR TRUNCATE ON images
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('pages');
--> statement-breakpoint
CREATE TRIGGER site_content_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_content
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('content');
--> statement-breakpoint
CREATE TRIGGER settings_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('settings');
--> statement-breakpoint
CREATE TRIGGER licences_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON licences
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('licences');
--> statement-breakpoint
CREATE TRIGGER cities_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('lookups');
--> statement-breakpoint
CREATE TRIGGER neighbourhoods_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON neighbourhoods
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('lookups');
--> statement-breakpoint
CREATE TRIGGER property_types_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property_types
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('lookups');
--> statement-breakpoint
CREATE TRIGGER unit_types_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON unit_types
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('lookups');
--> statement-breakpoint
CREATE TRIGGER offer_statuses_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_statuses
FOR EACH STATEMENT EXECUTE FUNCTION announce_public_change('lookups');
