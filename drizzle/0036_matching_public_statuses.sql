-- custom: an offer is public by its status's visibility (the lookup list's flag, decision 027), not
-- by two status names: a status the manager made available (or one no longer so) is read as the
-- public pages read it. The job checks the whole public rule again before it records a match.
CREATE OR REPLACE FUNCTION queue_offer_matching() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  public_now boolean := EXISTS (SELECT 1 FROM offer_statuses WHERE name = NEW.status AND visibility = 'available')
    AND (NEW.ad_licence_ends_at IS NULL OR NEW.ad_licence_ends_at > now());
  public_before boolean := TG_OP = 'UPDATE'
    AND EXISTS (SELECT 1 FROM offer_statuses WHERE name = OLD.status AND visibility = 'available')
    AND (OLD.ad_licence_ends_at IS NULL OR OLD.ad_licence_ends_at > now());
  reason text;
BEGIN
  IF NOT public_now THEN
    RETURN NULL;
  END IF;
  IF NOT public_before OR (NEW.ad_licence_ends_at IS NOT NULL AND (OLD.ad_licence_ends_at IS NULL OR NEW.ad_licence_ends_at > OLD.ad_licence_ends_at)) THEN
    reason := 'published';
  ELSIF OLD.price IS DISTINCT FROM NEW.price OR OLD.rent_period IS DISTINCT FROM NEW.rent_period THEN
    reason := 'price';
  ELSE
    RETURN NULL;
  END IF;
  IF to_regnamespace('graphile_worker') IS NULL OR NOT EXISTS (SELECT 1 FROM client_requirements WHERE active) THEN
    RETURN NULL;
  END IF;
  PERFORM graphile_worker.add_job(
    'offer_matches_record',
    json_build_object('offerId', NEW.id, 'reason', reason, 'price', NEW.price),
    job_key := 'offer-matches:' || NEW.id || ':' || reason || ':' || NEW.price,
    max_attempts := 8
  );
  RETURN NULL;
END;
$$;
