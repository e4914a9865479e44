CREATE SEQUENCE "public"."client_assignment_turn" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "client_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"assignment_mode" text DEFAULT 'manager' NOT NULL,
	"city_owners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_answer_limit_hours" integer DEFAULT 4 NOT NULL,
	"work_days" jsonb DEFAULT '[0,1,2,3,4]'::jsonb NOT NULL,
	"work_start_hour" integer DEFAULT 9 NOT NULL,
	"work_end_hour" integer DEFAULT 17 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "first_answer_overdue_notified_at" timestamp with time zone;