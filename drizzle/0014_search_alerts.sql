CREATE TABLE "offer_publications" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_alert_digests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_alert_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"day" date NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_alert_digests_status_known" CHECK ("search_alert_digests"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "search_alert_sent_offers" (
	"alert_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"digest_id" integer NOT NULL,
	CONSTRAINT "search_alert_sent_offers_alert_id_offer_id_pk" PRIMARY KEY("alert_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "search_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"confirm_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_publications" ADD CONSTRAINT "offer_publications_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_sent_offers" ADD CONSTRAINT "search_alert_sent_offers_alert_id_search_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."search_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_sent_offers" ADD CONSTRAINT "search_alert_sent_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_sent_offers" ADD CONSTRAINT "search_alert_sent_offers_digest_id_search_alert_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."search_alert_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_publications_at_idx" ON "offer_publications" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "search_alert_digests_day_idx" ON "search_alert_digests" USING btree ("email","day");--> statement-breakpoint
CREATE INDEX "search_alert_sent_offers_digest_idx" ON "search_alert_sent_offers" USING btree ("digest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_alerts_email_query_idx" ON "search_alerts" USING btree ("email","query") WHERE "search_alerts"."unsubscribed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "search_alerts_confirm_token_idx" ON "search_alerts" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "search_alerts_active_idx" ON "search_alerts" USING btree ("email") WHERE "search_alerts"."confirmed_at" is not null and "search_alerts"."unsubscribed_at" is null;