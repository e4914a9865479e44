-- Search alerts (app/modules/alerts): when an offer becomes public, whatever saved it (the offer
-- form, a script, the demo data), its time goes into offer_publications. Public here means an
-- advertised status (للبيع / للإيجار, ADVERTISED_STATUSES) with no ended ad licence; the alerts'
-- matching then applies the public pages' own rule (publicOffersCondition) when it reads them.
-- It becomes public when it is created so, when its status changes to one of them, or when its
-- licence is renewed (its end moves later, or a licence is given where there was none).
CREATE FUNCTION record_offer_publication() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('للبيع', 'للإيجار')
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
--> statement-breakpoint
CREATE TRIGGER offers_publication AFTER INSERT OR UPDATE OF status, ad_licence_ends_at ON offers
FOR EACH ROW EXECUTE FUNCTION record_offer_publication();
