CREATE TABLE "outgoing_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outgoing_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"html" text,
	"headers" jsonb,
	"link_path" text,
	"link_label" text,
	"inquiry_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_emails_status_known" CHECK ("outgoing_emails"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_images" ADD COLUMN "pool" text DEFAULT 'offer' NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_emails_inquiry_idx" ON "outgoing_emails" USING btree ("inquiry_id") WHERE "outgoing_emails"."inquiry_id" is not null;--> statement-breakpoint
CREATE INDEX "outgoing_emails_unfinished_idx" ON "outgoing_emails" USING btree ("status","created_at") WHERE "outgoing_emails"."status" in ('queued', 'sending');--> statement-breakpoint
-- Receipts and owners' submission photos already stored become private (issue 29).
UPDATE "images" SET "private" = true WHERE "id" IN (
	SELECT "image_id" FROM "submission_images"
	UNION SELECT "receipt_image_id" FROM "tasks" WHERE "receipt_image_id" IS NOT NULL
	UNION SELECT "receipt_image_id" FROM "transactions" WHERE "receipt_image_id" IS NOT NULL
);
