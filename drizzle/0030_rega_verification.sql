ALTER TABLE "offers" ADD COLUMN "ad_licence_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ad_licence_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "ad_licence_withdrawn" text DEFAULT '' NOT NULL;