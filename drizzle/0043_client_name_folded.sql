-- Clients are searched by name as tenants and owners are: Arabic-folded ('احمد' finds 'أحمد',
-- 'فاطمه' finds 'فاطمة'), through a trigram index on the folded name.
ALTER TABLE "clients" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (ar_fold(name)) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name_folded" gin_trgm_ops);
