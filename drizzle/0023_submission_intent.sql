ALTER TABLE "submissions" ADD COLUMN "goal" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "expected_price" bigint;