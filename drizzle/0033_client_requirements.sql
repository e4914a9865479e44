CREATE TABLE "client_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"property_types" text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"neighbourhoods" text[] DEFAULT '{}'::text[] NOT NULL,
	"budget_min" bigint,
	"budget_max" bigint,
	"rooms_min" integer,
	"area_min" double precision,
	"area_max" double precision,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_requirements_purpose_known" CHECK ("client_requirements"."purpose" in ('sale', 'rent')),
	CONSTRAINT "client_requirements_types_given" CHECK (cardinality("client_requirements"."property_types") > 0),
	CONSTRAINT "client_requirements_budget_order" CHECK ("client_requirements"."budget_min" is null or "client_requirements"."budget_max" is null or "client_requirements"."budget_min" <= "client_requirements"."budget_max"),
	CONSTRAINT "client_requirements_area_order" CHECK ("client_requirements"."area_min" is null or "client_requirements"."area_max" is null or "client_requirements"."area_min" <= "client_requirements"."area_max")
);
--> statement-breakpoint
CREATE TABLE "offer_matches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"reason" text NOT NULL,
	"price" bigint NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contacted_at" timestamp with time zone,
	"contacted_by" integer,
	CONSTRAINT "offer_matches_reason_known" CHECK ("offer_matches"."reason" in ('published', 'price'))
);
--> statement-breakpoint
ALTER TABLE "client_requirements" ADD CONSTRAINT "client_requirements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_matches" ADD CONSTRAINT "offer_matches_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_matches" ADD CONSTRAINT "offer_matches_requirement_id_client_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."client_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_matches" ADD CONSTRAINT "offer_matches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_matches" ADD CONSTRAINT "offer_matches_contacted_by_staff_users_id_fk" FOREIGN KEY ("contacted_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_requirements_client_idx" ON "client_requirements" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_requirements_types_idx" ON "client_requirements" USING gin ("property_types") WHERE "client_requirements"."active";--> statement-breakpoint
CREATE INDEX "client_requirements_budget_idx" ON "client_requirements" USING gist (int8range("budget_min", "budget_max", '[]')) WHERE "client_requirements"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "offer_matches_once_idx" ON "offer_matches" USING btree ("offer_id","requirement_id","reason","price");--> statement-breakpoint
CREATE INDEX "offer_matches_open_idx" ON "offer_matches" USING btree ("client_id","matched_at" DESC NULLS LAST) WHERE "offer_matches"."contacted_at" is null;--> statement-breakpoint
CREATE INDEX "offer_matches_requirement_idx" ON "offer_matches" USING btree ("requirement_id");
--> statement-breakpoint
-- custom: clients' requirements (app/modules/client-requirements, decision 050). When an offer becomes
-- public (a for-sale or for-rent status with no ended licence: created so, its status changed to one,
-- or its licence given or renewed) or its price changes while public, a job of the scheduler records
-- the requirements it satisfies. Here, in the offers' own trigger, so every way an offer is saved
-- counts (the form, the bulk status change, a script). The job key (offer, reason, price) folds
-- saves repeated before the job runs into one job; nothing is queued while no requirement is active.
CREATE FUNCTION queue_offer_matching() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  public_now boolean := NEW.status IN ('للبيع', 'للإيجار') AND (NEW.ad_licence_ends_at IS NULL OR NEW.ad_licence_ends_at > now());
  public_before boolean := TG_OP = 'UPDATE' AND OLD.status IN ('للبيع', 'للإيجار') AND (OLD.ad_licence_ends_at IS NULL OR OLD.ad_licence_ends_at > now());
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
--> statement-breakpoint
CREATE TRIGGER offers_matching AFTER INSERT OR UPDATE OF status, price, rent_period, ad_licence_ends_at ON offers
FOR EACH ROW EXECUTE FUNCTION queue_offer_matching();
