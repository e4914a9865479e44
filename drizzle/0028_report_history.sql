CREATE TABLE "report_first_replies" (
	"inquiry_id" integer PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"minutes" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_inquiry_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"from_offer" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_inquiry_days_day_status_from_offer_pk" PRIMARY KEY("day","status","from_offer")
);
--> statement-breakpoint
CREATE TABLE "report_offer_sales" (
	"audit_id" integer PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"days" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_replies" (
	"audit_id" integer PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"first" boolean NOT NULL,
	"inquiry_id" integer
);
--> statement-breakpoint
ALTER TABLE "report_first_replies" ADD CONSTRAINT "report_first_replies_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_offer_sales" ADD CONSTRAINT "report_offer_sales_audit_id_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_offer_sales" ADD CONSTRAINT "report_offer_sales_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_replies" ADD CONSTRAINT "report_replies_audit_id_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_replies" ADD CONSTRAINT "report_replies_actor_id_staff_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_replies" ADD CONSTRAINT "report_replies_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_first_replies_received_idx" ON "report_first_replies" USING btree ("received_at","minutes");--> statement-breakpoint
CREATE INDEX "report_offer_sales_at_idx" ON "report_offer_sales" USING btree ("at");--> statement-breakpoint
CREATE INDEX "report_offer_sales_offer_idx" ON "report_offer_sales" USING btree ("offer_id","at");--> statement-breakpoint
CREATE INDEX "report_replies_at_idx" ON "report_replies" USING btree ("at");--> statement-breakpoint
-- The reports' history (decision 034), kept by triggers as the rows are written, whatever writes
-- them, and filled below from the rows already there. A Riyadh day is the UTC+3 calendar day.
-- Inquiries: the day counts (by status now and from an offer page) and the first reply's minutes.
CREATE FUNCTION report_inquiry_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE report_inquiry_days SET n = n - 1
    WHERE day = ((OLD.created_at AT TIME ZONE 'UTC') + interval '3 hours')::date
      AND status = OLD.status AND from_offer = (OLD.property_id IS NOT NULL OR OLD.property_title <> '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_inquiry_days (day, status, from_offer, n)
    VALUES (((NEW.created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, NEW.status, NEW.property_id IS NOT NULL OR NEW.property_title <> '', 1)
    ON CONFLICT (day, status, from_offer) DO UPDATE SET n = report_inquiry_days.n + 1;
    IF jsonb_array_length(NEW.reply_history) > 0 THEN
      INSERT INTO report_first_replies (inquiry_id, received_at, minutes)
      VALUES (NEW.id, NEW.created_at, extract(epoch FROM (NEW.reply_history->0->>'timestamp')::timestamptz - NEW.created_at) / 60)
      ON CONFLICT (inquiry_id) DO UPDATE SET received_at = excluded.received_at, minutes = excluded.minutes;
    ELSIF TG_OP = 'UPDATE' THEN
      DELETE FROM report_first_replies WHERE inquiry_id = NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inquiries_report_history AFTER INSERT OR DELETE OR UPDATE OF created_at, status, property_id, property_title, reply_history ON inquiries
FOR EACH ROW EXECUTE FUNCTION report_inquiry_history();
--> statement-breakpoint
-- An offer's sales and rentals, each with its days on the market: from the offer's creation or
-- its last move back to for sale / for rent before it, to the change that sold or rented it.
CREATE FUNCTION report_offer_sales_of(offer integer) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM report_offer_sales WHERE offer_id = offer;
  INSERT INTO report_offer_sales (audit_id, offer_id, outcome, at, days)
  SELECT e.id, o.id, e.details->>'to', e.created_at,
         extract(epoch FROM e.created_at - greatest(o.created_at, coalesce(relisted.at, o.created_at))) / 86400
  FROM audit_log e
  JOIN offers o ON o.id = e.entity_id
  LEFT JOIN LATERAL (
    SELECT max(p.created_at) AS at FROM audit_log p
    WHERE p.entity = 'offer' AND p.entity_id = e.entity_id AND p.action = 'status-change'
      AND p.created_at < e.created_at AND p.details->>'to' IN ('للبيع', 'للإيجار')
  ) relisted ON true
  WHERE e.entity = 'offer' AND e.action = 'status-change' AND e.entity_id = offer AND e.details->>'to' IN ('مباع', 'مؤجر');
$$;
--> statement-breakpoint
-- Replies (every reply entry, whether it was the inquiry's first) and sales, from the audit log.
CREATE FUNCTION report_audit_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.entity = 'inquiry' AND NEW.action IN ('reply-email', 'reply-whatsapp') THEN
    INSERT INTO report_replies (audit_id, actor_id, actor_name, at, first, inquiry_id)
    SELECT NEW.id, NEW.actor_id, NEW.actor_name, NEW.created_at, coalesce(NEW.details->>'from' = 'pending', false),
           (SELECT i.id FROM inquiries i WHERE i.id = NEW.entity_id AND NEW.details->>'from' = 'pending');
  ELSIF NEW.entity = 'offer' AND NEW.action = 'status-change' THEN
    PERFORM report_offer_sales_of(NEW.entity_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_report_history AFTER INSERT ON audit_log
FOR EACH ROW EXECUTE FUNCTION report_audit_history();
--> statement-breakpoint
-- What is already there.
INSERT INTO report_inquiry_days (day, status, from_offer, n)
SELECT ((created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, status, property_id IS NOT NULL OR property_title <> '', count(*)
FROM inquiries GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_first_replies (inquiry_id, received_at, minutes)
SELECT id, created_at, extract(epoch FROM (reply_history->0->>'timestamp')::timestamptz - created_at) / 60
FROM inquiries WHERE jsonb_array_length(reply_history) > 0;
--> statement-breakpoint
INSERT INTO report_replies (audit_id, actor_id, actor_name, at, first, inquiry_id)
SELECT a.id, a.actor_id, a.actor_name, a.created_at, coalesce(a.details->>'from' = 'pending', false), i.id
FROM audit_log a LEFT JOIN inquiries i ON a.details->>'from' = 'pending' AND i.id = a.entity_id
WHERE a.entity = 'inquiry' AND a.action IN ('reply-email', 'reply-whatsapp');
--> statement-breakpoint
SELECT report_offer_sales_of(offer_id) FROM (SELECT DISTINCT entity_id AS offer_id FROM audit_log WHERE entity = 'offer' AND action = 'status-change') changed;
