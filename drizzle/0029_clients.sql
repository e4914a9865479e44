CREATE TABLE "client_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"ref_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"stage_reason" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"first_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_reply_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "client_events" ADD CONSTRAINT "client_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_events" ADD CONSTRAINT "client_events_actor_id_staff_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_phones" ADD CONSTRAINT "client_phones_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_owner_id_staff_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_events_client_at_idx" ON "client_events" USING btree ("client_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_phones_client_idx" ON "client_phones" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_owner_stage_idx" ON "clients" USING btree ("owner_id","stage");--> statement-breakpoint
CREATE INDEX "clients_last_activity_idx" ON "clients" USING btree ("last_activity_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_client_idx" ON "inquiries" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "submissions_client_idx" ON "submissions" USING btree ("client_id");--> statement-breakpoint
-- custom: every earlier message belongs to a client, one per phone, with its timeline (decision 045).
DO $$
DECLARE
  m record;
  cid integer;
BEGIN
  FOR m IN
    SELECT DISTINCT ON (phone) phone, name, email, created_at
    FROM (
      SELECT phone, name, email, created_at FROM inquiries
      UNION ALL
      SELECT client_phone, client_name, client_email, created_at FROM submissions
    ) messages
    ORDER BY phone, created_at
  LOOP
    INSERT INTO clients (name, email, first_message_at, last_activity_at, created_at)
    VALUES (m.name, m.email, m.created_at, m.created_at, m.created_at)
    RETURNING id INTO cid;
    INSERT INTO client_phones (phone, client_id, added_at) VALUES (m.phone, cid, m.created_at);
  END LOOP;
END $$;
--> statement-breakpoint
UPDATE inquiries i SET client_id = p.client_id FROM client_phones p WHERE p.phone = i.phone;
--> statement-breakpoint
UPDATE submissions s SET client_id = p.client_id FROM client_phones p WHERE p.phone = s.client_phone;
--> statement-breakpoint
INSERT INTO client_events (client_id, kind, at, ref_id, details)
SELECT client_id, CASE WHEN property_id IS NULL AND property_title = '' THEN 'contact' ELSE 'inquiry' END, created_at, id, jsonb_build_object('title', property_title)
FROM inquiries WHERE client_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO client_events (client_id, kind, at, ref_id, details)
SELECT client_id, 'submission', created_at, id, '{}'::jsonb FROM submissions WHERE client_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO client_events (client_id, kind, at, ref_id, details)
SELECT i.client_id, 'reply', (e->>'timestamp')::timestamptz, i.id, jsonb_build_object('method', e->>'method', 'sentBy', e->>'sentBy')
FROM inquiries i, jsonb_array_elements(i.reply_history) e
WHERE i.client_id IS NOT NULL;
--> statement-breakpoint
UPDATE clients c
SET first_reply_at = r.first_reply, last_activity_at = GREATEST(c.last_activity_at, r.last_at)
FROM (
  SELECT client_id, min(at) FILTER (WHERE kind = 'reply') AS first_reply, max(at) AS last_at
  FROM client_events GROUP BY client_id
) r
WHERE r.client_id = c.id;
