CREATE TABLE "managed_properties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "managed_properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"neighbourhood" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "managed_properties_kind_known" CHECK ("managed_properties"."kind" in ('building', 'unit'))
);
--> statement-breakpoint
CREATE TABLE "managed_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "managed_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"area" integer DEFAULT 0 NOT NULL,
	"rooms" integer DEFAULT 0 NOT NULL,
	"electricity_meter" text DEFAULT '' NOT NULL,
	"water_meter" text DEFAULT '' NOT NULL,
	"offer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "managed_units_numbers_positive" CHECK ("managed_units"."area" >= 0 and "managed_units"."rooms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "management_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "management_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"commission_kind" text NOT NULL,
	"commission_basis_points" integer,
	"commission_halalas" bigint,
	"services" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "management_contracts_dates_ordered" CHECK ("management_contracts"."ends_on" >= "management_contracts"."starts_on"),
	CONSTRAINT "management_contracts_commission_kind" CHECK (("management_contracts"."commission_kind" = 'percent' and "management_contracts"."commission_basis_points" between 1 and 10000 and "management_contracts"."commission_halalas" is null) or ("management_contracts"."commission_kind" = 'fixed' and "management_contracts"."commission_halalas" > 0 and "management_contracts"."commission_basis_points" is null))
);
--> statement-breakpoint
CREATE TABLE "owner_phones" (
	"owner_id" integer NOT NULL,
	"phone" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "owner_phones_owner_id_phone_pk" PRIMARY KEY("owner_id","phone")
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"identity_number" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"iban" text NOT NULL,
	"name_folded" text GENERATED ALWAYS AS (ar_fold(name)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_kind_known" CHECK ("owners"."kind" in ('person', 'establishment'))
);
--> statement-breakpoint
ALTER TABLE "managed_properties" ADD CONSTRAINT "managed_properties_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_units" ADD CONSTRAINT "managed_units_property_id_managed_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."managed_properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_units" ADD CONSTRAINT "managed_units_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_contracts" ADD CONSTRAINT "management_contracts_property_id_managed_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."managed_properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_contracts" ADD CONSTRAINT "management_contracts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_phones" ADD CONSTRAINT "owner_phones_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "managed_properties_owner_idx" ON "managed_properties" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "managed_units_property_idx" ON "managed_units" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "managed_units_property_label_idx" ON "managed_units" USING btree ("property_id","label");--> statement-breakpoint
CREATE INDEX "management_contracts_owner_idx" ON "management_contracts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "owner_phones_phone_idx" ON "owner_phones" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "owners_identity_number_idx" ON "owners" USING btree ("identity_number");--> statement-breakpoint
CREATE INDEX "owners_name_trgm_idx" ON "owners" USING gin ("name_folded" gin_trgm_ops);
--> statement-breakpoint
-- custom:
-- At most one management contract in force per property on any day (both ends inclusive).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "management_contracts" ADD CONSTRAINT "management_contracts_one_in_force" EXCLUDE USING gist ("property_id" WITH =, daterange("starts_on", "ends_on", '[]') WITH &&);
