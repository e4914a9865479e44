CREATE TABLE "leases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"ejar_number" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"terminated_on" date,
	"yearly_rent_halalas" bigint NOT NULL,
	"schedule" text NOT NULL,
	"deposit_halalas" bigint DEFAULT 0 NOT NULL,
	"renews_lease_id" integer,
	"renewal_notice_sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leases_dates_ordered" CHECK ("leases"."ends_on" >= "leases"."starts_on"),
	CONSTRAINT "leases_terminated_within" CHECK ("leases"."terminated_on" is null or "leases"."terminated_on" between "leases"."starts_on" and "leases"."ends_on"),
	CONSTRAINT "leases_money" CHECK ("leases"."yearly_rent_halalas" > 0 and "leases"."deposit_halalas" >= 0),
	CONSTRAINT "leases_schedule_known" CHECK ("leases"."schedule" in ('monthly', 'quarterly', 'half-yearly', 'yearly'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"phone" text NOT NULL,
	"category" text NOT NULL,
	"urgency" text NOT NULL,
	"description" text NOT NULL,
	"photo_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owner_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"unit_id" integer,
	"maintenance_request_id" integer,
	"description" text NOT NULL,
	"amount_halalas" bigint NOT NULL,
	"charged_on" date NOT NULL,
	"finance_task_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_charges_amount_positive" CHECK ("owner_charges"."amount_halalas" > 0)
);
--> statement-breakpoint
CREATE TABLE "owner_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owner_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"month" date NOT NULL,
	"collected_halalas" bigint NOT NULL,
	"expenses_halalas" bigint NOT NULL,
	"commission_halalas" bigint NOT NULL,
	"net_halalas" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"pdf_key" text,
	"emailed_at" timestamp with time zone,
	"paid_out_at" timestamp with time zone,
	"payout_reference" text DEFAULT '' NOT NULL,
	"paid_out_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_management_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"renewal_notice_days" integer DEFAULT 60 NOT NULL,
	"arrears_reminder_days" integer[] DEFAULT '{3,10,30}'::integer[] NOT NULL,
	"arrears_channel" text DEFAULT 'sms' NOT NULL,
	"statement_day" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_management_rules_one_row" CHECK ("property_management_rules"."id" = 1),
	CONSTRAINT "property_management_rules_ranges" CHECK ("property_management_rules"."renewal_notice_days" between 1 and 365 and "property_management_rules"."statement_day" between 1 and 28),
	CONSTRAINT "property_management_rules_channel_known" CHECK ("property_management_rules"."arrears_channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "rent_freezes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_freezes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"city" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_freezes_dates_ordered" CHECK ("rent_freezes"."ends_on" is null or "rent_freezes"."ends_on" >= "rent_freezes"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "rent_instalments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lease_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"amount_halalas" bigint NOT NULL,
	"paid_halalas" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_instalments_paid_within" CHECK ("rent_instalments"."amount_halalas" > 0 and "rent_instalments"."paid_halalas" between 0 and "rent_instalments"."amount_halalas")
);
--> statement-breakpoint
CREATE TABLE "rent_payment_allocations" (
	"payment_id" integer NOT NULL,
	"instalment_id" integer NOT NULL,
	"amount_halalas" bigint NOT NULL,
	CONSTRAINT "rent_payment_allocations_payment_id_instalment_id_pk" PRIMARY KEY("payment_id","instalment_id"),
	CONSTRAINT "rent_payment_allocations_positive" CHECK ("rent_payment_allocations"."amount_halalas" > 0)
);
--> statement-breakpoint
CREATE TABLE "rent_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rent_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lease_id" integer NOT NULL,
	"amount_halalas" bigint NOT NULL,
	"method" text NOT NULL,
	"paid_on" date NOT NULL,
	"receipt_image_id" text,
	"notes" text DEFAULT '' NOT NULL,
	"request_key" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payments_amount_positive" CHECK ("rent_payments"."amount_halalas" > 0),
	CONSTRAINT "rent_payments_method_known" CHECK ("rent_payments"."method" in ('transfer', 'cash', 'card', 'cheque'))
);
--> statement-breakpoint
CREATE TABLE "rent_reminders" (
	"instalment_id" integer NOT NULL,
	"step" integer NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_reminders_instalment_id_step_pk" PRIMARY KEY("instalment_id","step")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"identity_number" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"name_folded" text GENERATED ALWAYS AS (ar_fold(name)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_kind_known" CHECK ("tenants"."kind" in ('person', 'establishment'))
);
--> statement-breakpoint
ALTER TABLE "managed_units" ADD COLUMN "report_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_unit_id_managed_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."managed_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_renews_lease_id_leases_id_fk" FOREIGN KEY ("renews_lease_id") REFERENCES "public"."leases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_unit_id_managed_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."managed_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_property_id_managed_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."managed_properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_unit_id_managed_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."managed_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_maintenance_request_id_maintenance_requests_id_fk" FOREIGN KEY ("maintenance_request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_finance_task_id_tasks_id_fk" FOREIGN KEY ("finance_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_charges" ADD CONSTRAINT "owner_charges_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_paid_out_by_staff_users_id_fk" FOREIGN KEY ("paid_out_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_instalments" ADD CONSTRAINT "rent_instalments_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_allocations" ADD CONSTRAINT "rent_payment_allocations_payment_id_rent_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payment_allocations" ADD CONSTRAINT "rent_payment_allocations_instalment_id_rent_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."rent_instalments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_receipt_image_id_images_id_fk" FOREIGN KEY ("receipt_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_reminders" ADD CONSTRAINT "rent_reminders_instalment_id_rent_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."rent_instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leases_unit_idx" ON "leases" USING btree ("unit_id","starts_on");--> statement-breakpoint
CREATE INDEX "leases_tenant_idx" ON "leases" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "leases_ends_idx" ON "leases" USING btree ("ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "leases_ejar_number_idx" ON "leases" USING btree ("ejar_number");--> statement-breakpoint
CREATE UNIQUE INDEX "leases_renews_idx" ON "leases" USING btree ("renews_lease_id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_unit_idx" ON "maintenance_requests" USING btree ("unit_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_status_idx" ON "maintenance_requests" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_requests_task_idx" ON "maintenance_requests" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "owner_charges_owner_idx" ON "owner_charges" USING btree ("owner_id","charged_on");--> statement-breakpoint
CREATE INDEX "owner_charges_property_idx" ON "owner_charges" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_charges_finance_task_idx" ON "owner_charges" USING btree ("finance_task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_statements_owner_month_idx" ON "owner_statements" USING btree ("owner_id","month");--> statement-breakpoint
CREATE INDEX "owner_statements_month_idx" ON "owner_statements" USING btree ("month");--> statement-breakpoint
CREATE INDEX "rent_freezes_city_idx" ON "rent_freezes" USING btree ("city");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_instalments_lease_due_idx" ON "rent_instalments" USING btree ("lease_id","due_on");--> statement-breakpoint
CREATE INDEX "rent_instalments_due_idx" ON "rent_instalments" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "rent_payment_allocations_instalment_idx" ON "rent_payment_allocations" USING btree ("instalment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_payments_request_key_idx" ON "rent_payments" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "rent_payments_lease_idx" ON "rent_payments" USING btree ("lease_id","paid_on");--> statement-breakpoint
CREATE INDEX "rent_payments_paid_on_idx" ON "rent_payments" USING btree ("paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_identity_number_idx" ON "tenants" USING btree ("identity_number");--> statement-breakpoint
CREATE INDEX "tenants_phone_idx" ON "tenants" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "tenants_name_trgm_idx" ON "tenants" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "managed_units_report_token_idx" ON "managed_units" USING btree ("report_token");
--> statement-breakpoint
-- custom:
-- At most one lease in force per unit on any day (to its early end when it has one; both ends inclusive).
ALTER TABLE "leases" ADD CONSTRAINT "leases_one_in_force" EXCLUDE USING gist ("unit_id" WITH =, daterange("starts_on", coalesce("terminated_on", "ends_on"), '[]') WITH &&);--> statement-breakpoint
INSERT INTO "property_management_rules" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Riyadh's rent freeze (announced September 2025): no rent increase at renewal for five years.
INSERT INTO "rent_freezes" ("city", "starts_on", "ends_on", "note") VALUES ('الرياض', '2025-09-25', '2030-09-24', 'تجميد زيادة الإيجارات في مدينة الرياض لمدة خمس سنوات');
