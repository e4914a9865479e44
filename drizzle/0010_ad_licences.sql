CREATE TABLE "ad_licence_warnings" (
	"offer_id" integer NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_licence_warnings_offer_id_expires_on_days_before_pk" PRIMARY KEY("offer_id","expires_on","days_before")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "rent_period" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ad_licence_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ad_licence_issued_on" date;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ad_licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ad_licence_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "advertiser_capacity" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "deed_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "national_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "disclosures" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "require_ad_licence" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "licence_verification_template" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_licence_warnings" ADD CONSTRAINT "ad_licence_warnings_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_ad_licence_ends_idx" ON "offers" USING btree ("ad_licence_ends_at");